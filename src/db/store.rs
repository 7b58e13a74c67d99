//! [`PgStore`]: the auction runtime's store on PostgreSQL. Each call is one transaction (bids: one
//! group commit). The runtime makes the calls: its registry creates and loads auctions, and an
//! auction's actor makes every other call for its auction while it is live or upcoming. A finished
//! auction has no actor, so the admin's routes call the store directly to delete it
//! (`delete_with_refunds`, app::auctions) or to stop promoting it (`set_promoted`,
//! app::promotion). Promoting an auction also clears the flag on the auction that had it,
//! in the same transaction; that auction's actor is told after the commit. Besides the store, only
//! the demo seed (super::demo) writes auction rows, at start-up, before the runtime loads them.
//! The writes are in super::lifecycle, the loading in super::snapshot.

use std::future::Future;

use deadpool_postgres::Pool;
use tyiyn_actors::autobid::AutoBid;
use tyiyn_actors::bots::BotAssignment;
use tyiyn_actors::clock::UnixMillis;
use tyiyn_actors::ids::{AuctionId, BidId, BotId, UserId};
use tyiyn_actors::store::{
    AuctionDetails, AuctionSnapshot, AuctionStore, BidBatch, BotStoreError, CommitError, CommittedBid,
    CommittedPrebid, Doubt, FinishRecord, Finished, GoLive, NewAuction, PrebidError, Refund, StoreError,
};

use super::group_commit::GroupCommitter;
use super::leases::Fences;
use super::lifecycle::{self, WonItems};
use super::outbox::Outbox;
use super::rows::down;
use super::snapshot;

/// The runtime's store, backed by the connection pool; bids go through the group committer.
#[derive(Clone)]
pub struct PgStore {
    pool: Pool,
    /// This node's leases, when it takes them (several nodes): every write names its fence.
    fences: Option<Fences>,
    committer: GroupCommitter,
    won: WonItems,
    /// Where the notices of going live and of a win write their messages.
    outbox: Outbox,
}

impl PgStore {
    /// The store over `pool`; starts the group-commit task on the current runtime, committing at
    /// most `groups_in_flight` bid groups at once.
    pub fn new(pool: Pool, deps: (WonItems, Outbox), groups_in_flight: usize) -> PgStore {
        PgStore::fenced(pool, deps, groups_in_flight, None)
    }

    /// [`PgStore::new`] for a node that takes leases: bids commit under `fences`
    /// (docs/rules/cluster.md, "Leases and fences").
    pub fn fenced(
        pool: Pool,
        (won, outbox): (WonItems, Outbox),
        groups_in_flight: usize,
        fences: Option<Fences>,
    ) -> PgStore {
        let committer = GroupCommitter::start(pool.clone(), groups_in_flight, fences.clone());
        PgStore { committer, pool, fences, won, outbox }
    }

    /// The fence of this node's lease on `auction` (`None`: no leases, nothing to name).
    fn fence(&self, auction: AuctionId) -> Option<i64> {
        self.fences.as_ref().map(|f| f.of(auction.0))
    }
}

