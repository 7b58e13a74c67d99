//! The [`AuctionStore`] operations of [`MemoryStore`]: each runs its transaction under the lock
//! at call time (see `txn`) and returns the result as a future.

use std::future::Future;
use std::time::Duration;

use super::MemoryStore;
use crate::autobid::AutoBid;
use crate::bots::BotAssignment;
use crate::clock::UnixMillis;
use crate::ids::{AuctionId, BidId, BotId, UserId};
use crate::snapshot::{AuctionDetails, AuctionSnapshot};
use crate::store::AuctionStore;
use crate::store::types::*;

async fn ready<T>(value: T, latency: Option<Duration>) -> T {
    if let Some(d) = latency {
        tokio::time::sleep(d).await;
    }
    value
}

impl AuctionStore for MemoryStore {
    fn commit_bids(
        &self,
        batch: BidBatch,
    ) -> impl Future<Output = Result<Vec<CommittedBid>, CommitError>> + Send + 'static {
        let mut inner = self.lock();
        let latency = inner.commit_latency;
        ready(inner.commit_bids(&batch), latency)
    }

    fn resolve_bids(
        &self,
        doubt: Doubt,
    ) -> impl Future<Output = Result<Option<Vec<CommittedBid>>, StoreError>> + Send + 'static {
        ready(self.lock().resolve_bids(&doubt), None)
    }

    fn commit_prebid(
        &self,
        auction: AuctionId,
        user: UserId,
        stamp: UnixMillis,
    ) -> impl Future<Output = Result<CommittedPrebid, PrebidError>> + Send + 'static {
        ready(self.lock().commit_prebid(auction, user, stamp), None)
    }

    fn go_live(
        &self,
        change: GoLive,
    ) -> impl Future<Output = Result<Vec<BidId>, StoreError>> + Send + 'static {
        ready(self.lock().go_live(&change), None)
    }

    fn finish(
        &self,
        record: FinishRecord,
    ) -> impl Future<Output = Result<Finished, StoreError>> + Send + 'static {
        ready(self.lock().finish(record), None)
    }

    fn resume(
        &self,
        auction: AuctionId,
        ends_at: UnixMillis,
    ) -> impl Future<Output = Result<(), StoreError>> + Send + 'static {
        ready(self.lock().resume(auction, ends_at), None)
    }

    fn update_details(
        &self,
        auction: AuctionId,
        details: AuctionDetails,
        start_time: UnixMillis,
    ) -> impl Future<Output = Result<(), StoreError>> + Send + 'static {
        ready(self.lock().update_details(auction, details, start_time), None)
    }

    fn delete_with_refunds(
        &self,
        auction: AuctionId,
    ) -> impl Future<Output = Result<Vec<Refund>, StoreError>> + Send + 'static {
        ready(self.lock().delete_with_refunds(auction), None)
    }

    fn load_active(&self) -> impl Future<Output = Result<Vec<AuctionSnapshot>, StoreError>> + Send + 'static {
        ready(self.lock().load_active(), None)
    }

    fn load(
        &self,
        auction: AuctionId,
    ) -> impl Future<Output = Result<Option<AuctionSnapshot>, StoreError>> + Send + 'static {
        ready(self.lock().load(auction), None)
    }

    fn create(
        &self,
        new: NewAuction,
    ) -> impl Future<Output = Result<AuctionSnapshot, StoreError>> + Send + 'static {
        ready(self.lock().create(new), None)
    }

    fn set_promoted(
        &self,
        auction: AuctionId,
        promoted: bool,
    ) -> impl Future<Output = Result<Option<AuctionId>, StoreError>> + Send + 'static {
        ready(self.lock().set_promoted(auction, promoted), None)
    }

    fn assign_bot(
        &self,
        auction: AuctionId,
        bot: BotId,
        active: bool,
        bid_limit: u32,
    ) -> impl Future<Output = Result<BotAssignment, BotStoreError>> + Send + 'static {
        ready(self.lock().assign_bot(auction, bot, active, bid_limit), None)
    }

    fn update_bot_assignment(
        &self,
        auction: AuctionId,
        bot: BotId,
        active: bool,
        bid_limit: u32,
    ) -> impl Future<Output = Result<(), BotStoreError>> + Send + 'static {
        ready(self.lock().update_bot_assignment(auction, bot, active, bid_limit), None)
    }

    fn remove_bot_assignment(
        &self,
        auction: AuctionId,
        bot: BotId,
    ) -> impl Future<Output = Result<(), BotStoreError>> + Send + 'static {
        ready(self.lock().remove_bot_assignment(auction, bot), None)
    }

    fn save_autobid(
        &self,
        auction: AuctionId,
        order: AutoBid,
    ) -> impl Future<Output = Result<(), StoreError>> + Send + 'static {
        ready(self.lock().save_autobid(auction, order), None)
    }

    fn delete_autobid(
        &self,
        auction: AuctionId,
        user: UserId,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send + 'static {
        ready(self.lock().delete_autobid(auction, user), None)
    }
}
