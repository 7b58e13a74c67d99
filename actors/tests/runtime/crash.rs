//! An auction actor that dies (here: a panic inside its store call, like a bug would) is
//! reloaded from the store by the registry; the bid it was handling is answered "outcome unknown"
//! and here costs nothing (the commit never ran).

use crate::common;

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use common::{Harness, T0, bid, live_led_by};
use tyiyn_actors::auction::Env;
use tyiyn_actors::bots::BotAssignment;
use tyiyn_actors::clock::UnixMillis;
use tyiyn_actors::ids::{AuctionId, BidId, BotId, Tyiyn, UserId};
use tyiyn_actors::store::*;
use tyiyn_actors::{BidRejected, Registry};

/// A store whose next bid commit panics inside the actor, like a bug would.
#[derive(Clone)]
struct Fragile {
    inner: MemoryStore,
    explode: Arc<AtomicBool>,
}

impl AuctionStore for Fragile {
    fn commit_bids(
        &self,
        batch: BidBatch,
    ) -> impl Future<Output = Result<Vec<CommittedBid>, CommitError>> + Send + 'static {
        let explode = self.explode.swap(false, Ordering::SeqCst);
        let commit = (!explode).then(|| self.inner.commit_bids(batch));
        async move {
            match commit {
                Some(commit) => commit.await,
                None => panic!("simulated crash inside the auction actor"),
            }
        }
    }
    fn resolve_bids(
        &self,
        doubt: Doubt,
    ) -> impl Future<Output = Result<Option<Vec<CommittedBid>>, StoreError>> + Send + 'static {
        self.inner.resolve_bids(doubt)
    }
    fn commit_prebid(
        &self,
        a: AuctionId,
        u: UserId,
        s: UnixMillis,
    ) -> impl Future<Output = Result<CommittedPrebid, PrebidError>> + Send + 'static {
        self.inner.commit_prebid(a, u, s)
    }
    fn go_live(
        &self,
        change: GoLive,
    ) -> impl Future<Output = Result<Vec<BidId>, StoreError>> + Send + 'static {
        self.inner.go_live(change)
    }
    fn finish(
        &self,
        record: FinishRecord,
    ) -> impl Future<Output = Result<tyiyn_actors::store::Finished, StoreError>> + Send + 'static {
        self.inner.finish(record)
    }
    fn resume(
        &self,
        a: AuctionId,
        e: UnixMillis,
    ) -> impl Future<Output = Result<(), StoreError>> + Send + 'static {
        self.inner.resume(a, e)
    }
    fn update_details(
        &self,
        a: AuctionId,
        d: AuctionDetails,
        s: UnixMillis,
    ) -> impl Future<Output = Result<(), StoreError>> + Send + 'static {
        self.inner.update_details(a, d, s)
    }
    fn delete_with_refunds(
        &self,
        a: AuctionId,
    ) -> impl Future<Output = Result<Vec<Refund>, StoreError>> + Send + 'static {
        self.inner.delete_with_refunds(a)
    }
    fn load_active(&self) -> impl Future<Output = Result<Vec<AuctionSnapshot>, StoreError>> + Send + 'static {
        self.inner.load_active()
    }
    fn load(
        &self,
        a: AuctionId,
    ) -> impl Future<Output = Result<Option<AuctionSnapshot>, StoreError>> + Send + 'static {
        self.inner.load(a)
    }
    fn create(
        &self,
        new: NewAuction,
    ) -> impl Future<Output = Result<AuctionSnapshot, StoreError>> + Send + 'static {
        self.inner.create(new)
    }
    fn set_promoted(
        &self,
        a: AuctionId,
        promoted: bool,
    ) -> impl Future<Output = Result<Option<AuctionId>, StoreError>> + Send + 'static {
        self.inner.set_promoted(a, promoted)
    }
    fn assign_bot(
        &self,
        a: AuctionId,
        b: BotId,
        active: bool,
        limit: u32,
    ) -> impl Future<Output = Result<BotAssignment, BotStoreError>> + Send + 'static {
        self.inner.assign_bot(a, b, active, limit)
    }
    fn update_bot_assignment(
        &self,
        a: AuctionId,
        b: BotId,
        active: bool,
        limit: u32,
    ) -> impl Future<Output = Result<(), BotStoreError>> + Send + 'static {
        self.inner.update_bot_assignment(a, b, active, limit)
    }
    fn remove_bot_assignment(
        &self,
        a: AuctionId,
        b: BotId,
    ) -> impl Future<Output = Result<(), BotStoreError>> + Send + 'static {
        self.inner.remove_bot_assignment(a, b)
    }
    fn save_autobid(
        &self,
        a: AuctionId,
        order: tyiyn_actors::autobid::AutoBid,
    ) -> impl Future<Output = Result<(), StoreError>> + Send + 'static {
        self.inner.save_autobid(a, order)
    }
    fn delete_autobid(
        &self,
        a: AuctionId,
        u: UserId,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send + 'static {
        self.inner.delete_autobid(a, u)
    }
}

#[actix_rt::test]
async fn an_auction_whose_actor_dies_is_reloaded_from_the_store() {
    let h = Harness::paused();
    h.users(2, 5);
    h.store.seed(live_led_by(1, T0.plus_ms(7_000), 2, 10, 1));
    let fragile = Fragile { inner: h.store.clone(), explode: Arc::new(AtomicBool::new(true)) };
    let env = Env {
        store: Arc::new(fragile),
        clock: h.clock.clone(),
        rules: h.env.rules,
        outlets: h.env.outlets.clone(),
        settings: h.env.settings,
        bots: h.env.bots.clone(),
        wins: Default::default(),
    };
    let directory = Registry::launch(env, Vec::new()).await.unwrap();
    let first = directory.get(AuctionId(1)).unwrap();

    let lost = directory.place_bid(AuctionId(1), bid(1, T0)).await;
    let again = directory.place_bid(AuctionId(1), bid(1, T0.plus_ms(1))).await.unwrap();

    // The actor died inside the store call: the bidder is told the outcome is unknown (here the
    // commit never happened, as the balance shows).
    assert_eq!(lost.unwrap_err(), BidRejected::OutcomeUnknown);
    assert_eq!(again.bid.amount, Tyiyn(11));
    assert_ne!(directory.get(AuctionId(1)).unwrap(), first, "a new actor took over");
    assert_eq!(h.store.balance(UserId(1)), 4);
}
