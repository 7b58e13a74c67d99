//! Bots under paused tokio time and a fixed seed: when they bid (a person or nobody leads, after a
//! delay within the settings, never after the deadline), who bids (never the leader, at most
//! `activeBots`, chosen by assignment id), when they stop (limit, finish, disabled, inactive),
//! re-planning on a person's bid, resuming after a restart, and the assignment messages. Waiting
//! on a frame lets paused time jump to the actor's next timer; no test sleeps.

use crate::common;

use std::collections::BTreeSet;
use std::time::Duration;

use common::{Harness, T0, Watcher, bid, now};
use serde_json::Value;
use tyiyn_actors::auction::{
    AssignBot, AuctionActor, EndNow, GetView, ListBots, UnassignBot, UpdateBotAssignment, UpdateDetails,
};
use tyiyn_actors::bots::{BotAssignment, BotError, BotNews, BotProfile, BotSettings, DEADLINE_MARGIN_MS};
use tyiyn_actors::ids::BotAssignmentId;
use tyiyn_actors::snapshot::AuctionSnapshot;
use tyiyn_actors::store::MemoryStore;
use tyiyn_actors::{AuctionId, BotId, ControlError, Registry, TokioClock, UnixMillis, UserId};

type Auction = actix::Addr<AuctionActor<MemoryStore, TokioClock>>;

/// `snap` with the house rule `reserve` (`None`: no house bidders).
fn house(mut snap: AuctionSnapshot, reserve: Option<i32>) -> AuctionSnapshot {
    snap.details.house_reserve = reserve;
    snap
}

/// A live auction whose house reserve (1,000 bids) lets its bots bid throughout these tests.
fn live(id: i64, ends_at: UnixMillis) -> AuctionSnapshot {
    house(common::live(id, ends_at), Some(1_000))
}

/// An upcoming auction with the same reserve.
fn upcoming(id: i64, start: UnixMillis) -> AuctionSnapshot {
    house(common::upcoming(id, start), Some(1_000))
}

/// Bots answer after 2–4 s here.
fn settings(active_bots: u32) -> BotSettings {
    BotSettings { enabled: true, min_delay: 2, max_delay: 4, active_bots }
}

/// Registers bots 101..=100+n ("Bot<i> Test") and the settings; users 1..=3 with 50 bids.
fn world(n: i64, settings: BotSettings) -> Harness {
    let h = Harness::paused();
    h.users(3, 50);
    for i in 1..=n {
        h.store.add_bot(BotId(100 + i), &format!("Bot{i}"), "Test", true);
    }
    h.env.bots.settings.set(settings);
    h
}

async fn assign(auction: &Auction, bot: i64, bid_limit: u32) -> BotAssignment {
    auction.send(AssignBot { bot: BotId(bot), bid_limit, active: true }).await.unwrap().unwrap()
}

fn stamp(bid: &Value) -> UnixMillis {
    let at = chrono::DateTime::parse_from_rfc3339(bid["createdAt"].as_str().unwrap()).unwrap();
    UnixMillis(at.timestamp_millis())
}

/// The next bid broadcast (each batch here holds one bid).
async fn next_bid(w: &mut Watcher) -> Value {
    w.next_of("bidsPlaced").await["bids"][0].clone()
}

fn bot_bids(h: &Harness) -> Vec<i64> {
    h.store.bids(AuctionId(1)).iter().filter(|b| b.bidder.is_bot()).map(|b| b.bidder.id.raw()).collect()
}

#[actix_rt::test]
async fn a_bot_answers_a_person_after_a_delay_within_the_settings_and_is_never_charged() {
    let h = world(1, settings(2));
    let auction = h.start(live(1, T0.plus_ms(600_000)));
    assign(&auction, 101, 0).await;
    let mut w = Watcher::new();
    auction.send(w.join()).await.unwrap();

    for round in 0..5 {
        let person = auction.send(bid(1, now(&h))).await.unwrap().unwrap();
        assert_eq!(next_bid(&mut w).await["user"]["username"], "user1");
        let answer = next_bid(&mut w).await;
        let waited = stamp(&answer).ms_since(person.bid.created_at);
        assert!((2_000..=4_000).contains(&waited), "round {round}: answered after {waited} ms");
        assert_eq!((answer["isBot"].as_bool(), answer["botName"].as_str()), (Some(true), Some("Bot1 Test")));
        assert_eq!(answer["user"], Value::Null);
    }
    assert_eq!(h.store.balance(UserId(1)), 45, "only the person paid");
    assert_eq!(bot_bids(&h), [101; 5]);
    assert_eq!(h.store.bot_assignments(AuctionId(1))[0].current_bids, 5);
}

