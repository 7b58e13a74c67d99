//! Outages are survived, not decided (docs/rules/outages.md, "Database outages"): under paused tokio
//! time and a store that fails on demand, a live auction's countdown pauses while bids cannot be
//! accepted, no deadline finishes it meanwhile, and it gets at least the bid countdown back once
//! the store takes a write again. A deadline that passed before the outage stands.

use crate::common;

use std::time::Duration;

use common::{Harness, T0, Watcher, bid, bidder, live, live_led_by, now};
use tyiyn_actors::auction::{EndNow, GetView, StoreDown, StoreUp};
use tyiyn_actors::snapshot::AuctionStatus;
use tyiyn_actors::view::{AuctionInfo, PauseReason};
use tyiyn_actors::{AuctionId, BidRejected, ControlError, Tyiyn, UserId};

type Auction =
    actix::Addr<tyiyn_actors::AuctionActor<tyiyn_actors::store::MemoryStore, tyiyn_actors::TokioClock>>;

async fn advance(ms: u64) {
    tokio::time::advance(Duration::from_millis(ms)).await;
}

/// The auction once its resume has been applied, moving time in steps of `step_ms` (0: not at
/// all) for at most 3 s: the store's answer, the retry timer and the view are on different turns
/// of the actor.
async fn resumed(auction: &Auction, step_ms: u64) -> AuctionInfo {
    for _ in 0..300 {
        let info = auction.send(GetView).await.unwrap().auction;
        if info.paused.is_none() {
            return info;
        }
        tokio::task::yield_now().await;
        advance(step_ms).await;
    }
    panic!("the auction never resumed");
}

#[actix_rt::test]
async fn a_failed_commit_pauses_the_countdown_until_the_store_takes_a_write() {
    let h = Harness::paused();
    h.users(2, 5);
    let auction = h.start(live(1, T0.plus_ms(10_000)));
    h.store.set_unavailable(true);
    advance(3_000).await;

    let failed = auction.send(bid(1, T0.plus_ms(3_000))).await.unwrap();
    let refused = auction.send(bid(2, T0.plus_ms(3_100))).await.unwrap();

    assert_eq!(failed.unwrap_err(), BidRejected::StoreUnavailable);
    assert_eq!(refused.unwrap_err(), BidRejected::AuctionPaused);
    let view = auction.send(GetView).await.unwrap();
    let pause = view.auction.paused.expect("paused");
    assert_eq!(
        (pause.reason, pause.since, pause.remaining_ms),
        (PauseReason::StoreUnavailable, T0.plus_ms(3_000), 7_000)
    );
    // A minute past the deadline: still live, never finished, nothing charged.
    advance(60_000).await;
    assert_eq!(auction.send(GetView).await.unwrap().auction.status, AuctionStatus::Live);
    assert_eq!(h.store.stats().finish_calls, 0);
    assert_eq!((h.store.balance(UserId(1)), h.store.balance(UserId(2))), (5, 5));

    h.store.set_unavailable(false);
    let resumed = resumed(&auction, 10).await;

    let ends_at = resumed.ends_at.expect("live");
    assert!(ends_at.ms_since(now(&h)) > 9_000, "at least the bid countdown is given back");
    assert_eq!(
        h.store.snapshot(AuctionId(1)).unwrap().ends_at,
        Some(ends_at),
        "the new deadline is stored first"
    );
    assert_eq!(h.store.stats().resumes, 1);
    let stamp = now(&h);
    let accepted = auction.send(bid(2, stamp)).await.unwrap().unwrap();
    assert_eq!(accepted.bid.amount, Tyiyn(1));
}

#[actix_rt::test]
async fn the_monitor_pauses_an_auction_nobody_is_bidding_on() {
    let h = Harness::paused();
    let auction = h.start(live_led_by(1, T0.plus_ms(10_000), 1, 7, 7));
    h.store.set_unavailable(true);
    advance(9_500).await;

    auction.send(StoreDown { since: T0.plus_ms(9_000) }).await.unwrap();
    advance(30_000).await;

    let paused = auction.send(GetView).await.unwrap().auction;
    assert_eq!(paused.status, AuctionStatus::Live);
    assert_eq!(paused.paused.map(|p| p.remaining_ms), Some(1_000));
    assert_eq!(h.store.stats().finish_calls, 0);

    // The monitor's "back" resumes at once, before the actor's own retry.
    h.store.set_unavailable(false);
    auction.send(StoreUp).await.unwrap();
    let resumed = resumed(&auction, 0).await;
    assert_eq!(resumed.ends_at, Some(now(&h).plus_ms(10_000)));
    assert_eq!(resumed.last_bidder.as_deref(), Some("user1"), "the leader keeps the lead");
}

