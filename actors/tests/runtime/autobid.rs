//! Users' auto-bidders under paused tokio time: they bid only inside the window before the
//! deadline (3–5 s here, the default rules), never against their owner, stop at their count, their
//! ceiling, their owner's balance and the finish, take turns with each other, and a person's bid
//! that arrives first stays first. Waiting on a frame lets paused time jump to the actor's next
//! timer; no test sleeps.

use crate::common;

use common::{Harness, T0, Watcher, bid, live, now, upcoming};
use serde_json::Value;
use tyiyn_actors::auction::{AuctionActor, CancelAutoBid, GetAutoBid, SetAutoBid};
use tyiyn_actors::autobid::AutoBid;
use tyiyn_actors::store::MemoryStore;
use tyiyn_actors::{AuctionId, TokioClock, Tyiyn, UnixMillis, UserId};

type Auction = actix::Addr<AuctionActor<MemoryStore, TokioClock>>;

async fn set(auction: &Auction, user: i64, bids: u32, max_price: Option<i64>) -> AutoBid {
    let msg = SetAutoBid {
        user: UserId(user),
        username: format!("user{user}").into(),
        bids,
        max_price: max_price.map(Tyiyn),
    };
    auction.send(msg).await.unwrap().unwrap()
}

async fn order(auction: &Auction, user: i64) -> Option<AutoBid> {
    auction.send(GetAutoBid { user: UserId(user) }).await.unwrap()
}

fn stamp(bid: &Value) -> UnixMillis {
    let at = chrono::DateTime::parse_from_rfc3339(bid["createdAt"].as_str().unwrap()).unwrap();
    UnixMillis(at.timestamp_millis())
}

/// The next committed bid: (bidder, isAuto, its stamp, the deadline it made).
async fn next_bid(w: &mut Watcher) -> (String, bool, UnixMillis, UnixMillis) {
    let frame = w.next_of("bidsPlaced").await;
    let b = &frame["bids"][0];
    let ends = chrono::DateTime::parse_from_rfc3339(frame["auction"]["endsAt"].as_str().unwrap()).unwrap();
    (
        b["user"]["username"].as_str().unwrap().to_owned(),
        b["isAuto"].as_bool().unwrap(),
        stamp(b),
        UnixMillis(ends.timestamp_millis()),
    )
}

fn watch(h: &Harness, snap: tyiyn_actors::snapshot::AuctionSnapshot) -> (Auction, Watcher) {
    let auction = h.start(snap);
    (auction, Watcher::new())
}

#[actix_rt::test]
async fn an_auto_bidder_answers_only_inside_the_window_and_never_outbids_its_owner() {
    let h = Harness::paused();
    h.users(2, 50);
    let (auction, mut w) = watch(&h, live(1, T0.plus_ms(600_000)));
    auction.send(w.join()).await.unwrap();
    // User 2 leads by hand, then sets an auto-bidder: it does not bid against them.
    auction.send(bid(2, now(&h))).await.unwrap().unwrap();
    assert_eq!(next_bid(&mut w).await.0, "user2");
    set(&auction, 2, 10, None).await;
    tokio::time::sleep(std::time::Duration::from_secs(4)).await;
    assert_eq!(h.store.bids(AuctionId(1)).len(), 1, "no auto-bid while its owner leads");

    for round in 0..4 {
        let person = auction.send(bid(1, now(&h))).await.unwrap().unwrap();
        let deadline = person.view.auction.ends_at.unwrap();
        assert_eq!(next_bid(&mut w).await.0, "user1");
        let (who, auto, at, _) = next_bid(&mut w).await;
        assert_eq!((who.as_str(), auto), ("user2", true), "round {round}");
        let left = deadline.ms_since(at);
        assert!((3_000..=5_000).contains(&left), "round {round}: bid with {left} ms left");
    }
    let o = order(&auction, 2).await.unwrap();
    assert_eq!((o.bids, o.left, o.active), (10, 6, true));
    assert_eq!(h.store.balance(UserId(2)), 45, "its 4 auto-bids and the one by hand were paid");
    assert_eq!(
        h.store.snapshot(AuctionId(1)).unwrap().autobids[0].left,
        6,
        "the count is committed with the bids"
    );
}

