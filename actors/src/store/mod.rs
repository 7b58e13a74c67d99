//! Persistence: the [`AuctionStore`] trait the server implements with PostgreSQL, the records it
//! exchanges with the runtime, and [`MemoryStore`], an in-memory implementation for tests and
//! benches.
//!
//! The runtime never writes an auction row any other way: every durable change of a live or
//! upcoming auction is one of these calls, made by that auction's actor.

use std::future::Future;

use crate::autobid::AutoBid;
use crate::bots::BotAssignment;
use crate::clock::UnixMillis;
use crate::ids::{AuctionId, BidId, BotId, UserId};

mod memory;
mod types;

// The snapshot and the details are also the rules' and the views' input; re-exported here.
pub use crate::snapshot::{AuctionDetails, AuctionSnapshot};
pub use memory::{LostAnswer, MemoryStore, StoreStats, StoredBid};
pub use types::{
    AuctionTally, BidBatch, BotStoreError, CommitError, CommittedBid, CommittedPrebid, Doubt, FinishRecord,
    Finished, GoLive, NewAuction, NewBid, PrebidError, Refund, StoreError,
};

/// Durable storage of auctions, bids, pre-bids and bid balances.
///
/// Every future is `Send + 'static` (it owns what it needs, e.g. a pool handle) so the actor can
/// spawn it and keep serving messages while it runs.
pub trait AuctionStore: Send + Sync + 'static {
    /// Commits a batch of bids in one transaction, in order: debit each user one bid (conditional
    /// on balance ≥ 1; bots are not charged), insert the bids, and update the auction row to
    /// `batch.result`. All or nothing: if any user may not spend a bid (their balance, spend limit
    /// or pause), roll back and return [`CommitError::Refused`] naming every such user with the
    /// reason. On success, one [`CommittedBid`] per bid, in the batch's order.
    fn commit_bids(
        &self,
        batch: BidBatch,
    ) -> impl Future<Output = Result<Vec<CommittedBid>, CommitError>> + Send + 'static;

    /// Finds out whether a batch answered [`CommitError::InDoubt`] committed, and makes sure it
    /// never will if it did not: `Ok(Some(bids))` it did (each bid's id and its bidder's balance
    /// now, in the batch's order), `Ok(None)` it did not and cannot any more, `Err` the store
    /// cannot tell yet (ask again later).
    fn resolve_bids(
        &self,
        doubt: Doubt,
    ) -> impl Future<Output = Result<Option<Vec<CommittedBid>>, StoreError>> + Send + 'static;

    /// Records a pre-bid and debits one bid, in one transaction. One per user per auction
    /// ([`PrebidError::AlreadyPrebid`] from the unique constraint).
    fn commit_prebid(
        &self,
        auction: AuctionId,
        user: UserId,
        stamp: UnixMillis,
    ) -> impl Future<Output = Result<CommittedPrebid, PrebidError>> + Send + 'static;

    /// Puts an auction live: insert the converted pre-bids as bids (`is_prebid`, not charged),
    /// set status live and the row to `change.result`, and queue a notification for each user
    /// in `change.notify`. Returns the new bids' ids in order.
    fn go_live(
        &self,
        change: GoLive,
    ) -> impl Future<Output = Result<Vec<BidId>, StoreError>> + Send + 'static;

    /// Finishes an auction (winner, final price, end time). Idempotent
    /// (`update … where status <> 'finished'`): [`Finished::newly`] says whether this call
    /// finished it. Returns the recorded winner's public fields (names and role included).
    fn finish(
        &self,
        record: FinishRecord,
    ) -> impl Future<Output = Result<Finished, StoreError>> + Send + 'static;

    /// Gives a paused live auction its countdown back: sets its deadline to `ends_at` (only while
    /// live). The first write after an outage, so it is also how an auction learns the store is
    /// back.
    fn resume(
        &self,
        auction: AuctionId,
        ends_at: UnixMillis,
    ) -> impl Future<Output = Result<(), StoreError>> + Send + 'static;

    /// Saves an upcoming auction's edited details and start time.
    fn update_details(
        &self,
        auction: AuctionId,
        details: AuctionDetails,
        start_time: UnixMillis,
    ) -> impl Future<Output = Result<(), StoreError>> + Send + 'static;

    /// Deletes an auction, refunding every bid and unconverted pre-bid to its user, in one
    /// transaction. Returns each refunded user's new balance.
    fn delete_with_refunds(
        &self,
        auction: AuctionId,
    ) -> impl Future<Output = Result<Vec<Refund>, StoreError>> + Send + 'static;

    /// Every upcoming and live auction, for start-up.
    fn load_active(&self) -> impl Future<Output = Result<Vec<AuctionSnapshot>, StoreError>> + Send + 'static;

    /// One auction in any status, `None` if it does not exist (the registry starts it only if
    /// upcoming or live).
    fn load(
        &self,
        auction: AuctionId,
    ) -> impl Future<Output = Result<Option<AuctionSnapshot>, StoreError>> + Send + 'static;

    /// Creates an upcoming auction and returns its snapshot (with the id and display id).
    fn create(
        &self,
        new: NewAuction,
    ) -> impl Future<Output = Result<AuctionSnapshot, StoreError>> + Send + 'static;

    /// Sets or clears an auction's promoted flag. Setting it clears the flag of any other
    /// auction in the same transaction (at most one is promoted) and returns that auction.
    fn set_promoted(
        &self,
        auction: AuctionId,
        promoted: bool,
    ) -> impl Future<Output = Result<Option<AuctionId>, StoreError>> + Send + 'static;

    /// Assigns `bot` to `auction`, only if the bot exists, is not closed and is active
    /// ([`BotStoreError::BotUnavailable`]), and only once per auction
    /// ([`BotStoreError::AlreadyAssigned`], the unique constraint). Returns the assignment with the
    /// bot's names and its bid count on this auction so far (counted from the bids).
    fn assign_bot(
        &self,
        auction: AuctionId,
        bot: BotId,
        active: bool,
        bid_limit: u32,
    ) -> impl Future<Output = Result<BotAssignment, BotStoreError>> + Send + 'static;

    /// Sets an assignment's active flag and bid limit ([`BotStoreError::NotAssigned`] if none).
    fn update_bot_assignment(
        &self,
        auction: AuctionId,
        bot: BotId,
        active: bool,
        bid_limit: u32,
    ) -> impl Future<Output = Result<(), BotStoreError>> + Send + 'static;

    /// Removes an assignment ([`BotStoreError::NotAssigned`] if none); the bot's bids stay.
    fn remove_bot_assignment(
        &self,
        auction: AuctionId,
        bot: BotId,
    ) -> impl Future<Output = Result<(), BotStoreError>> + Send + 'static;

    /// Saves `order` as its user's auto-bidder on `auction` (replacing theirs, if any).
    fn save_autobid(
        &self,
        auction: AuctionId,
        order: AutoBid,
    ) -> impl Future<Output = Result<(), StoreError>> + Send + 'static;

    /// Removes `user`'s auto-bidder on `auction`; `false` if there was none.
    fn delete_autobid(
        &self,
        auction: AuctionId,
        user: UserId,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send + 'static;
}
