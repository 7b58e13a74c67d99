//! The wire types read back what they write: the nodes of a cluster pass views, events, bids and
//! answers to each other as the JSON the public API emits, so for each of these types
//! `from_str(to_string(x)) == x`, and the value read re-serializes to the very same bytes. Built
//! by hand (every field set, times with milliseconds, money from 0 to 1,234,567.89 som) and taken
//! from a real auction actor (its answers and the frames it pushes). The control messages an admin
//! or a user sends to an auction, their answers and the bot news read back too.

use crate::common;

use std::fmt::Debug;
use std::sync::Arc;

use common::{Harness, T0, bid, now, prebid, upcoming};
use serde::Serialize;
use serde::de::DeserializeOwned;
use tyiyn_actors::auction::{
    AssignBot, BidAccepted, CancelAutoBid, EndNow, GetView, PrebidAccepted, Promoted, SetAutoBid, StoreDown,
    StoreUp, UpdateBotAssignment, UpdateDetails,
};
use tyiyn_actors::autobid::AutoBid;
use tyiyn_actors::bots::{BotError, BotNews, BotSettings};
use tyiyn_actors::errors::ControlError;
use tyiyn_actors::fairness::{AuctionKind, NoNewBidders};
use tyiyn_actors::ids::BotAssignmentId;
use tyiyn_actors::snapshot::{AuctionDetails, AuctionStatus};
use tyiyn_actors::view::{
    AuctionEvent, AuctionInfo, AuctionView, BidCounts, BidRecord, EventKind, HonestNumbers, Pause,
    PauseReason, Role, Shared, Winner, WinningBid,
};
use tyiyn_actors::{AuctionId, BidId, BidRejected, Bidder, BotId, PrebidId, Tyiyn, UnixMillis, UserId};

/// Serializes `x`, reads it back, and checks both the value and the bytes of a second write.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(x: &T) -> String {
    let json = serde_json::to_string(x).unwrap();
    let back: T = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
    assert_eq!(&back, x, "read back from {json}");
    assert_eq!(serde_json::to_string(&back).unwrap(), json, "re-serialized");
    json
}

/// The money values every test runs through: 0, 0.01, 0.05, 0.99, 1.00 and 1,234,567.89 som.
const MONEY: [i64; 6] = [0, 1, 5, 99, 100, 123_456_789];

/// When the auctions below went live: 2027-01-15T08:01:00.017Z (`T0` plus a minute and 17 ms).
fn went_live() -> UnixMillis {
    T0.plus_ms(60_017)
}

/// Every editable detail set.
fn details() -> AuctionDetails {
    AuctionDetails {
        title: "iPhone 17 Pro, 256 ГБ".into(),
        description: "Новый, в упаковке. \"Оригинал\"\n\tс гарантией".into(),
        image_url: Some("/uploads/iphone-17.webp".into()),
        retail_price: Tyiyn(17_990_000),
        is_bid_package: false,
        bid_package_bids: None,
        category: Some("Смартфоны".into()),
        condition: Some("new".into()),
        estimated_value: Some(Tyiyn(99)),
        kind: AuctionKind::Beginner,
        win_limited: true,
        no_new_bidders_after: Some(NoNewBidders {
            price: Some(Tyiyn(5)),
            at: Some(went_live().plus_ms(299_999)),
        }),
        buy_now_stock: Some(3),
        house_reserve: Some(40),
        opening_secs: Some(30),
    }
}

/// A bid package lot with the other optional details left out.
fn package_details() -> AuctionDetails {
    AuctionDetails {
        title: "100 ставок".into(),
        is_bid_package: true,
        bid_package_bids: Some(100),
        retail_price: Tyiyn(100),
        ..AuctionDetails::default()
    }
}

fn person_bid(id: i64, amount: i64, user: i64, name: &str, at: UnixMillis) -> BidRecord {
    BidRecord {
        id: BidId(id),
        amount: Tyiyn(amount),
        bidder: Bidder::user(UserId(user), name),
        is_prebid: false,
        is_auto: false,
        created_at: at,
    }
}

/// Newest first: a house bot's bid, an auto-bidder's, a plain one and a pre-bid converted at
/// go-live.
fn recent_bids() -> Vec<BidRecord> {
    vec![
        BidRecord {
            bidder: Bidder::bot(BotId(101), "Эрлан Бейшеев"),
            ..person_bid(9_004, 123_456_789, 0, "", went_live().plus_ms(41_999))
        },
        BidRecord {
            is_auto: true,
            ..person_bid(9_003, 123_456_788, 2, "Айгерим", went_live().plus_ms(38_001))
        },
        person_bid(9_002, 123_456_787, 3, "user3", went_live().plus_ms(30_500)),
        BidRecord { is_prebid: true, ..person_bid(9_001, 123_456_786, 1, "user1", went_live()) },
    ]
}