#[actix_rt::test]
async fn without_house_bidders_the_bots_never_bid_and_a_person_wins() {
    let h = world(2, settings(2));
    let auction = h.start(house(common::live(1, T0.plus_ms(30_000)), None));
    assign(&auction, 101, 0).await;
    assign(&auction, 102, 0).await;
    let mut w = Watcher::new();
    auction.send(w.join()).await.unwrap();

    auction.send(bid(1, now(&h))).await.unwrap().unwrap();
    let finished = w.next_of("finished").await;

    assert!(bot_bids(&h).is_empty(), "no house bidders: {:?}", bot_bids(&h));
    assert_eq!(finished["auction"]["winner"]["username"], "user1");
    assert_eq!(finished["auction"]["houseReserve"], Value::Null);
}

#[actix_rt::test]
async fn a_house_reserve_lets_bots_bid_only_until_the_auction_has_taken_that_many_bids() {
    let h = world(1, settings(1));
    let auction = h.start(house(common::live(1, T0.plus_ms(600_000)), Some(4)));
    assign(&auction, 101, 0).await;
    let mut w = Watcher::new();
    auction.send(w.join()).await.unwrap();

    // The bot opens (bid #1), then answers each person's bid while fewer than 4 were taken.
    assert_eq!(next_bid(&mut w).await["botName"], "Bot1 Test");
    for person in [1, 2] {
        auction.send(bid(person, now(&h))).await.unwrap().unwrap();
        assert_eq!(next_bid(&mut w).await["user"]["username"], format!("user{person}"));
        if person == 1 {
            assert_eq!(next_bid(&mut w).await["botName"], "Bot1 Test", "bid #3 came with 2 taken");
        }
    }
    // 4 bids taken: from now on only people bid, and the last person wins.
    let finished = w.next_of("finished").await;

    assert_eq!(bot_bids(&h), [101, 101]);
    assert_eq!(finished["auction"]["totalBids"], 4);
    assert_eq!(finished["auction"]["winner"]["username"], "user2");
    assert_eq!(finished["auction"]["houseReserve"], 4);
}

#[actix_rt::test]
async fn bots_open_an_auction_nobody_bid_on() {
    let h = world(1, settings(2));
    let auction = h.start(live(1, T0.plus_ms(600_000)));
    let assigned_at = now(&h);
    assign(&auction, 101, 0).await;
    let mut w = Watcher::new();
    auction.send(w.join()).await.unwrap();

    let opening = next_bid(&mut w).await;

    assert!((2_000..=4_000).contains(&stamp(&opening).ms_since(assigned_at)));
    assert_eq!(opening["botName"], "Bot1 Test");
}

#[actix_rt::test]
async fn a_bot_never_outbids_itself_nor_another_bot_of_its_auction() {
    let h = world(2, settings(2));
    let auction = h.start(live(1, T0.plus_ms(5_000)));
    assign(&auction, 101, 0).await;
    assign(&auction, 102, 0).await;
    let mut w = Watcher::new();
    auction.send(w.join()).await.unwrap();

    let finished = w.next_of("finished").await;

    assert_eq!(bot_bids(&h).len(), 1, "one bot opened, then the bots waited for a person");
    assert_eq!(finished["auction"]["winner"]["isBot"], true);
    assert_eq!(finished["auction"]["totalBids"], 1);
}

#[actix_rt::test]
async fn a_delay_past_the_deadline_is_clipped_to_land_before_it() {
    let h = world(1, BotSettings { enabled: true, min_delay: 8, max_delay: 10, active_bots: 1 });
    let deadline = T0.plus_ms(3_000);
    let auction = h.start(live(1, deadline));
    assign(&auction, 101, 0).await;
    let mut w = Watcher::new();
    auction.send(w.join()).await.unwrap();

    let answer = stamp(&next_bid(&mut w).await);

    // Drawn 8–10 s, due at deadline − margin (the timer wheel may fire a millisecond late).
    let early = answer.ms_since(deadline.plus_ms(-DEADLINE_MARGIN_MS));
    assert!((0..5).contains(&early), "bid {early} ms after deadline − margin");
    let view = auction.send(GetView).await.unwrap();
    assert_eq!(view.auction.ends_at, Some(answer.plus_ms(10_000)), "the countdown was reset");
}