impl AuctionStore for PgStore {
    fn commit_bids(
        &self,
        batch: BidBatch,
    ) -> impl Future<Output = Result<Vec<CommittedBid>, CommitError>> + Send + 'static {
        self.committer.commit(batch)
    }

    fn resolve_bids(
        &self,
        doubt: Doubt,
    ) -> impl Future<Output = Result<Option<Vec<CommittedBid>>, StoreError>> + Send + 'static {
        super::doubt::resolve_bids(self.pool.clone(), doubt)
    }

    fn commit_prebid(
        &self,
        auction: AuctionId,
        user: UserId,
        stamp: UnixMillis,
    ) -> impl Future<Output = Result<CommittedPrebid, PrebidError>> + Send + 'static {
        super::prebids::commit_prebid(self.pool.clone(), auction, user, stamp, self.fence(auction))
    }

    fn go_live(
        &self,
        change: GoLive,
    ) -> impl Future<Output = Result<Vec<BidId>, StoreError>> + Send + 'static {
        let committer = self.committer.clone();
        let auction = change.auction.0;
        let fence = self.fence(change.auction);
        let going = lifecycle::go_live(self.pool.clone(), self.outbox.clone(), change, fence);
        async move {
            let done = going.await;
            committer.forget_head(auction);
            done
        }
    }

    fn finish(
        &self,
        record: FinishRecord,
    ) -> impl Future<Output = Result<Finished, StoreError>> + Send + 'static {
        let fence = self.fence(record.auction);
        lifecycle::finish(self.pool.clone(), (self.won.clone(), self.outbox.clone()), record, fence)
    }

    fn update_details(
        &self,
        auction: AuctionId,
        details: AuctionDetails,
        start_time: UnixMillis,
    ) -> impl Future<Output = Result<(), StoreError>> + Send + 'static {
        lifecycle::update_details(self.pool.clone(), auction, details, start_time, self.fence(auction))
    }

    fn resume(
        &self,
        auction: AuctionId,
        ends_at: UnixMillis,
    ) -> impl Future<Output = Result<(), StoreError>> + Send + 'static {
        lifecycle::resume(self.pool.clone(), auction, ends_at, self.fence(auction))
    }

    fn delete_with_refunds(
        &self,
        auction: AuctionId,
    ) -> impl Future<Output = Result<Vec<Refund>, StoreError>> + Send + 'static {
        lifecycle::delete_with_refunds(self.pool.clone(), auction)
    }

    fn load_active(&self) -> impl Future<Output = Result<Vec<AuctionSnapshot>, StoreError>> + Send + 'static {
        snapshot::load(self.pool.clone(), None)
    }

    fn load(
        &self,
        auction: AuctionId,
    ) -> impl Future<Output = Result<Option<AuctionSnapshot>, StoreError>> + Send + 'static {
        let pool = self.pool.clone();
        async move { Ok(snapshot::load(pool, Some(auction)).await?.pop()) }
    }

    /// With leases, the creating node takes the new auction's lease before its actor starts.
    fn create(
        &self,
        new: NewAuction,
    ) -> impl Future<Output = Result<AuctionSnapshot, StoreError>> + Send + 'static {
        let (pool, fences) = (self.pool.clone(), self.fences.clone());
        async move {
            let snap = lifecycle::create(pool.clone(), new).await?;
            if let Some(fences) = fences {
                let client = pool.get().await.map_err(down)?;
                let taken = super::leases::take(&client, snap.id.0, fences.node(), fences.ttl_ms()).await;
                let fence = taken
                    .map_err(down)?
                    .ok_or_else(|| StoreError("a new auction's lease was taken".into()))?;
                fences.hold(snap.id.0, fence);
            }
            Ok(snap)
        }
    }

    fn set_promoted(
        &self,
        auction: AuctionId,
        promoted: bool,
    ) -> impl Future<Output = Result<Option<AuctionId>, StoreError>> + Send + 'static {
        super::promotion::set_promoted(self.pool.clone(), auction, promoted)
    }

    fn assign_bot(
        &self,
        auction: AuctionId,
        bot: BotId,
        active: bool,
        bid_limit: u32,
    ) -> impl Future<Output = Result<BotAssignment, BotStoreError>> + Send + 'static {
        super::bots::assign(self.pool.clone(), auction, bot, active, bid_limit)
    }

    fn update_bot_assignment(
        &self,
        auction: AuctionId,
        bot: BotId,
        active: bool,
        bid_limit: u32,
    ) -> impl Future<Output = Result<(), BotStoreError>> + Send + 'static {
        super::bots::update_assignment(self.pool.clone(), auction, bot, active, bid_limit)
    }

    fn remove_bot_assignment(
        &self,
        auction: AuctionId,
        bot: BotId,
    ) -> impl Future<Output = Result<(), BotStoreError>> + Send + 'static {
        super::bots::remove_assignment(self.pool.clone(), auction, bot)
    }

    fn save_autobid(
        &self,
        auction: AuctionId,
        order: AutoBid,
    ) -> impl Future<Output = Result<(), StoreError>> + Send + 'static {
        let pool = self.pool.clone();
        async move {
            let client = pool.get().await.map_err(down)?;
            super::autobids::save(&client, auction, &order).await.map_err(down)
        }
    }

    fn delete_autobid(
        &self,
        auction: AuctionId,
        user: UserId,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send + 'static {
        let pool = self.pool.clone();
        async move {
            let client = pool.get().await.map_err(down)?;
            super::autobids::delete(&client, auction, user).await.map_err(down)
        }
    }
}
