//! The auction actor's bidding and pre-bid rules end to end (with `MemoryStore`), restored
//! state, store outages and what a watching session receives.

use crate::common;

use common::{Harness, T0, Watcher, bid, live, live_led_by, now, prebid, upcoming};
use futures_util::future::join_all;
use tyiyn_actors::auction::GetView;
use tyiyn_actors::{AuctionId, BidRejected, Tyiyn, UserId};

#[actix_rt::test]
async fn leader_cannot_outbid_themselves_and_pays_only_once() {
    let h = Harness::paused();
    h.users(1, 5);
    let auction = h.start(live(1, T0.plus_ms(10_000)));
    auction.send(bid(1, T0)).await.unwrap().unwrap();

    let refused = auction.send(bid(1, T0.plus_ms(3_000))).await.unwrap();

    assert_eq!(refused.unwrap_err(), BidRejected::AlreadyLeader);
    assert_eq!(h.store.balance(UserId(1)), 4);
}

#[actix_rt::test]
async fn a_user_must_wait_one_second_between_bids() {
    let h = Harness::paused();
    h.users(2, 5);
    let auction = h.start(live(1, T0.plus_ms(10_000)));
    auction.send(bid(1, T0)).await.unwrap().unwrap();
    auction.send(bid(2, T0.plus_ms(100))).await.unwrap().unwrap();

    let early = auction.send(bid(1, T0.plus_ms(999))).await.unwrap();
    let on_time = auction.send(bid(1, T0.plus_ms(1_000))).await.unwrap();

    assert_eq!(early.unwrap_err(), BidRejected::TooFast { retry_after_ms: 1 });
    assert!(on_time.is_ok());
    assert_eq!(h.store.balance(UserId(1)), 3);
}

#[actix_rt::test]
async fn prebids_become_bids_in_order_at_the_start_without_a_second_charge() {
    let h = Harness::paused();
    h.users(3, 5);
    let start = T0.plus_ms(60_000);
    let auction = h.start(upcoming(1, start));
    for user in [2, 3, 1] {
        auction.send(prebid(user, now(&h))).await.unwrap().unwrap();
    }
    let again = auction.send(prebid(2, now(&h))).await.unwrap();
    let mut watcher = Watcher::new();
    auction.send(watcher.join()).await.unwrap();

    let started = watcher.next_of("started").await;

    assert_eq!(again.unwrap_err(), BidRejected::AlreadyPrebid);
    assert_eq!(started["auction"]["status"], "live");
    assert_eq!(started["auction"]["currentPrice"], 0.03);
    assert_eq!(started["auction"]["lastBidder"], "user1");
    assert_eq!(started["auction"]["endsAt"], start.plus_ms(10_000).to_rfc3339());
    let names: Vec<_> =
        started["bids"].as_array().unwrap().iter().map(|b| b["user"]["username"].clone()).collect();
    assert_eq!(names, ["user1", "user3", "user2"]); // newest first
    let stored: Vec<_> =
        h.store.bids(AuctionId(1)).iter().map(|b| (b.bidder.id.user().unwrap().0, b.is_prebid)).collect();
    assert_eq!(stored, [(2, true), (3, true), (1, true)]);
    assert!((1..=3).all(|u| h.store.balance(UserId(u)) == 4));
    assert_eq!(h.store.notifications().len(), 3);
}

#[actix_rt::test]
async fn prebid_is_refused_once_live_and_without_balance() {
    let h = Harness::paused();
    h.users(2, 5);
    h.store.set_balance(UserId(2), 0);
    let upcoming_one = h.start(upcoming(1, T0.plus_ms(60_000)));
    let live_one = h.start(live(2, T0.plus_ms(10_000)));

    let broke = upcoming_one.send(prebid(2, T0)).await.unwrap();
    let late = live_one.send(prebid(1, T0)).await.unwrap();

    assert_eq!(broke.unwrap_err(), BidRejected::InsufficientBids);
    assert_eq!(late.unwrap_err(), BidRejected::AuctionNotUpcoming);
    assert_eq!(upcoming_one.send(GetView).await.unwrap().auction.prebids_count, 0);
}

#[actix_rt::test]
async fn a_restored_auction_keeps_its_leader_and_price() {
    let h = Harness::paused();
    h.users(3, 5);
    let auction = h.start(live_led_by(1, T0.plus_ms(5_000), 3, 700, 12));

    let refused = auction.send(bid(3, T0)).await.unwrap();
    let accepted = auction.send(bid(1, T0)).await.unwrap().unwrap();

    assert_eq!(refused.unwrap_err(), BidRejected::AlreadyLeader);
    assert_eq!(accepted.bid.amount, Tyiyn(701));
    assert_eq!(accepted.view.auction.total_bids, 13);
}

#[actix_rt::test]
async fn store_outage_refuses_the_bid_and_changes_nothing() {
    let h = Harness::paused();
    h.users(1, 5);
    let auction = h.start(live(1, T0.plus_ms(10_000)));
    h.store.set_unavailable(true);

    let refused = auction.send(bid(1, T0)).await.unwrap();
    let paused = auction.send(bid(1, T0.plus_ms(10))).await.unwrap();
    h.store.set_unavailable(false);
    let view = auction.send(GetView).await.unwrap();
    // The countdown paused with the failed write; it runs again at the next retry (tests/outage.rs).
    while auction.send(GetView).await.unwrap().auction.paused.is_some() {
        tokio::time::advance(std::time::Duration::from_millis(100)).await;
    }
    let retried = auction.send(bid(1, common::now(&h))).await.unwrap();

    assert_eq!(refused.unwrap_err(), BidRejected::StoreUnavailable);
    assert_eq!(paused.unwrap_err(), BidRejected::AuctionPaused);
    assert_eq!((view.auction.current_price, view.auction.total_bids), (Tyiyn(0), 0));
    assert_eq!(retried.unwrap().balance, Some(4));
}