#[actix_rt::test]
async fn a_bot_stops_at_its_bid_limit() {
    let h = world(1, settings(1));
    let auction = h.start(live(1, T0.plus_ms(600_000)));
    assign(&auction, 101, 2).await;
    let mut w = Watcher::new();
    auction.send(w.join()).await.unwrap();
    // The bot opens (1 of 2), is outbid and answers (2 of 2), is outbid and stays quiet.
    assert_eq!(next_bid(&mut w).await["isBot"], true);
    auction.send(bid(1, now(&h))).await.unwrap().unwrap();
    next_bid(&mut w).await;
    assert_eq!(next_bid(&mut w).await["isBot"], true);
    auction.send(bid(1, now(&h))).await.unwrap().unwrap();

    tokio::time::advance(Duration::from_secs(60)).await;
    let listed = auction.send(ListBots).await.unwrap();

    assert_eq!(bot_bids(&h).len(), 2);
    assert_eq!(listed[0].current_bids, 2);
    assert_eq!(auction.send(GetView).await.unwrap().auction.last_bidder.as_deref(), Some("user1"));
}

#[actix_rt::test]
async fn bots_stop_when_the_auction_finishes() {
    let h = world(1, settings(1));
    let auction = h.start(live(1, T0.plus_ms(600_000)));
    assign(&auction, 101, 0).await;
    auction.send(bid(1, now(&h))).await.unwrap().unwrap();

    // Finished before the bot's wake-up (2 s at the earliest).
    auction.send(EndNow).await.unwrap().unwrap();
    tokio::time::advance(Duration::from_secs(60)).await;

    assert!(bot_bids(&h).is_empty());
    assert_eq!(h.store.snapshot(AuctionId(1)).unwrap().leader.map(|l| l.id.raw()), Some(1));
}

#[actix_rt::test]
async fn disabling_bots_globally_stops_them_and_enabling_resumes() {
    let h = world(1, BotSettings { enabled: false, ..settings(1) });
    h.store.seed(live(1, T0.plus_ms(600_000)));
    let directory = Registry::launch(h.env.clone(), Vec::new()).await.unwrap();
    let auction = directory.get(AuctionId(1)).unwrap();
    assign(&auction, 101, 0).await;
    auction.send(bid(1, now(&h))).await.unwrap().unwrap();
    tokio::time::advance(Duration::from_secs(60)).await;
    auction.send(GetView).await.unwrap();
    assert!(bot_bids(&h).is_empty(), "disabled: no bot bids");

    let mut w = Watcher::new();
    auction.send(w.join()).await.unwrap();
    let enabled_at = now(&h);
    directory.bots_changed(BotNews::Settings(settings(1))).await;
    let answer = next_bid(&mut w).await;

    assert!((2_000..=4_000).contains(&stamp(&answer).ms_since(enabled_at)));
    assert_eq!(h.env.bots.settings.get(), settings(1), "the registry wrote the shared settings");
}

#[actix_rt::test]
async fn an_inactive_assignment_or_bot_does_not_bid() {
    let h = world(2, settings(2));
    let auction = h.start(live(1, T0.plus_ms(20_000)));
    assign(&auction, 101, 0).await;
    assign(&auction, 102, 0).await;
    let off = UpdateBotAssignment { bot: BotId(101), active: Some(false), bid_limit: None };
    let updated = auction.send(off).await.unwrap().unwrap();
    auction.send(BotNews::BotActive { bot: BotId(102), active: false }).await.unwrap();
    auction.send(bid(1, now(&h))).await.unwrap().unwrap();
    let mut w = Watcher::new();
    auction.send(w.join()).await.unwrap();

    let finished = w.next_of("finished").await;

    assert!(!updated.active);
    assert!(!h.store.bot_assignments(AuctionId(1))[0].active, "persisted");
    assert!(bot_bids(&h).is_empty());
    assert_eq!(finished["auction"]["winner"]["username"], "user1");
}

#[actix_rt::test]
async fn at_most_active_bots_take_part_the_first_by_assignment_id() {
    let h = world(4, settings(2));
    let auction = h.start(live(1, T0.plus_ms(600_000)));
    for bot in [103, 101, 104, 102] {
        assign(&auction, bot, 0).await;
    }
    let mut w = Watcher::new();
    auction.send(w.join()).await.unwrap();

    for _ in 0..12 {
        assert_eq!(next_bid(&mut w).await["isBot"], true);
        auction.send(bid(1, now(&h))).await.unwrap().unwrap();
        next_bid(&mut w).await;
    }

    // 103 and 101 were assigned first; the seeded choice picks each of them in turn.
    let bidders: BTreeSet<i64> = bot_bids(&h).into_iter().collect();
    assert_eq!(bidders, BTreeSet::from([101, 103]));
}

