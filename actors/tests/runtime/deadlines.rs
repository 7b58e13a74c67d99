//! Deadlines under paused tokio time: the deadline race, the grace, finishing exactly once, and
//! the admin's finish-now. Waiting on a frame lets paused time jump to the actor's next timer;
//! no test sleeps.

use crate::common;

use std::time::Duration;

use common::{Harness, T0, Watcher, bid, bidder, live, now, upcoming};
use tyiyn_actors::auction::{EndNow, GetView};
use tyiyn_actors::snapshot::AuctionStatus;
use tyiyn_actors::{AuctionId, BidRejected, ControlError, Tyiyn, UserId};

#[actix_rt::test]
async fn bid_stamped_just_before_the_deadline_is_accepted_during_the_grace() {
    let h = Harness::paused();
    h.users(2, 5);
    let deadline = T0.plus_ms(10_000);
    let auction = h.start(live(1, deadline));
    tokio::time::advance(Duration::from_millis(10_200)).await;

    let accepted = auction.send(bid(1, deadline.plus_ms(-1))).await.unwrap().unwrap();

    assert_eq!(accepted.bid.amount, Tyiyn(1));
    assert_eq!(accepted.balance, Some(4));
    assert_eq!(accepted.view.auction.ends_at, Some(deadline.plus_ms(9_999)));
    assert_eq!(h.store.balance(UserId(1)), 4);
}

#[actix_rt::test]
async fn bid_stamped_at_the_deadline_is_rejected_and_costs_nothing() {
    let h = Harness::paused();
    h.users(1, 5);
    let deadline = T0.plus_ms(10_000);
    let auction = h.start(live(1, deadline));
    tokio::time::advance(Duration::from_millis(10_100)).await;

    let refused = auction.send(bid(1, deadline)).await.unwrap();

    assert_eq!(refused.unwrap_err(), BidRejected::DeadlinePassed);
    assert_eq!(h.store.balance(UserId(1)), 5);
    assert_eq!(h.store.stats().commits, 0);
}

#[actix_rt::test]
async fn auction_finishes_exactly_once_after_the_deadline_and_grace() {
    let h = Harness::paused();
    h.users(2, 5);
    let auction = h.start(live(1, T0.plus_ms(10_000)));
    auction.send(bid(1, T0.plus_ms(1_000))).await.unwrap().unwrap();
    auction.send(bid(2, T0.plus_ms(2_000))).await.unwrap().unwrap();
    let mut watcher = Watcher::new();
    auction.send(watcher.join()).await.unwrap();

    let finished = watcher.next_of("finished").await;

    let finished_at = now(&h).ms_since(T0);
    assert!((12_500..12_510).contains(&finished_at), "finished at +{finished_at} ms");
    assert_eq!(finished["auction"]["winner"]["username"], "user2");
    assert_eq!(finished["auction"]["winningBid"]["amount"], 0.02);
    assert_eq!(finished["auction"]["endTime"], T0.plus_ms(12_000).to_rfc3339());
    tokio::time::advance(Duration::from_secs(60)).await;
    assert_eq!(h.store.stats().finish_calls, 1);
    let row = h.store.snapshot(AuctionId(1)).unwrap();
    assert_eq!((row.status, row.leader, row.price), (AuctionStatus::Finished, Some(bidder(2)), Tyiyn(2)));
    assert!(auction.send(bid(1, T0.plus_ms(3_000))).await.is_err(), "the actor has stopped");
}

#[actix_rt::test]
async fn a_bid_in_time_keeps_the_auction_going() {
    let h = Harness::paused();
    h.users(1, 5);
    let auction = h.start(live(1, T0.plus_ms(10_000)));
    tokio::time::advance(Duration::from_millis(9_000)).await;
    auction.send(bid(1, T0.plus_ms(9_000))).await.unwrap().unwrap();

    tokio::time::advance(Duration::from_millis(2_000)).await;
    let view = auction.send(GetView).await.unwrap();

    assert_eq!(view.auction.status, AuctionStatus::Live);
    assert_eq!(view.auction.ends_at, Some(T0.plus_ms(19_000)));
    assert_eq!(h.store.stats().finish_calls, 0);
}

#[actix_rt::test]
async fn admin_finish_makes_the_leader_the_winner() {
    let h = Harness::paused();
    h.users(1, 5);
    let auction = h.start(live(1, T0.plus_ms(10_000)));
    auction.send(bid(1, T0)).await.unwrap().unwrap();

    let view = auction.send(EndNow).await.unwrap().unwrap();

    assert_eq!(view.auction.status, AuctionStatus::Finished);
    assert_eq!(view.auction.winner.as_ref().map(|w| &*w.username), Some("user1"));
    assert_eq!(h.store.stats().finished, 1);
}

#[actix_rt::test]
async fn admin_finish_without_bids_has_no_winner_and_needs_a_live_auction() {
    let h = Harness::paused();
    let running = h.start(live(1, T0.plus_ms(10_000)));
    let waiting = h.start(upcoming(2, T0.plus_ms(60_000)));

    let view = running.send(EndNow).await.unwrap().unwrap();
    let refused = waiting.send(EndNow).await.unwrap();

    assert_eq!(view.auction.winner, None);
    assert_eq!(h.store.snapshot(AuctionId(1)).unwrap().status, AuctionStatus::Finished);
    assert_eq!(refused.unwrap_err(), ControlError::AuctionNotLive);
}