/// A live auction whose countdown is paused (the store is down), led by a house bot.
fn live_paused() -> AuctionView {
    let bids = recent_bids();
    let since = went_live().plus_ms(44_321);
    let auction = AuctionInfo {
        id: AuctionId(12),
        display_id: "TY/2027/00012".into(),
        slug: "iphone-17-pro-256-gb-ty-2027-00012".into(),
        details: Shared(Arc::new(details())),
        current_price: Tyiyn(123_456_789),
        starting_price: Tyiyn(123_456_785),
        bid_increment: Tyiyn(1),
        start_time: went_live(),
        end_time: None,
        ends_at: Some(went_live().plus_ms(51_999)),
        server_time: since.plus_ms(2_003),
        status: AuctionStatus::Live,
        prebids_count: 1,
        total_bids: 4,
        last_bidder: Some("Эрлан Бейшеев".into()),
        last_bidder_is_bot: true,
        participants: 4,
        viewers: 17,
        created_at: T0.plus_ms(-86_400_001),
        winner: None,
        winning_bid: None,
        is_promoted: true,
        paused: Some(Pause { reason: PauseReason::StoreUnavailable, since, remaining_ms: 7_678 }),
        honest_numbers: None,
    };
    AuctionView { auction, bids }
}

/// A finished auction won by a person, with its winning bid and honest numbers.
fn finished() -> AuctionView {
    let live = live_paused();
    let last = person_bid(9_005, 123_456_790, 2, "Айгерим", went_live().plus_ms(59_007));
    let ended = last.created_at.plus_ms(10_250);
    let mut bids = vec![last.clone()];
    bids.extend(live.bids);
    let counts = BidCounts { total: 5, bots: 1, winner: 2 };
    let auction = AuctionInfo {
        current_price: last.amount,
        end_time: Some(ended),
        ends_at: None,
        server_time: ended.plus_ms(1),
        status: AuctionStatus::Finished,
        total_bids: 5,
        last_bidder: Some("Айгерим".into()),
        last_bidder_is_bot: false,
        viewers: 0,
        winner: Some(Winner {
            id: 2,
            username: "Айгерим".into(),
            first_name: Some("Айгерим".into()),
            last_name: Some("Осмонова".into()),
            role: Role::Admin,
            is_bot: false,
        }),
        winning_bid: Some(WinningBid { amount: last.amount, created_at: last.created_at }),
        is_promoted: false,
        paused: None,
        honest_numbers: Some(HonestNumbers::new(last.amount, counts, Some(false), Some(Tyiyn(1_499)))),
        ..live.auction
    };
    AuctionView { auction, bids }
}

/// An upcoming bid-package auction with pre-bids and no bids.
fn upcoming_info() -> AuctionInfo {
    AuctionInfo {
        id: AuctionId(13),
        display_id: "TY/2027/00013".into(),
        slug: "100-stavok-ty-2027-00013".into(),
        details: Shared(Arc::new(package_details())),
        current_price: Tyiyn(0),
        starting_price: Tyiyn(0),
        bid_increment: Tyiyn(1),
        start_time: T0.plus_ms(3_600_999),
        end_time: None,
        ends_at: None,
        server_time: T0.plus_ms(1),
        status: AuctionStatus::Upcoming,
        prebids_count: 3,
        total_bids: 0,
        last_bidder: None,
        last_bidder_is_bot: false,
        participants: 0,
        viewers: 2,
        created_at: T0.plus_ms(-999),
        winner: None,
        winning_bid: None,
        is_promoted: false,
        paused: None,
        honest_numbers: None,
    }
}

