//! The records exchanged between the runtime and the store.

use serde::Serialize;

use crate::autobid::AutoBid;
use crate::bots::BotAssignment;
use crate::clock::UnixMillis;
use crate::errors::BidRejected;
use crate::ids::{AuctionId, BidId, PrebidId, Tyiyn, UserId};
use crate::rules::{Bidder, BidderId};
use crate::state::{AuctionStatus, Prebid};
use crate::view::BidRecord;

/// The editable description of an auction (the admin form), shown in the Auction object.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuctionDetails {
    /// Title (required).
    pub title: String,
    /// Description.
    pub description: String,
    /// Image URL.
    pub image_url: Option<String>,
    /// The item's retail price.
    pub retail_price: Tyiyn,
    /// Whether the lot is a bid package.
    pub is_bid_package: bool,
    /// How many bids the package holds, when it is one.
    pub bid_package_bids: Option<i32>,
    /// Category label.
    pub category: Option<String>,
    /// Condition label.
    pub condition: Option<String>,
    /// Estimated value.
    pub estimated_value: Option<Tyiyn>,
    /// Who may bid: everyone, or only users who have never won.
    pub kind: crate::fairness::AuctionKind,
    /// Whether the operator's win limits apply.
    pub win_limited: bool,
    /// From when only those who already bid may go on (`null`: never).
    #[schema(required)]
    pub no_new_bidders_after: Option<crate::fairness::NoNewBidders>,
    /// How many its losing participants may buy after it ends (Buy It Now); `null`: not offered.
    #[schema(required)]
    pub buy_now_stock: Option<i32>,
    /// The house rule: `null`, no house bidders (only people bid); N, house bots may bid only
    /// while the auction has taken fewer than N bids (docs/decisions.md, "House bidders").
    #[schema(required)]
    pub house_reserve: Option<i32>,
    /// Seconds from going live to the first deadline; `null`: the site's default (10 s).
    #[schema(required)]
    pub opening_secs: Option<i32>,
}

impl AuctionDetails {
    /// Whether a house bot may still bid on this auction once it has taken `total_bids` bids.
    pub fn house_may_bid(&self, total_bids: i64) -> bool {
        self.house_reserve.is_some_and(|reserve| total_bids < i64::from(reserve))
    }

    /// What this auction asks of its bidders.
    pub fn fairness(&self) -> crate::fairness::Fairness {
        crate::fairness::Fairness {
            kind: self.kind,
            win_limited: self.win_limited,
            no_new_bidders_after: self.no_new_bidders_after,
            item: crate::fairness::item_key(&self.title),
        }
    }
}

/// What `create` needs: the admin form plus the starting price.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewAuction {
    /// The editable details.
    pub details: AuctionDetails,
    /// When it goes live.
    pub start_time: UnixMillis,
    /// The price before any bid.
    pub starting_price: Tyiyn,
}

/// Everything needed to rebuild an auction's actor: its row, pre-bids, bidders and recent bids.
#[derive(Debug, Clone, PartialEq)]
pub struct AuctionSnapshot {
    /// Primary key.
    pub id: AuctionId,
    /// Human-readable id.
    pub display_id: String,
    /// Creation time.
    pub created_at: UnixMillis,
    /// Editable details.
    pub details: AuctionDetails,
    /// Status as stored.
    pub status: AuctionStatus,
    /// Go-live time.
    pub start_time: UnixMillis,
    /// Price before any bid.
    pub starting_price: Tyiyn,
    /// Current price.
    pub price: Tyiyn,
    /// Live deadline (set once live).
    pub ends_at: Option<UnixMillis>,
    /// When it finished.
    pub ended_at: Option<UnixMillis>,
    /// The last accepted bidder.
    pub leader: Option<Bidder>,
    /// When the leading bid arrived.
    pub leader_bid_at: Option<UnixMillis>,
    /// Accepted bids including converted pre-bids.
    pub total_bids: i64,
    /// Pre-bids in the order placed.
    pub prebids: Vec<Prebid>,
    /// Each bidder's latest bid stamp (`select bidder, max(created_at) … group by bidder`).
    pub last_bids: Vec<(BidderId, UnixMillis)>,
    /// The most recent bids, newest first (at most 50 are kept).
    pub recent_bids: Vec<BidRecord>,
    /// Whether it is the promoted auction (at most one is).
    pub promoted: bool,
    /// Its bot assignments with each bot's bid count here (closed bots' are left out).
    pub bots: Vec<BotAssignment>,
    /// Its users' auto-bidders (running or stopped).
    pub autobids: Vec<AutoBid>,
}

impl AuctionSnapshot {
    /// A new upcoming auction with no bids, pre-bids or bots, as the store creates it (display id
    /// `TY/<id>` padded to five digits).
    pub fn upcoming(
        id: AuctionId,
        details: AuctionDetails,
        start_time: UnixMillis,
        starting_price: Tyiyn,
        created_at: UnixMillis,
    ) -> Self {
        AuctionSnapshot {
            id,
            display_id: format!("TY/{:05}", id.0),
            created_at,
            details,
            status: AuctionStatus::Upcoming,
            start_time,
            starting_price,
            price: starting_price,
            ends_at: None,
            ended_at: None,
            leader: None,
            leader_bid_at: None,
            total_bids: 0,
            prebids: Vec::new(),
            last_bids: Vec::new(),
            recent_bids: Vec::new(),
            promoted: false,
            bots: Vec::new(),
            autobids: Vec::new(),
        }
    }
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

/// Why a batch did not commit. Either way nothing was written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CommitError {
    /// These users may not spend a bid now, each for its reason ([`BidRejected::InsufficientBids`],
    /// [`BidRejected::LimitReached`] or [`BidRejected::BiddingPaused`]); the whole batch was
    /// rolled back.
    #[error("refused for {0:?}")]
    Refused(Vec<(UserId, BidRejected)>),
    /// The database is unreachable or failed.
    #[error("store unavailable: {0}")]
    Unavailable(String),
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
    pub winner: Option<crate::view::Winner>,
    /// The finished auction's honest numbers as the store computes them (`None` from a store that
    /// knows no bid prices, such as the memory store).
    pub honest_numbers: Option<crate::view::HonestNumbers>,
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