#[actix_rt::test]
async fn no_bot_takes_part_when_active_bots_is_zero() {
    let h = world(1, settings(0));
    let auction = h.start(live(1, T0.plus_ms(5_000)));
    assign(&auction, 101, 0).await;
    let mut w = Watcher::new();
    auction.send(w.join()).await.unwrap();

    let finished = w.next_of("finished").await;

    assert_eq!(finished["auction"]["totalBids"], 0);
}

#[actix_rt::test]
async fn a_persons_bid_re_arms_the_bots_wake_up() {
    let h = world(1, settings(1));
    let auction = h.start(live(1, T0.plus_ms(600_000)));
    assign(&auction, 101, 0).await;
    auction.send(bid(1, now(&h))).await.unwrap().unwrap();
    let mut w = Watcher::new();
    auction.send(w.join()).await.unwrap();

    // Before the bot's earliest answer (2 s), another person bids: the wake-up moves.
    tokio::time::advance(Duration::from_millis(1_500)).await;
    let second = auction.send(bid(2, now(&h))).await.unwrap().unwrap();
    next_bid(&mut w).await;
    let answer = next_bid(&mut w).await;

    assert_eq!(answer["isBot"], true);
    assert!(stamp(&answer).ms_since(second.bid.created_at) >= 2_000, "counted from the second bid");
    assert_eq!(bot_bids(&h).len(), 1, "the first wake-up was cancelled");
}

#[actix_rt::test]
async fn an_upcoming_auction_gets_no_bot_bids_until_it_is_live() {
    let h = world(1, settings(1));
    let start = T0.plus_ms(30_000);
    let auction = h.start(upcoming(1, start));
    assign(&auction, 101, 0).await;
    let mut w = Watcher::new();
    auction.send(w.join()).await.unwrap();

    w.next_of("started").await;
    let opening = next_bid(&mut w).await;

    assert!((2_000..=4_000).contains(&stamp(&opening).ms_since(start)));
}

#[actix_rt::test]
async fn a_restarted_auction_resumes_its_bots_and_their_counts() {
    let h = world(0, settings(1));
    let mut snap = house(common::live_led_by(1, T0.plus_ms(600_000), 1, 10, 10), Some(1_000));
    snap.bots = vec![BotAssignment {
        id: BotAssignmentId(7),
        bot: BotId(101),
        profile: BotProfile {
            first_name: "Эрлан".into(),
            last_name: "Бейшеев".into(),
            username: "erlan".into(),
        },
        active: true,
        bot_active: true,
        bid_limit: 3,
        current_bids: 2,
    }];
    h.store.seed(snap);

    let directory = Registry::launch(h.env.clone(), Vec::new()).await.unwrap();
    let auction = directory.get(AuctionId(1)).unwrap();
    let mut w = Watcher::new();
    auction.send(w.join()).await.unwrap();
    let answer = next_bid(&mut w).await;
    auction.send(bid(2, now(&h))).await.unwrap().unwrap();
    tokio::time::advance(Duration::from_secs(60)).await;

    assert_eq!(answer["botName"], "Эрлан Бейшеев");
    assert_eq!(auction.send(ListBots).await.unwrap()[0].current_bids, 3);
    assert_eq!(bot_bids(&h).len(), 1, "the third bid was its last");
    assert_eq!(h.store.bot_assignments(AuctionId(1))[0].current_bids, 3);
}

#[actix_rt::test]
async fn assignments_persist_once_per_auction_and_only_for_open_active_bots() {
    let h = world(2, settings(0));
    h.store.add_bot(BotId(109), "Off", "Bot", false);
    // No reserve: its last bot may leave (a reserve keeps one, tested below).
    let auction = h.start(house(live(1, T0.plus_ms(600_000)), None));

    let first = assign(&auction, 101, 5).await;
    let again = auction.send(AssignBot { bot: BotId(101), bid_limit: 0, active: true }).await.unwrap();
    let inactive = auction.send(AssignBot { bot: BotId(109), bid_limit: 0, active: true }).await.unwrap();
    let unknown = auction.send(AssignBot { bot: BotId(999), bid_limit: 0, active: true }).await.unwrap();
    let limit = UpdateBotAssignment { bot: BotId(101), active: None, bid_limit: Some(9) };
    let updated = auction.send(limit).await.unwrap().unwrap();
    let missing = auction.send(UnassignBot { bot: BotId(102) }).await.unwrap();
    auction.send(UnassignBot { bot: BotId(101) }).await.unwrap().unwrap();

    assert_eq!((first.bid_limit, first.current_bids, &*first.profile.display_name()), (5, 0, "Bot1 Test"));
    assert_eq!(again.unwrap_err(), BotError::AlreadyAssigned);
    assert_eq!(inactive.unwrap_err(), BotError::BotUnavailable);
    assert_eq!(unknown.unwrap_err(), BotError::BotUnavailable);
    assert_eq!((updated.bid_limit, updated.active), (9, true));
    assert_eq!(missing.unwrap_err(), BotError::NotAssigned);
    assert!(auction.send(ListBots).await.unwrap().is_empty());
    assert!(h.store.bot_assignments(AuctionId(1)).is_empty());
}