#[test]
fn views_read_back_as_they_were() {
    let live = live_paused();
    let json = round_trip(&live);
    assert!(json.contains(
        r#""paused":{"reason":"storeUnavailable","since":"2027-01-15T08:01:44.338Z","remainingMs":7678}"#
    ));
    assert!(json.contains(r#""isBot":true,"botName":"Эрлан Бейшеев","botId":101,"#), "{json}");
    round_trip(&live.auction);
    round_trip(&finished());
    round_trip(&finished().auction);
    round_trip(&upcoming_info());
    round_trip(&AuctionView { auction: upcoming_info(), bids: Vec::new() });
}

#[test]
fn events_of_every_kind_read_back() {
    use EventKind::*;
    for kind in
        [Snapshot, BidsPlaced, PrebidPlaced, Started, DetailsUpdated, Finished, Deleted, Paused, Resumed]
    {
        round_trip(&kind);
        let (auction, bids) = match kind {
            Snapshot | BidsPlaced | Paused | Resumed => (live_paused().auction, recent_bids()),
            Started => (live_paused().auction, recent_bids().split_off(3)),
            Finished => (finished().auction, Vec::new()),
            PrebidPlaced | DetailsUpdated | Deleted => (upcoming_info(), Vec::new()),
        };
        round_trip(&AuctionEvent { kind, auction, bids });
    }
}

#[test]
fn the_parts_of_a_view_read_back() {
    let live = live_paused();
    let finished = finished();
    for b in &live.bids {
        round_trip(b);
    }
    round_trip(&Shared(Arc::new(details())));
    round_trip(&details());
    round_trip(&package_details());
    round_trip(&AuctionDetails::default());
    round_trip(&live.auction.paused.unwrap());
    round_trip(&PauseReason::StoreUnavailable);
    round_trip(&finished.auction.winning_bid.unwrap());
    round_trip(&finished.auction.winner.unwrap());
    round_trip(&Winner::from_bidder(&Bidder::bot(BotId(101), "Эрлан Бейшеев")));
    round_trip(&Winner::from_bidder(&Bidder::user(UserId(7), "user7")));
    round_trip(&finished.auction.honest_numbers.unwrap());
    round_trip(&HonestNumbers::new(Tyiyn(0), BidCounts { total: 0, bots: 0, winner: 0 }, None, None));
    round_trip(&HonestNumbers::new(
        Tyiyn(99),
        BidCounts { total: 6, bots: 6, winner: 6 },
        Some(true),
        Some(Tyiyn(5)),
    ));
    round_trip(&BidCounts { total: 5, bots: 1, winner: 2 });
    round_trip(&Role::User);
    round_trip(&Role::Admin);
    for status in [AuctionStatus::Upcoming, AuctionStatus::Live, AuctionStatus::Finished] {
        round_trip(&status);
    }
    round_trip(&AuctionKind::Standard);
    round_trip(&NoNewBidders { price: None, at: None });
    round_trip(&NoNewBidders { price: Some(Tyiyn(123_456_789)), at: None });
    round_trip(&NoNewBidders { price: None, at: Some(went_live()) });
}

#[test]
fn money_reads_back_exactly_wherever_it_is() {
    for m in MONEY {
        let money = Tyiyn(m);
        round_trip(&money);
        round_trip(&Some(money));
        round_trip(&person_bid(1, m, 1, "user1", went_live()));
        round_trip(&HonestNumbers::new(
            money,
            BidCounts { total: 3, bots: 1, winner: 1 },
            Some(false),
            Some(money),
        ));
        // Details are flattened into the Auction object: their money is read from a buffer.
        let details = AuctionDetails { retail_price: money, estimated_value: Some(money), ..details() };
        let auction = AuctionInfo {
            details: Shared(Arc::new(details)),
            current_price: money,
            starting_price: money,
            bid_increment: money,
            ..upcoming_info()
        };
        round_trip(&auction);
    }
    let som = |m: i64| serde_json::to_string(&Tyiyn(m)).unwrap();
    assert_eq!(MONEY.map(som), ["0.00", "0.01", "0.05", "0.99", "1.00", "1234567.89"]);
    // What other writers might send for the same amounts.
    let read = |json: &str| serde_json::from_str::<Tyiyn>(json).unwrap();
    assert_eq!(
        [read("0"), read("0.1"), read("12"), read("1234567.89")],
        [0, 10, 1_200, 123_456_789].map(Tyiyn)
    );
}

#[test]
fn money_finer_than_a_tyiyn_or_not_a_number_is_refused() {
    for bad in ["1.234", r#""x""#, r#""1.23""#, "0.001", "null", "true"] {
        assert!(serde_json::from_str::<Tyiyn>(bad).is_err(), "{bad} was read as money");
    }
    // Nested too: a bid, and the flattened details of an auction.
    let bid = round_trip(&person_bid(1, 1_234, 1, "user1", went_live()));
    let bad_bid = bid.replace(r#""amount":12.34"#, r#""amount":1.234"#);
    assert_ne!(bad_bid, bid);
    assert!(serde_json::from_str::<BidRecord>(&bad_bid).is_err());
    let auction = round_trip(&upcoming_info());
    for bad in ["1.234", r#""x""#] {
        let bad_auction = auction.replace(r#""retailPrice":1.00"#, &format!(r#""retailPrice":{bad}"#));
        assert_ne!(bad_auction, auction);
        assert!(serde_json::from_str::<AuctionInfo>(&bad_auction).is_err(), "{bad_auction}");
    }
}

#[test]
fn times_and_ids_read_back() {
    for t in [T0, went_live(), UnixMillis(0), UnixMillis(1), UnixMillis(-1), UnixMillis(1_795_327_593_123)] {
        round_trip(&t);
    }
    assert_eq!(round_trip(&went_live()), r#""2027-01-15T08:01:00.017Z""#);
    assert!(serde_json::from_str::<UnixMillis>(r#""2027-01-15T08:01:00.0171Z""#).is_err(), "finer than a ms");
    round_trip(&AuctionId(12));
    round_trip(&UserId(i64::MAX));
    round_trip(&BotId(101));
    round_trip(&BotAssignmentId(-1));
    round_trip(&BidId(9_001));
    round_trip(&PrebidId(0));
}

#[test]
fn a_bid_that_is_neither_a_persons_nor_a_bots_is_refused() {
    let person = round_trip(&person_bid(1, 1, 1, "user1", went_live()));
    let bot = round_trip(&recent_bids()[0]);
    for bad in [
        person.replace(r#""isBot":false"#, r#""isBot":true"#),
        person.replace(r#""user":{"id":1,"username":"user1"}"#, "\"user\":null"),
        bot.replace(r#""isBot":true"#, r#""isBot":false"#),
        bot.replace(r#","botId":101"#, ""),
        bot.replace(r#""botName":"Эрлан Бейшеев""#, r#""botName":null"#),
    ] {
        assert!(serde_json::from_str::<BidRecord>(&bad).is_err(), "{bad}");
    }
}

#[test]
fn answers_and_refusals_read_back() {
    round_trip(&PrebidAccepted { prebid: PrebidId(77), balance: 49, prebids_count: 3 });
    let view = Arc::new(live_paused());
    round_trip(&BidAccepted { bid: view.bids[1].clone(), balance: Some(0), view: view.clone() });
    round_trip(&BidAccepted { bid: view.bids[0].clone(), balance: None, view });
    use BidRejected::*;
    for refusal in [
        AuctionNotLive,
        AuctionNotUpcoming,
        AuctionFinished,
        DeadlinePassed,
        AlreadyLeader,
        TooFast { retry_after_ms: 999 },
        InsufficientBids,
        LimitReached,
        BiddingPaused,
        BeginnersOnly,
        WinLimitReached,
        NoNewBidders,
        HouseRuleClosed,
        AlreadyPrebid,
        AuctionNotFound,
        StoreUnavailable,
        AuctionPaused,
        OutcomeUnknown,
    ] {
        round_trip(&refusal);
        round_trip(&Err::<PrebidAccepted, _>(refusal));
    }
}

#[test]
fn control_messages_their_answers_and_bot_news_read_back() {
    round_trip(&UpdateDetails { details: details(), start_time: went_live() });
    round_trip(&UpdateDetails { details: package_details(), start_time: T0 });
    round_trip(&SetAutoBid {
        user: UserId(12),
        username: "Айбек".into(),
        bids: 500,
        max_price: Some(Tyiyn(99)),
    });
    round_trip(&SetAutoBid { user: UserId(12), username: "a".into(), bids: 1, max_price: None });
    round_trip(&CancelAutoBid { user: UserId(12) });
    round_trip(&AssignBot { bot: BotId(101), bid_limit: 3, active: false });
    round_trip(&UpdateBotAssignment { bot: BotId(101), active: Some(true), bid_limit: None });

    round_trip(&Ok::<_, ControlError>(upcoming_info()));
    round_trip(&Ok::<_, ControlError>(finished()));
    for previous in [None, Some(AuctionId(3))] {
        round_trip(&Ok::<_, ControlError>(Promoted {
            auction: upcoming_info(),
            was_promoted: true,
            previous,
        }));
    }
    for price in MONEY.map(|m| Some(Tyiyn(m))).into_iter().chain([None]) {
        let order = AutoBid {
            user: UserId(12),
            username: "Айбек".into(),
            bids: 500,
            left: 0,
            max_price: price,
            active: false,
            set_at: went_live(),
        };
        round_trip(&Some(order.clone()));
        round_trip(&Ok::<_, ControlError>(order));
    }
    use ControlError::*;
    for refusal in [
        AuctionNotLive,
        AuctionNotUpcoming,
        AuctionFinished,
        AuctionNotFound,
        StoreUnavailable,
        NotAdmitted(BidRejected::TooFast { retry_after_ms: 999 }),
        NotAdmitted(BidRejected::BeginnersOnly),
    ] {
        round_trip(&Err::<bool, _>(refusal.clone()));
        round_trip(&Err::<(), _>(BotError::Control(refusal)));
    }
    for refusal in [BotError::AlreadyAssigned, BotError::NotAssigned, BotError::BotUnavailable] {
        round_trip(&Err::<(), _>(refusal));
    }

    round_trip(&BotNews::Settings(BotSettings {
        enabled: false,
        min_delay: 1,
        max_delay: 10,
        active_bots: 5,
    }));
    round_trip(&BotNews::BotActive { bot: BotId(101), active: false });
    round_trip(&BotNews::BotClosed { bot: BotId(101) });
}

/// The next frame `w` is pushed, read as an event; it must re-serialize to the same bytes.
async fn next_event(w: &mut common::Watcher) -> AuctionEvent {
    let frame = w.rx.recv().await.expect("the actor dropped this watcher");
    let event: AuctionEvent = serde_json::from_str(&frame).unwrap_or_else(|e| panic!("{e}: {frame}"));
    assert_eq!(serde_json::to_string(&event).unwrap(), frame);
    round_trip(&event);
    event
}

/// A real actor: a pre-bid converted at go-live, a house bot's bid, a person's, refusals, a
/// pause while the store is down and the finish. Its answers, views and every frame read back.
#[actix_rt::test]
async fn what_an_auction_actor_answers_and_pushes_reads_back() {
    let h = Harness::paused();
    h.users(3, 50);
    h.store.add_bot(BotId(101), "Эрлан", "Бейшеев", true);
    h.env.bots.settings.set(BotSettings { enabled: true, min_delay: 2, max_delay: 4, active_bots: 1 });
    let mut snap = upcoming(1, T0.plus_ms(5_123));
    snap.details = AuctionDetails { house_reserve: Some(1_000), ..details() };
    let auction = h.start(snap);
    let mut w = common::Watcher::new();
    auction.send(w.join()).await.unwrap();
    assert_eq!(next_event(&mut w).await.kind, EventKind::Snapshot);

    let placed = auction.send(prebid(1, T0.plus_ms(1_007))).await.unwrap().unwrap();
    round_trip(&placed);
    round_trip(&auction.send(prebid(1, T0.plus_ms(1_008))).await.unwrap());
    auction.send(AssignBot { bot: BotId(101), bid_limit: 0, active: true }).await.unwrap().unwrap();
    // Go-live converts the pre-bid; the bot then opens the bidding.
    let mut bot_bid = None;
    while bot_bid.is_none() {
        let event = next_event(&mut w).await;
        if event.kind == EventKind::Started {
            assert!(event.bids[0].is_prebid);
        }
        bot_bid = event.bids.into_iter().find(|b| b.bidder.is_bot());
    }
    assert_eq!(bot_bid.unwrap().bidder, Bidder::bot(BotId(101), "Эрлан Бейшеев"));

    let t = now(&h);
    let accepted = auction.send(bid(2, t.plus_ms(7))).await.unwrap().unwrap();
    round_trip(&accepted);
    assert_eq!(accepted.view.bids.len(), 3, "the person's, the bot's and the converted pre-bid");
    let leader = auction.send(bid(2, t.plus_ms(8))).await.unwrap().unwrap_err();
    assert_eq!(round_trip(&leader), r#""AlreadyLeader""#);
    round_trip(&auction.send(bid(3, t.plus_ms(9))).await.unwrap().unwrap());
    let too_fast = auction.send(bid(2, t.plus_ms(10))).await.unwrap().unwrap_err();
    assert_eq!(round_trip(&too_fast), r#"{"TooFast":{"retry_after_ms":997}}"#);

    // The store goes down: the countdown pauses.
    h.store.set_unavailable(true);
    auction.send(StoreDown { since: now(&h) }).await.unwrap();
    round_trip(&auction.send(bid(3, now(&h).plus_ms(1))).await.unwrap());
    let paused = auction.send(GetView).await.unwrap();
    assert!(paused.auction.paused.is_some());
    round_trip(&paused);

    h.store.set_unavailable(false);
    auction.send(StoreUp).await.unwrap();
    while auction.send(GetView).await.unwrap().auction.paused.is_some() {
        tokio::time::advance(std::time::Duration::from_millis(100)).await;
    }
    let ended = auction.send(EndNow).await.unwrap().unwrap();
    assert_eq!(ended.auction.status, AuctionStatus::Finished);
    assert!(ended.auction.winner.is_some() && ended.auction.winning_bid.is_some());
    round_trip(&ended);
    // Every frame pushed meanwhile, up to the finish.
    while next_event(&mut w).await.kind != EventKind::Finished {}
}
