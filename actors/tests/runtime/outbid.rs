//! Outbid notices (issue 24): a person who loses the lead and is not watching hears of it, at most
//! once per auction per interval; a person watching live does not.

use crate::common;

use common::{Harness, T0, Watcher, bid, live};
use tyiyn_actors::auction::Join;
use tyiyn_actors::outlets::NoticeKind;
use tyiyn_actors::{Tyiyn, UserId};

/// Who was told they were outbid, at which price, in order.
fn told(h: &Harness) -> Vec<(UserId, Tyiyn)> {
    h.notices
        .lock()
        .unwrap()
        .iter()
        .filter_map(|n| match n.kind {
            NoticeKind::Outbid { price } => Some((n.user, price)),
            NoticeKind::AuctionStarted => None,
        })
        .collect()
}

#[actix_rt::test]
async fn the_person_who_lost_the_lead_is_told_once_per_interval() {
    let h = Harness::paused();
    h.users(3, 10);
    let auction = h.start(live(1, T0.plus_ms(10_000)));
    auction.send(bid(1, T0)).await.unwrap().unwrap();
    let first = auction.send(bid(2, T0.plus_ms(1_000))).await.unwrap().unwrap();
    // user 1 takes it back, then loses it again within the interval: told once.
    auction.send(bid(1, T0.plus_ms(2_000))).await.unwrap().unwrap();
    auction.send(bid(3, T0.plus_ms(3_000))).await.unwrap().unwrap();
    h.settle_outlets().await;

    assert_eq!(told(&h), [(UserId(1), first.bid.amount), (UserId(2), first.bid.amount + Tyiyn(1))]);
}

#[actix_rt::test]
async fn a_person_watching_live_is_not_told() {
    let h = Harness::paused();
    h.users(2, 10);
    let auction = h.start(live(1, T0.plus_ms(10_000)));
    let watcher = Watcher::new();
    auction.send(Join { session: watcher.addr.clone().recipient(), user: Some(UserId(1)) }).await.unwrap();
    auction.send(bid(1, T0)).await.unwrap().unwrap();
    auction.send(bid(2, T0.plus_ms(1_000))).await.unwrap().unwrap();
    h.settle_outlets().await;

    assert!(told(&h).is_empty());
}