#[actix_rt::test]
async fn joining_session_gets_the_full_state_then_each_batch() {
    let h = Harness::paused();
    h.users(1, 5);
    let auction = h.start(live_led_by(1, T0.plus_ms(10_000), 2, 40, 4));
    let mut watcher = Watcher::new();
    auction.send(watcher.join()).await.unwrap();

    let first = watcher.next().await;
    auction.send(bid(1, T0)).await.unwrap().unwrap();
    let second = watcher.next().await;

    assert_eq!(first["type"], "snapshot");
    assert_eq!(first["auction"]["currentPrice"], 0.4);
    assert_eq!(first["auction"]["viewers"], 1);
    assert_eq!(second["type"], "bidsPlaced");
    assert_eq!(second["bids"][0]["user"]["username"], "user1");
    assert_eq!(second["bids"][0]["amount"], 0.41);
}

#[actix_rt::test]
async fn concurrent_bids_are_committed_in_fewer_batches_than_bids() {
    let h = Harness::paused();
    h.users(100, 5);
    let auction = h.start(live(1, T0.plus_ms(10_000)));

    let answers = join_all((1..=100).map(|u| auction.send(bid(u, T0.plus_ms(u))))).await;

    assert!(answers.iter().all(|a| matches!(a, Ok(Ok(_)))));
    let stats = h.store.stats();
    assert_eq!(stats.bids_committed, 100);
    assert!(stats.commits < 100, "{} commits for 100 bids", stats.commits);
    let view = auction.send(GetView).await.unwrap();
    assert_eq!((view.auction.current_price, view.auction.total_bids), (Tyiyn(100), 100));
    assert_eq!(view.bids.len(), 50);
}

/// A session that stops reading while it is held: its mailbox (one frame) fills up.
struct SlowSession {
    frames: tokio::sync::mpsc::UnboundedSender<serde_json::Value>,
}

impl actix::Actor for SlowSession {
    type Context = actix::Context<Self>;
    fn started(&mut self, ctx: &mut Self::Context) {
        ctx.set_mailbox_capacity(1);
    }
}

impl actix::Handler<tyiyn_actors::outlets::Push> for SlowSession {
    type Result = ();
    fn handle(&mut self, msg: tyiyn_actors::outlets::Push, _: &mut Self::Context) {
        let _ = self.frames.send(serde_json::from_str(&msg.frame).unwrap());
    }
}

/// Holds the session (it reads nothing) until `release` fires.
#[derive(actix::Message)]
#[rtype(result = "()")]
struct Hold(tokio::sync::oneshot::Receiver<()>);

impl actix::Handler<Hold> for SlowSession {
    type Result = ();
    fn handle(&mut self, msg: Hold, ctx: &mut Self::Context) {
        use actix::{ActorFutureExt, AsyncContext, WrapFuture};
        ctx.wait(async move { msg.0.await.ok() }.into_actor(self).map(|_, _, _| ()));
    }
}

#[actix_rt::test]
async fn a_viewer_that_falls_behind_gets_the_latest_state_not_silence() {
    use actix::Actor;
    let h = Harness::paused();
    h.users(4, 10);
    let auction = h.start(live(1, T0.plus_ms(60_000)));
    let (tx, mut frames) = tokio::sync::mpsc::unbounded_channel();
    let slow = SlowSession { frames: tx }.start();
    auction
        .send(tyiyn_actors::auction::Join { session: slow.clone().recipient(), user: None })
        .await
        .unwrap();
    assert_eq!(frames.recv().await.unwrap()["type"], "snapshot");

    // Held: the first bid's frame fills its one-frame mailbox, the next two do not fit.
    let (release, held) = tokio::sync::oneshot::channel();
    slow.send(Hold(held)).await.unwrap();
    for (user, at) in [(1, 1_000), (2, 2_000), (3, 3_000)] {
        auction.send(bid(user, T0.plus_ms(at))).await.unwrap().unwrap();
    }
    release.send(()).unwrap();
    let first = frames.recv().await.unwrap();
    assert_eq!(
        (first["type"].as_str(), first["auction"]["totalBids"].as_i64()),
        (Some("bidsPlaced"), Some(1))
    );

    // It missed two bids: the next broadcast brings it the whole state, every bid included.
    auction.send(bid(4, T0.plus_ms(4_000))).await.unwrap().unwrap();
    let next = tokio::time::timeout(std::time::Duration::from_secs(5), frames.recv()).await;
    let caught_up = next.expect("the slow viewer still gets frames").unwrap();
    assert_eq!(caught_up["type"], "snapshot");
    assert_eq!(caught_up["auction"]["totalBids"], 4);
    assert_eq!(caught_up["bids"].as_array().unwrap().len(), 4);

    // And from then on, changes again.
    auction.send(bid(1, T0.plus_ms(5_000))).await.unwrap().unwrap();
    assert_eq!(frames.recv().await.unwrap()["type"], "bidsPlaced");
}