#[actix_rt::test]
async fn a_deadline_that_passed_before_the_outage_stands() {
    let h = Harness::paused();
    let auction = h.start(live_led_by(1, T0.plus_ms(10_000), 2, 3, 3));
    let mut watcher = Watcher::new();
    auction.send(watcher.join()).await.unwrap();
    advance(10_100).await;
    h.store.set_unavailable(true);
    advance(400).await;

    // The outage began after the deadline: bids were refused by the deadline, not the outage.
    auction.send(StoreDown { since: T0.plus_ms(10_050) }).await.unwrap();
    advance(3_000).await;
    assert!(
        h.store.stats().finish_calls == 0
            && h.store.snapshot(AuctionId(1)).unwrap().status == AuctionStatus::Live
    );
    h.store.set_unavailable(false);

    let finished = watcher.next_of("finished").await;
    assert_eq!(finished["auction"]["endTime"], T0.plus_ms(10_000).to_rfc3339());
    let row = h.store.snapshot(AuctionId(1)).unwrap();
    assert_eq!(
        (row.status, row.leader, row.ended_at),
        (AuctionStatus::Finished, Some(bidder(2)), Some(T0.plus_ms(10_000)))
    );
    assert_eq!(h.store.stats().resumes, 0);
}

#[actix_rt::test]
async fn a_finish_that_fails_is_undone_when_the_outage_began_before_the_deadline() {
    let h = Harness::paused();
    let auction = h.start(live_led_by(1, T0.plus_ms(10_000), 2, 3, 3));
    // The store dies unseen just before the deadline; the finish at deadline + grace fails.
    advance(9_800).await;
    h.store.set_unavailable(true);
    advance(600).await;

    auction.send(StoreDown { since: T0.plus_ms(9_800) }).await.unwrap();
    advance(5_000).await;
    let paused = auction.send(GetView).await.unwrap().auction;
    assert_eq!(paused.paused.map(|p| p.remaining_ms), Some(200));
    assert_eq!(h.store.snapshot(AuctionId(1)).unwrap().status, AuctionStatus::Live);

    h.store.set_unavailable(false);
    let resumed = resumed(&auction, 10).await;
    assert_eq!(resumed.status, AuctionStatus::Live);
    assert!(resumed.ends_at.expect("live").ms_since(now(&h)) > 9_000);
}

#[actix_rt::test]
async fn viewers_and_the_lobby_are_told_of_the_pause_and_the_resume() {
    let h = Harness::paused();
    h.users(1, 5);
    let auction = h.start(live(1, T0.plus_ms(10_000)));
    let mut watcher = Watcher::new();
    auction.send(watcher.join()).await.unwrap();
    watcher.next_of("snapshot").await;
    h.store.set_unavailable(true);
    advance(4_000).await;

    auction.send(bid(1, T0.plus_ms(4_000))).await.unwrap().unwrap_err();
    let paused = watcher.next_of("paused").await;
    assert_eq!(paused["auction"]["paused"]["reason"], "storeUnavailable");
    assert_eq!(paused["auction"]["paused"]["remainingMs"], 6_000);
    assert_eq!(paused["auction"]["paused"]["since"], T0.plus_ms(4_000).to_rfc3339());

    h.store.set_unavailable(false);
    let resumed = watcher.next_of("resumed").await;
    assert!(resumed["auction"]["paused"].is_null());
    assert!(resumed["auction"]["endsAt"].is_string());
    h.settle_outlets().await;
    let lobby = h.lobby.lock().unwrap();
    assert!(lobby.iter().any(|u| u.paused.is_some()), "the lobby heard of the pause");
    assert!(lobby.last().is_some_and(|u| u.paused.is_none()), "and of the resume");
}

#[actix_rt::test]
async fn an_admin_finish_during_the_outage_fails_back_and_the_pause_holds() {
    let h = Harness::paused();
    h.users(1, 5);
    let auction = h.start(live(1, T0.plus_ms(10_000)));
    h.store.set_unavailable(true);
    auction.send(bid(1, T0)).await.unwrap().unwrap_err();

    let refused = auction.send(EndNow).await.unwrap();

    assert_eq!(refused.unwrap_err(), ControlError::StoreUnavailable);
    advance(30_000).await;
    let view = auction.send(GetView).await.unwrap().auction;
    assert_eq!((view.status, view.paused.is_some()), (AuctionStatus::Live, true));
    h.store.set_unavailable(false);
    assert_eq!(resumed(&auction, 10).await.status, AuctionStatus::Live);
    assert_eq!(h.store.stats().finish_calls, 0);
}
