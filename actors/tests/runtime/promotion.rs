//! The promoted auction through its actor: one at a time in the store, `detailsUpdated` to
//! watchers, the previous one told after the commit, the flag kept across a restart.

use crate::common;

use common::{Harness, T0, Watcher, live, upcoming};
use tyiyn_actors::auction::{Delete, ForgetPromotion, GetInfo, SetPromoted};
use tyiyn_actors::{AuctionId, ControlError};

#[actix_rt::test]
async fn promoting_an_auction_clears_the_previous_one_and_tells_watchers() {
    let h = Harness::paused();
    let first = h.start(upcoming(1, T0.plus_ms(60_000)));
    let second = h.start(live(2, T0.plus_ms(10_000)));
    let mut watcher = Watcher::new();
    first.send(watcher.join()).await.unwrap();

    let done = first.send(SetPromoted { promoted: true }).await.unwrap().unwrap();
    assert!(done.auction.is_promoted && !done.was_promoted);
    assert_eq!(done.previous, None);
    assert_eq!(watcher.next_of("detailsUpdated").await["auction"]["isPromoted"], true);

    let done = second.send(SetPromoted { promoted: true }).await.unwrap().unwrap();
    assert_eq!(done.previous, Some(AuctionId(1)));
    assert!(!h.store.snapshot(AuctionId(1)).unwrap().promoted, "cleared in the same store call");
    assert!(h.store.snapshot(AuctionId(2)).unwrap().promoted);

    first.send(ForgetPromotion).await.unwrap();
    assert_eq!(watcher.next_of("detailsUpdated").await["auction"]["isPromoted"], false);
    assert!(!first.send(GetInfo).await.unwrap().is_promoted);
}

#[actix_rt::test]
async fn the_flag_survives_a_reload_and_an_unchanged_flag_broadcasts_nothing() {
    let h = Harness::paused();
    let mut snap = upcoming(1, T0.plus_ms(60_000));
    snap.promoted = true;
    let auction = h.start(snap);
    assert!(auction.send(GetInfo).await.unwrap().is_promoted);

    let again = auction.send(SetPromoted { promoted: true }).await.unwrap().unwrap();
    assert!(again.was_promoted && again.auction.is_promoted);
    let off = auction.send(SetPromoted { promoted: false }).await.unwrap().unwrap();
    assert!(off.was_promoted && !off.auction.is_promoted);
    assert!(!h.store.snapshot(AuctionId(1)).unwrap().promoted);
}

#[actix_rt::test]
async fn a_closing_auction_refuses_promotion_and_a_store_failure_changes_nothing() {
    let h = Harness::paused();
    let auction = h.start(upcoming(1, T0.plus_ms(60_000)));
    h.store.set_unavailable(true);

    let failed = auction.send(SetPromoted { promoted: true }).await.unwrap();
    assert_eq!(failed.unwrap_err(), ControlError::StoreUnavailable);
    assert!(!auction.send(GetInfo).await.unwrap().is_promoted);

    h.store.set_unavailable(false);
    let (deleted, late) =
        futures_util::join!(auction.send(Delete), auction.send(SetPromoted { promoted: true }));
    assert_eq!(deleted.unwrap(), Ok(()));
    assert_eq!(late.unwrap().unwrap_err(), ControlError::AuctionNotFound);
}