#[actix_rt::test]
async fn two_auto_bidders_alternate_until_one_runs_out_then_the_other_wins() {
    let h = Harness::paused();
    h.users(3, 50);
    let (auction, mut w) = watch(&h, live(1, T0.plus_ms(10_000)));
    auction.send(w.join()).await.unwrap();
    set(&auction, 2, 3, None).await;
    set(&auction, 3, 2, None).await;
    let mut seq = Vec::new();
    for _ in 0..5 {
        let (who, auto, _, _) = next_bid(&mut w).await;
        assert!(auto);
        seq.push(who);
    }
    // User 2 was set first: it goes first, then they take turns; user 3 stops at 2, user 2 at 3.
    assert_eq!(seq, ["user2", "user3", "user2", "user3", "user2"]);
    let done = w.next_of("finished").await;
    assert_eq!(done["auction"]["lastBidder"], "user2");
    assert_eq!(h.store.bids(AuctionId(1)).len(), 5, "no bid after the finish");
    let stored = h.store.snapshot(AuctionId(1)).unwrap().autobids;
    assert!(stored.iter().all(|o| o.left == 0 && !o.active), "{stored:?}");
}

#[actix_rt::test]
async fn an_auto_bidder_stops_at_its_ceiling_and_at_its_owners_balance() {
    let h = Harness::paused();
    h.users(1, 50);
    h.store.add_user(UserId(2), "user2", 1);
    h.store.add_user(UserId(3), "user3", 50);
    let (auction, mut w) = watch(&h, live(1, T0.plus_ms(600_000)));
    auction.send(w.join()).await.unwrap();
    // User 3 may make the price at most 0.03: price 0.01 after user 1, its bid makes 0.02; after
    // user 1's 0.03, its bid would make 0.04: it stops.
    set(&auction, 3, 50, Some(2)).await;
    // User 2 has one bid: the first auto-bid takes it, the second is refused and stops it.
    set(&auction, 2, 10, None).await;
    auction.send(bid(1, now(&h))).await.unwrap().unwrap();
    assert_eq!(next_bid(&mut w).await.0, "user1");
    let (who, _, _, _) = next_bid(&mut w).await;
    assert_eq!(who, "user3", "set earlier than user 2's: its turn first");
    tokio::time::sleep(std::time::Duration::from_millis(1_000)).await;
    auction.send(bid(1, now(&h))).await.unwrap().unwrap();
    assert_eq!(next_bid(&mut w).await.0, "user1");
    let (who, auto, _, _) = next_bid(&mut w).await;
    assert_eq!((who.as_str(), auto), ("user2", true), "user 3's next bid would pass its ceiling");
    tokio::time::sleep(std::time::Duration::from_millis(1_000)).await;
    auction.send(bid(1, now(&h))).await.unwrap().unwrap();
    assert_eq!(next_bid(&mut w).await.0, "user1");
    // Nobody may answer now: user 3 is at its ceiling, user 2's balance is spent. User 1 wins.
    let done = w.next_of("finished").await;
    assert_eq!(done["auction"]["lastBidder"], "user1");
    let stored = h.store.snapshot(AuctionId(1)).unwrap().autobids;
    let two = stored.iter().find(|o| o.user == UserId(2)).unwrap();
    assert_eq!((two.left, two.active), (9, false), "stopped by its balance, its unused bids never taken");
    assert_eq!(h.store.balance(UserId(2)), 0);
    let three = stored.iter().find(|o| o.user == UserId(3)).unwrap();
    assert_eq!((three.left, three.active), (49, true), "only the ceiling held it back");
}

#[actix_rt::test]
async fn a_persons_bid_that_arrives_first_stays_first_and_the_auto_bidder_answers_it() {
    let h = Harness::paused();
    h.users(2, 50);
    let (auction, mut w) = watch(&h, live(1, T0.plus_ms(10_000)));
    auction.send(w.join()).await.unwrap();
    set(&auction, 2, 5, None).await;
    // 5.5 s before the deadline, ahead of any draw (3–5 s before it), a person bids: they are
    // first, and the auto-bidder answers the new deadline from its own window.
    tokio::time::sleep(std::time::Duration::from_millis(4_500)).await;
    let person = auction.send(bid(1, now(&h))).await.unwrap().unwrap();
    let (who, auto, _, _) = next_bid(&mut w).await;
    assert_eq!((who.as_str(), auto), ("user1", false));
    let (who, auto, at, _) = next_bid(&mut w).await;
    assert_eq!((who.as_str(), auto), ("user2", true));
    let left = person.view.auction.ends_at.unwrap().ms_since(at);
    assert!((3_000..=5_000).contains(&left), "answered with {left} ms left of the person's deadline");
}

