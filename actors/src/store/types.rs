//! The records exchanged between the runtime and the store: what a commit, a go-live and a finish
//! carry, and why they fail. The auction itself, as stored, is a [`snapshot`](crate::snapshot).

use crate::clock::UnixMillis;
use crate::errors::BidRejected;
use crate::ids::{AuctionId, BidId, PrebidId, Tyiyn, UserId};
use crate::record::{HonestNumbers, Winner};
use crate::rules::Bidder;
use crate::snapshot::AuctionDetails;

/// What `create` needs: the admin form plus the starting price.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewAuction {
    /// The editable details.
    pub details: AuctionDetails,
    /// When it goes live.
    pub start_time: UnixMillis,
    /// The price before any bid.
    pub starting_price: Tyiyn,
    /// The house bots assigned with it (active, no bid limit), in the same write: each must
    /// exist, be open and active, or nothing is created.
    pub bots: Vec<crate::ids::BotId>,
}

/// One bid to insert.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewBid {
    /// Who bid (users are debited one bid, bots are not).
    pub bidder: Bidder,
    /// The price after this bid.
    pub amount: Tyiyn,
    /// Arrival stamp, stored as `created_at`.
    pub stamp: UnixMillis,
    /// A converted pre-bid (already paid, never debited).
    pub is_prebid: bool,
    /// Placed by the bidder's auto-bidder (one of its bids left is used up with it).
    pub is_auto: bool,
}

/// The auction row after a batch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuctionTally {
    /// Current price.
    pub price: Tyiyn,
    /// The last accepted bidder.
    pub leader: Option<Bidder>,
    /// Live deadline.
    pub ends_at: UnixMillis,
    /// Accepted bids so far.
    pub total_bids: i64,
}

/// Bids that queued up while the previous commit ran, committed together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BidBatch {
    /// The auction.
    pub auction: AuctionId,
    /// The bids, in acceptance order.
    pub bids: Vec<NewBid>,
    /// The auction row once all of them are in.
    pub result: AuctionTally,
}

/// One committed bid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommittedBid {
    /// The new bid's id.
    pub id: BidId,
    /// The user's balance after the debit (`None` for bots).
    pub balance: Option<i64>,
}

/// Why a batch did not commit. Nothing was written, except after [`CommitError::InDoubt`], which
/// says that nobody knows yet.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CommitError {
    /// These users may not spend a bid now, each for its reason ([`BidRejected::InsufficientBids`],
    /// [`BidRejected::LimitReached`] or [`BidRejected::BiddingPaused`]); the whole batch was
    /// rolled back.
    #[error("refused for {0:?}")]
    Refused(Vec<(UserId, BidRejected)>),
    /// The database is unreachable or failed before the batch could commit: nothing was written.
    #[error("store unavailable: {0}")]
    Unavailable(String),
    /// The batch was sent and its answer lost (the connection or the database died while it
    /// committed): it may have committed or not. The caller asks
    /// [`AuctionStore::resolve_bids`](super::AuctionStore::resolve_bids) with the doubt until the
    /// store can say, and decides nothing new on the auction meanwhile.
    #[error("outcome unknown: {}", .0.why)]
    InDoubt(Doubt),
    /// This node no longer owns the auction: another took its lease, and nothing of the batch was
    /// written (the fence on the auction's row refused it). The actor must stop.
    #[error("the auction's lease was taken over")]
    Fenced,
}

/// A batch whose commit was sent but not answered: what the store needs to find out, later,
/// whether it committed. Opaque to the runtime, which hands it back to
/// [`AuctionStore::resolve_bids`](super::AuctionStore::resolve_bids).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Doubt {
    /// The auction.
    pub auction: AuctionId,
    /// The name of the transaction the batch was sent in, written by it (the server: a row of
    /// `commit_mark`, docs/rules/outages.md, "A commit whose answer is lost").
    pub token: i64,
    /// The store's key of each bid of the batch, in order (the server: its record hash).
    pub keys: Vec<String>,
    /// What failed.
    pub why: String,
}

/// One committed pre-bid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommittedPrebid {
    /// The new pre-bid's id.
    pub id: PrebidId,
    /// The user's balance after the debit.
    pub balance: i64,
}

/// Why a pre-bid did not commit.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PrebidError {
    /// Balance below one bid.
    #[error("insufficient balance")]
    Insufficient,
    /// The user's spend limit or pause ([`BidRejected::LimitReached`] or
    /// [`BidRejected::BiddingPaused`]).
    #[error("refused: {0}")]
    Limited(BidRejected),
    /// This user already pre-bid on this auction.
    #[error("already pre-bid")]
    AlreadyPrebid,
    /// The database is unreachable or failed.
    #[error("store unavailable: {0}")]
    Unavailable(String),
}

/// Going live: the converted pre-bids and who to notify.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoLive {
    /// The auction.
    pub auction: AuctionId,
    /// The converted pre-bids in order (`is_prebid`, not charged).
    pub bids: Vec<NewBid>,
    /// The auction row once live.
    pub result: AuctionTally,
    /// The pre-bidders, each to be notified that the auction started.
    pub notify: Vec<UserId>,
}

/// The end of an auction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FinishRecord {
    /// The auction.
    pub auction: AuctionId,
    /// The last accepted bidder, `None` for no bids.
    pub winner: Option<Bidder>,
    /// The final price.
    pub final_price: Tyiyn,
    /// When it ended.
    pub ended_at: UnixMillis,
}

/// What [`AuctionStore::finish`](super::AuctionStore::finish) did.
#[derive(Debug, Clone, PartialEq)]
pub struct Finished {
    /// `true` if this call finished the auction, `false` if it already was finished.
    pub newly: bool,
    /// The recorded winner with the public fields the store knows (names, role); `None` for no bids.
    pub winner: Option<Winner>,
    /// The finished auction's honest numbers as the store computes them (`None` from a store that
    /// knows no bid prices, such as the memory store).
    pub honest_numbers: Option<HonestNumbers>,
}

/// A user's balance after a refund.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refund {
    /// Who was refunded.
    pub user: UserId,
    /// Their balance afterwards.
    pub balance: i64,
}

/// A store failure other than a rule (the database is down or failed).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("store unavailable: {0}")]
pub struct StoreError(pub String);

/// Why a bot assignment change did not commit. Nothing was written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BotStoreError {
    /// The bot is already assigned to this auction (the unique constraint).
    #[error("bot already assigned")]
    AlreadyAssigned,
    /// The bot is not assigned to this auction.
    #[error("bot not assigned")]
    NotAssigned,
    /// The bot does not exist, is closed or is inactive.
    #[error("bot unavailable")]
    BotUnavailable,
    /// The database is unreachable or failed.
    #[error("store unavailable: {0}")]
    Unavailable(String),
}