#[actix_rt::test]
async fn a_reserve_keeps_its_last_bot_and_takes_no_reserve_without_one() {
    let h = world(2, settings(0));
    let auction = h.start(live(1, T0.plus_ms(600_000)));
    assign(&auction, 101, 0).await;
    assign(&auction, 102, 0).await;

    auction.send(UnassignBot { bot: BotId(101) }).await.unwrap().unwrap();
    let last = auction.send(UnassignBot { bot: BotId(102) }).await.unwrap();
    // Turned off, it stays.
    let off = UpdateBotAssignment { bot: BotId(102), active: Some(false), bid_limit: None };
    let turned_off = auction.send(off).await.unwrap().unwrap();

    assert_eq!(last.unwrap_err(), BotError::Control(ControlError::ReserveNeedsBot));
    assert!(!turned_off.active);
    assert_eq!(h.store.bot_assignments(AuctionId(1)).len(), 1);

    // An upcoming auction without a bot cannot be given a reserve.
    let bare = h.start(house(upcoming(2, T0.plus_ms(600_000)), None));
    let mut details = house(upcoming(2, T0.plus_ms(600_000)), Some(5)).details;
    details.title = "Лампа".into();
    let refused = bare.send(UpdateDetails { details, start_time: T0.plus_ms(600_000) }).await.unwrap();
    assert_eq!(refused.unwrap_err(), ControlError::ReserveNeedsBot);
}

#[actix_rt::test]
async fn a_finishing_auction_refuses_assignment_changes() {
    let h = world(1, settings(0));
    let auction = h.start(live(1, T0.plus_ms(600_000)));

    let (ended, late) = futures_util::join!(
        auction.send(EndNow),
        auction.send(AssignBot { bot: BotId(101), bid_limit: 0, active: true })
    );

    assert!(ended.unwrap().is_ok());
    assert_eq!(late.unwrap().unwrap_err(), BotError::Control(ControlError::AuctionFinished));
    assert!(h.store.bot_assignments(AuctionId(1)).is_empty());
}

#[actix_rt::test]
async fn a_closed_bot_leaves_every_auction() {
    let h = world(1, settings(1));
    h.store.seed(live(1, T0.plus_ms(20_000)));
    h.store.seed(live(2, T0.plus_ms(20_000)));
    let directory = Registry::launch(h.env.clone(), Vec::new()).await.unwrap();
    for id in [1, 2] {
        assign(&directory.get(AuctionId(id)).unwrap(), 101, 0).await;
    }

    directory.bots_changed(BotNews::BotClosed { bot: BotId(101) }).await;
    let mut left = Vec::new();
    for id in [1, 2] {
        left.push(directory.get(AuctionId(id)).unwrap().send(ListBots).await.unwrap().len());
    }
    let mut w = Watcher::new();
    directory.get(AuctionId(1)).unwrap().send(w.join()).await.unwrap();
    w.next_of("finished").await;

    assert_eq!(left, [0, 0]);
    assert!(bot_bids(&h).is_empty(), "the bots' wake-ups were cancelled");
}

#[actix_rt::test]
async fn a_bot_too_fast_for_the_one_second_rule_bids_once_it_may() {
    let mut h = world(1, settings(1));
    // A bot "second" of 100 ms: drawn delays of 200–400 ms, under the 1 s between one bidder's bids.
    h.env.bots.second_ms = 100;
    let auction = h.start(live(1, T0.plus_ms(600_000)));
    assign(&auction, 101, 0).await;
    let mut w = Watcher::new();
    auction.send(w.join()).await.unwrap();
    let opening = stamp(&next_bid(&mut w).await);

    auction.send(bid(1, now(&h))).await.unwrap().unwrap();
    next_bid(&mut w).await;
    let answer = next_bid(&mut w).await;

    assert_eq!(answer["isBot"], true);
    let waited = stamp(&answer).ms_since(opening);
    assert!((1_000..1_005).contains(&waited), "refused as too fast, it bid when allowed ({waited} ms)");
}
