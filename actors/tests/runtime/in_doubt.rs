//! A commit whose answer is lost is resolved, never guessed (docs/rules/outages.md, "A commit whose
//! answer is lost"): under paused tokio time, a store that loses the answer of one bid commit,
//! after or before committing it, and then is away for a while. The bidder waits for the truth,
//! the countdown pauses meanwhile, other bids are refused without a charge, and once the store
//! answers the bid is answered as it was stored.

use crate::common;

use std::time::Duration;

use common::{Harness, T0, bid, live};
use tyiyn_actors::auction::GetView;
use tyiyn_actors::snapshot::AuctionStatus;
use tyiyn_actors::store::LostAnswer;
use tyiyn_actors::{AuctionId, BidRejected, Tyiyn, UserId};

type Auction =
    actix::Addr<tyiyn_actors::AuctionActor<tyiyn_actors::store::MemoryStore, tyiyn_actors::TokioClock>>;

async fn advance(ms: u64) {
    tokio::time::advance(Duration::from_millis(ms)).await;
}

/// Lets the actor's spawned futures and timers run, `ms` at a time, `turns` times.
async fn turn(turns: usize, ms: u64) {
    for _ in 0..turns {
        tokio::task::yield_now().await;
        advance(ms).await;
    }
}

async fn paused(auction: &Auction) -> bool {
    auction.send(GetView).await.unwrap().auction.paused.is_some()
}

/// Bids of user 1 lost in the store's answer, with the store away for 5 s after it; then a rival
/// bids once the auction runs again. Returns the first bid's answer.
async fn lose_one(
    lost: LostAnswer,
) -> (Harness, Auction, Result<tyiyn_actors::auction::BidAccepted, BidRejected>) {
    let h = Harness::paused();
    h.users(2, 5);
    let auction = h.start(live(1, T0.plus_ms(10_000)));
    advance(1_000).await;
    h.store.lose_next_commit(lost);
    let first = tokio::spawn({
        let auction = auction.clone();
        async move { auction.send(bid(1, T0.plus_ms(1_000))).await.unwrap() }
    });
    turn(5, 10).await;
    assert!(paused(&auction).await, "the auction pauses while the answer is unknown");
    assert!(!first.is_finished(), "the bidder waits for the truth");
    // Bids meanwhile are refused at once, and nothing is charged for them.
    let meanwhile = auction.send(bid(2, T0.plus_ms(1_100))).await.unwrap();
    assert_eq!(meanwhile.unwrap_err(), BidRejected::AuctionPaused);
    // Past the deadline while away: never finished.
    turn(12, 1_000).await;
    assert_eq!(h.store.stats().finish_calls, 0);
    assert!(!first.is_finished(), "still unknown while the store is away");
    h.store.set_unavailable(false);
    turn(40, 100).await;
    let answer = first.await.unwrap();
    (h, auction, answer)
}

#[actix_rt::test]
async fn a_lost_answer_of_a_stored_bid_is_answered_as_placed() {
    let (h, auction, answer) = lose_one(LostAnswer::AfterCommit).await;

    let accepted = answer.expect("the bid was stored: it is answered as placed");
    assert_eq!(accepted.bid.amount, Tyiyn(1));
    assert_eq!(h.store.balance(UserId(1)), 4, "charged once, for the bid it was told was placed");
    assert_eq!(h.store.balance(UserId(2)), 5);
    assert!(!paused(&auction).await, "resumed once known");
    let info = auction.send(GetView).await.unwrap().auction;
    assert_eq!((info.current_price, info.total_bids), (Tyiyn(1), 1));
    assert_eq!(info.last_bidder.as_deref(), Some("user1"));
    let next = auction.send(bid(2, common::now(&h))).await.unwrap().expect("bidding goes on");
    assert_eq!(next.bid.amount, Tyiyn(2), "decided on top of the stored bid");
    let stored = h.store.snapshot(AuctionId(1)).unwrap();
    assert_eq!((stored.price, stored.total_bids, stored.status), (Tyiyn(2), 2, AuctionStatus::Live));
}

#[actix_rt::test]
async fn a_lost_answer_of_a_bid_never_stored_is_answered_as_not_placed() {
    let (h, auction, answer) = lose_one(LostAnswer::BeforeCommit).await;

    assert_eq!(answer.unwrap_err(), BidRejected::StoreUnavailable, "not placed, and said so");
    assert_eq!(h.store.balance(UserId(1)), 5, "nothing charged");
    assert!(!paused(&auction).await);
    let info = auction.send(GetView).await.unwrap().auction;
    assert_eq!((info.current_price, info.total_bids), (Tyiyn(0), 0));
    let next = auction.send(bid(2, common::now(&h))).await.unwrap().expect("bidding goes on");
    assert_eq!(next.bid.amount, Tyiyn(1), "the price follows the stored bids only");
    assert_eq!(h.store.bids(AuctionId(1)).len(), 1);
}
