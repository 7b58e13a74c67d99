//! Group commit: bids that queue up during a commit go in together; a batch the store refuses is
//! replayed through the rules from the committed state.

use crate::common;

use std::time::Duration;

use common::{Harness, T0, bid, bidder, live};
use futures_util::future::join_all;
use tyiyn_actors::auction::GetView;
use tyiyn_actors::{AuctionId, BidRejected, Tyiyn, UserId};

#[actix_rt::test]
async fn bids_arriving_during_a_commit_are_committed_together() {
    let h = Harness::paused();
    h.users(20, 5);
    h.store.set_commit_latency(Some(Duration::from_millis(5)));
    let auction = h.start(live(1, T0.plus_ms(10_000)));

    let answers = join_all((1..=20).map(|u| auction.send(bid(u, T0.plus_ms(u))))).await;

    assert!(answers.iter().all(|a| matches!(a, Ok(Ok(_)))));
    assert_eq!(h.store.stats().commits, 2, "one bid alone, then the 19 that queued behind it");
    let amounts: Vec<i64> = answers.into_iter().map(|a| a.unwrap().unwrap().bid.amount.0).collect();
    assert_eq!(amounts, (1..=20).collect::<Vec<_>>(), "each bid answered with its own price");
}

#[actix_rt::test]
async fn insufficient_balance_in_a_batch_refuses_only_that_bid() {
    let h = Harness::paused();
    h.users(3, 5);
    h.store.set_balance(UserId(2), 0);
    h.store.set_commit_latency(Some(Duration::from_millis(5)));
    let auction = h.start(live(1, T0.plus_ms(10_000)));

    let answers = join_all([1, 2, 3].map(|u| auction.send(bid(u, T0.plus_ms(u))))).await;

    let outcomes: Vec<_> = answers.into_iter().map(|a| a.unwrap().map(|ok| ok.bid.amount)).collect();
    assert_eq!(outcomes, [Ok(Tyiyn(1)), Err(BidRejected::InsufficientBids), Ok(Tyiyn(2))]);
    assert_eq!([1, 2, 3].map(|u| h.store.balance(UserId(u))), [4, 0, 4]);
    let view = auction.send(GetView).await.unwrap();
    let row = h.store.snapshot(AuctionId(1)).unwrap();
    assert_eq!((view.auction.current_price, view.auction.total_bids), (Tyiyn(2), 2));
    assert_eq!((row.price, row.total_bids, row.leader), (Tyiyn(2), 2, Some(bidder(3))));
    assert_eq!(view.auction.last_bidder.as_deref(), Some("user3"));
    assert_eq!(h.store.stats().failed_commits, 1);
}

#[actix_rt::test]
async fn a_replayed_bid_is_decided_again_from_the_committed_state() {
    let h = Harness::paused();
    h.users(2, 5);
    h.store.set_balance(UserId(2), 0);
    h.store.set_commit_latency(Some(Duration::from_millis(5)));
    let auction = h.start(live(1, T0.plus_ms(10_000)));

    // User 1 leads; user 2 (who cannot pay) outbids; user 1 answers a second later.
    let answers =
        join_all([bid(1, T0), bid(2, T0.plus_ms(1)), bid(1, T0.plus_ms(1_000))].map(|b| auction.send(b)))
            .await;

    let outcomes: Vec<_> = answers.into_iter().map(|a| a.unwrap().map(|ok| ok.bid.amount)).collect();
    assert_eq!(outcomes, [Ok(Tyiyn(1)), Err(BidRejected::InsufficientBids), Err(BidRejected::AlreadyLeader)]);
    assert_eq!(h.store.balance(UserId(1)), 4);
    assert_eq!(h.store.snapshot(AuctionId(1)).unwrap().total_bids, 1);
}

#[actix_rt::test]
async fn a_commit_publishes_balances_and_a_lobby_update() {
    let h = Harness::paused();
    h.users(1, 5);
    let auction = h.start(live(1, T0.plus_ms(10_000)));

    auction.send(bid(1, T0)).await.unwrap().unwrap();
    h.settle_outlets().await;

    let balances = h.balances.lock().unwrap().clone();
    let lobby = h.lobby.lock().unwrap().clone();
    assert_eq!(balances.iter().map(|b| (b.user, b.balance)).collect::<Vec<_>>(), [(UserId(1), 4)]);
    assert_eq!(lobby.last().map(|l| (l.price, l.total_bids)), Some((Tyiyn(1), 1)));
    assert_eq!(lobby.last().and_then(|l| l.ends_at), Some(T0.plus_ms(10_000)));
}
