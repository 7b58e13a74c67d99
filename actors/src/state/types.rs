//! The values the rules produce: accepted bids, outcomes, what is due.

use crate::clock::UnixMillis;
use crate::ids::Tyiyn;
use crate::rules::Bidder;

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