#[actix_rt::test]
async fn an_auto_bidder_set_before_the_start_bids_once_live_and_can_be_cancelled() {
    let h = Harness::paused();
    h.users(2, 50);
    let start = T0.plus_ms(2_000);
    let (auction, mut w) = watch(&h, upcoming(1, start));
    auction.send(w.join()).await.unwrap();
    set(&auction, 2, 2, None).await;
    let (who, auto, at, _) = next_bid(&mut w).await;
    assert_eq!((who.as_str(), auto), ("user2", true));
    assert!(at.ms_since(start) >= 5_000, "inside the start countdown's window, not at the start");
    // User 1 answers, user 2 cancels: nothing answers user 1 and it wins.
    auction.send(bid(1, now(&h))).await.unwrap().unwrap();
    assert_eq!(next_bid(&mut w).await.0, "user1");
    assert_eq!(auction.send(CancelAutoBid { user: UserId(2) }).await.unwrap(), Ok(true));
    assert_eq!(auction.send(CancelAutoBid { user: UserId(2) }).await.unwrap(), Ok(false));
    let done = w.next_of("finished").await;
    assert_eq!(done["auction"]["lastBidder"], "user1");
    assert!(h.store.snapshot(AuctionId(1)).unwrap().autobids.is_empty());
    assert_eq!(h.store.balance(UserId(2)), 49, "one auto-bid placed, the other never taken");
}

#[actix_rt::test]
async fn a_restarted_auction_keeps_its_auto_bidders_with_their_counts() {
    let h = Harness::paused();
    h.users(2, 50);
    let mut snap = live(1, T0.plus_ms(10_000));
    snap.autobids = vec![AutoBid {
        user: UserId(2),
        username: "user2".into(),
        bids: 5,
        left: 1,
        max_price: None,
        active: true,
        set_at: T0,
    }];
    let (auction, mut w) = watch(&h, snap);
    auction.send(w.join()).await.unwrap();
    let (who, auto, _, _) = next_bid(&mut w).await;
    assert_eq!((who.as_str(), auto), ("user2", true));
    let o = order(&auction, 2).await.unwrap();
    assert_eq!((o.left, o.active), (0, false), "its last bid");
}

#[actix_rt::test]
async fn a_spent_limit_or_a_pause_refuses_with_its_reason_and_stops_the_auto_bidder() {
    use tyiyn_actors::errors::BidRejected;
    let h = Harness::paused();
    h.users(3, 50);
    let (auction, mut w) = watch(&h, live(1, T0.plus_ms(600_000)));
    auction.send(w.join()).await.unwrap();
    // The store refuses user 2 as the database does for a paused user, user 3 for a spent limit.
    h.store.set_blocked(UserId(2), Some(BidRejected::BiddingPaused));
    h.store.set_blocked(UserId(3), Some(BidRejected::LimitReached));
    assert_eq!(auction.send(bid(2, now(&h))).await.unwrap().unwrap_err(), BidRejected::BiddingPaused);
    assert_eq!(auction.send(bid(3, now(&h))).await.unwrap().unwrap_err(), BidRejected::LimitReached);
    // User 1's bid in the same auction is not held back by them.
    auction.send(bid(1, now(&h))).await.unwrap().unwrap();
    assert_eq!(next_bid(&mut w).await.0, "user1");
    // User 3's auto-bidder answers user 1, meets the limit, and stops without taking a bid.
    set(&auction, 3, 10, None).await;
    let done = w.next_of("finished").await;
    assert_eq!(done["auction"]["lastBidder"], "user1");
    let stored = h.store.snapshot(AuctionId(1)).unwrap().autobids;
    let three = stored.iter().find(|o| o.user == UserId(3)).unwrap();
    assert_eq!((three.left, three.active), (10, false));
    assert_eq!((h.store.balance(UserId(2)), h.store.balance(UserId(3))), (50, 50), "nothing charged");
}
