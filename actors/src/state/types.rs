//! The values the rules take and produce: status, pre-bids, accepted bids, outcomes.

use serde::Serialize;

use crate::clock::UnixMillis;
use crate::ids::{PrebidId, Tyiyn, UserId};
use crate::rules::Bidder;

/// Where an auction is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AuctionStatus {
    /// Before `start_time`: pre-bids allowed.
    Upcoming,
    /// Bidding, with a countdown.
    Live,
    /// Over: a winner, or no bids.
    Finished,
}

/// One pre-bid, kept in the order placed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prebid {
    /// The store's id for it.
    pub id: PrebidId,
    /// Who placed it.
    pub user: UserId,
    /// Their username, for the converted bid.
    pub username: std::sync::Arc<str>,
    /// When it was placed.
    pub stamp: UnixMillis,
}

/// The effect of one accepted bid (or converted pre-bid): what the store must persist.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BidPlaced {
    /// Who bid.
    pub bidder: Bidder,
    /// The price after this bid.
    pub amount: Tyiyn,
    /// When the bid arrived (for a converted pre-bid: the go-live moment).
    pub stamp: UnixMillis,
    /// The deadline after this bid.
    pub ends_at: UnixMillis,
    /// The auction's bid count after this bid.
    pub total_bids: i64,
    /// Whether this is a converted pre-bid (already paid).
    pub is_prebid: bool,
}

/// How a finished auction ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The last accepted bidder, or `None` when nobody bid.
    pub winner: Option<Bidder>,
    /// The final price.
    pub final_price: Tyiyn,
    /// When it ended.
    pub ended_at: UnixMillis,
}

/// What an auction's timer should do when it fires.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Due {
    /// The start time has come: convert pre-bids and start the countdown.
    GoLive,
    /// The deadline and its grace have passed: finish.
    Finish,
}
