//! Admin control through the actor: edit an upcoming auction, delete with refunds, and viewers.

use crate::common;

use common::{Harness, Stop, T0, Watcher, bid, live, prebid, upcoming};
use tyiyn_actors::auction::{Delete, GetView, UpdateDetails};
use tyiyn_actors::snapshot::AuctionDetails;
use tyiyn_actors::{AuctionId, BidRejected, Clock, ControlError, Tyiyn, UserId};

fn details(title: &str) -> AuctionDetails {
    AuctionDetails { title: title.into(), retail_price: Tyiyn(250_000), ..AuctionDetails::default() }
}

#[actix_rt::test]
async fn deleting_an_upcoming_auction_refunds_its_prebids() {
    let h = Harness::paused();
    h.users(2, 5);
    let auction = h.start(upcoming(1, T0.plus_ms(60_000)));
    auction.send(prebid(1, T0)).await.unwrap().unwrap();
    auction.send(prebid(2, T0)).await.unwrap().unwrap();
    let mut watcher = Watcher::new();
    auction.send(watcher.join()).await.unwrap();

    auction.send(Delete).await.unwrap().unwrap();

    assert_eq!(watcher.next_of("deleted").await["auction"]["id"], 1);
    assert_eq!([1, 2].map(|u| h.store.balance(UserId(u))), [5, 5]);
    assert!(h.store.snapshot(AuctionId(1)).is_none());
    h.settle_outlets().await;
    assert!(h.lobby.lock().unwrap().last().is_some_and(|l| l.deleted));
    assert!(auction.send(GetView).await.is_err(), "the actor has stopped");
}

#[actix_rt::test]
async fn deleting_a_live_auction_refunds_every_bid() {
    let h = Harness::paused();
    h.users(2, 5);
    let auction = h.start(live(1, T0.plus_ms(10_000)));
    auction.send(bid(1, T0)).await.unwrap().unwrap();
    auction.send(bid(2, T0.plus_ms(100))).await.unwrap().unwrap();
    auction.send(bid(1, T0.plus_ms(1_200))).await.unwrap().unwrap();

    auction.send(Delete).await.unwrap().unwrap();
    h.settle_outlets().await;

    assert_eq!([1, 2].map(|u| h.store.balance(UserId(u))), [5, 5]);
    let refunds: Vec<_> =
        h.balances.lock().unwrap().iter().rev().take(2).map(|b| (b.user.0, b.balance)).collect();
    assert_eq!(refunds, [(2, 5), (1, 5)]);
}

#[actix_rt::test]
async fn editing_an_upcoming_auction_moves_its_start() {
    let h = Harness::paused();
    let auction = h.start(upcoming(1, T0.plus_ms(60_000)));
    let mut watcher = Watcher::new();
    auction.send(watcher.join()).await.unwrap();

    let start = T0.plus_ms(5_000);
    let info = auction
        .send(UpdateDetails { details: details("iPhone 15"), start_time: start })
        .await
        .unwrap()
        .unwrap();
    let started = watcher.next_of("started").await;

    assert_eq!((info.details.title.as_str(), info.start_time), ("iPhone 15", start));
    assert_eq!(started["auction"]["title"], "iPhone 15");
    assert_eq!(started["auction"]["endsAt"], start.plus_ms(10_000).to_rfc3339());
    assert!(h.clock.now() < T0.plus_ms(6_000));
    assert_eq!(h.store.snapshot(AuctionId(1)).unwrap().details.title, "iPhone 15");
}

#[actix_rt::test]
async fn a_live_auction_cannot_be_edited() {
    let h = Harness::paused();
    let auction = h.start(live(1, T0.plus_ms(10_000)));

    let refused = auction.send(UpdateDetails { details: details("x"), start_time: T0 }).await.unwrap();

    assert_eq!(refused.unwrap_err(), ControlError::AuctionNotUpcoming);
}

#[actix_rt::test]
async fn a_session_that_went_away_stops_being_counted() {
    let h = Harness::paused();
    h.users(1, 5);
    let auction = h.start(live(1, T0.plus_ms(10_000)));
    let watcher = Watcher::new();
    auction.send(watcher.join()).await.unwrap();
    assert_eq!(auction.send(GetView).await.unwrap().auction.viewers, 1);

    watcher.addr.send(Stop).await.unwrap();
    auction.send(bid(1, T0)).await.unwrap().unwrap();

    assert_eq!(auction.send(GetView).await.unwrap().auction.viewers, 0);
}

#[actix_rt::test]
async fn bids_are_refused_while_the_auction_is_being_deleted() {
    let h = Harness::paused();
    h.users(1, 5);
    let auction = h.start(live(1, T0.plus_ms(10_000)));

    let (deleted, late) = futures_util::join!(auction.send(Delete), auction.send(bid(1, T0)));

    assert_eq!(deleted.unwrap(), Ok(()));
    assert_eq!(late.unwrap().unwrap_err(), BidRejected::AuctionNotFound);
    assert_eq!(h.store.balance(UserId(1)), 5);
}
