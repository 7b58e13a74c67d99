//! Fair auction kinds in the actor, with the test clock: a finish records its winner in the shared
//! wins, which a beginner auction and a win-limited one (same item) consult at once; no new bidders
//! after a price, while those who bid go on; an auto-bidder whose owner a kind refuses stops and
//! the next in turn bids.

use crate::common;

use common::{Harness, T0, Watcher, bid, live, now};
use tyiyn_actors::auction::{EndNow, SetAutoBid};
use tyiyn_actors::errors::{BidRejected, ControlError};
use tyiyn_actors::fairness::{AuctionKind, NoNewBidders};
use tyiyn_actors::snapshot::AuctionSnapshot;
use tyiyn_actors::{Tyiyn, UserId};

fn titled(id: i64, title: &str) -> AuctionSnapshot {
    let mut snap = live(id, T0.plus_ms(600_000));
    snap.details.title = title.into();
    snap
}

#[actix_rt::test]
async fn a_win_closes_beginner_and_same_item_auctions_to_its_winner_at_once() {
    let h = Harness::paused();
    h.users(2, 50);
    let first = h.start(titled(1, "Чайник"));
    let mut beginner = titled(2, "Наушники");
    beginner.details.kind = AuctionKind::Beginner;
    let beginner = h.start(beginner);
    let mut same = titled(3, "ЧАЙНИК");
    same.details.win_limited = true;
    let same = h.start(same);

    // Before any win, user 1 may bid anywhere.
    beginner.send(bid(1, now(&h))).await.unwrap().unwrap();
    first.send(bid(1, now(&h))).await.unwrap().unwrap();
    first.send(EndNow).await.unwrap().unwrap();
    assert!(h.env.wins.has_won(UserId(1)), "the finish recorded the win");

    tokio::time::sleep(std::time::Duration::from_millis(1_000)).await;
    beginner.send(bid(2, now(&h))).await.unwrap().unwrap();
    assert_eq!(beginner.send(bid(1, now(&h))).await.unwrap().unwrap_err(), BidRejected::BeginnersOnly);
    assert_eq!(same.send(bid(1, now(&h))).await.unwrap().unwrap_err(), BidRejected::WinLimitReached);
    same.send(bid(2, now(&h))).await.unwrap().unwrap();
    // Setting an auto-bidder is refused at once, with the rule's own code.
    let set = SetAutoBid { user: UserId(1), username: "user1".into(), bids: 5, max_price: None };
    assert_eq!(
        beginner.send(set).await.unwrap().unwrap_err(),
        ControlError::NotAdmitted(BidRejected::BeginnersOnly)
    );
}

#[actix_rt::test]
async fn no_new_bidders_after_the_price_and_a_refused_auto_bidder_gives_way() {
    let h = Harness::paused();
    h.users(3, 50);
    let mut snap = live(1, T0.plus_ms(600_000));
    snap.details.no_new_bidders_after = Some(NoNewBidders { price: Some(Tyiyn(2)), at: None });
    let auction = h.start(snap);
    let mut w = Watcher::new();
    auction.send(w.join()).await.unwrap();
    // User 3 sets an auto-bidder while the auction is still open to newcomers; user 2 too.
    for user in [3, 2] {
        let set = SetAutoBid {
            user: UserId(user),
            username: format!("user{user}").into(),
            bids: 5,
            max_price: None,
        };
        auction.send(set).await.unwrap().unwrap();
    }
    auction.send(bid(2, now(&h))).await.unwrap().unwrap();
    assert_eq!(w.next_of("bidsPlaced").await["bids"][0]["user"]["username"], "user2");
    auction.send(bid(1, now(&h))).await.unwrap().unwrap();
    assert_eq!(w.next_of("bidsPlaced").await["bids"][0]["user"]["username"], "user1");
    // The price is 0.02 now: user 3 never bid, so its auto-bidder (first in turn) is refused and
    // stops, and user 2's, who did bid, answers.
    let frame = w.next_of("bidsPlaced").await;
    assert_eq!(
        (frame["bids"][0]["user"]["username"].as_str(), frame["bids"][0]["isAuto"].as_bool()),
        (Some("user2"), Some(true))
    );
    let stored = h.store.snapshot(tyiyn_actors::AuctionId(1)).unwrap().autobids;
    let three = stored.iter().find(|o| o.user == UserId(3)).unwrap();
    assert_eq!((three.left, three.active), (5, false));
    assert_eq!(auction.send(bid(3, now(&h))).await.unwrap().unwrap_err(), BidRejected::NoNewBidders);
}
