//! An auction as the store keeps it: its [`AuctionStatus`], its editable [`AuctionDetails`], its
//! [`Prebid`]s, and the whole [`AuctionSnapshot`] an actor is rebuilt from. The rules' state is
//! rebuilt from it and the store reads and writes it, so it sits below both.

use serde::{Deserialize, Serialize};

use crate::autobid::AutoBid;
use crate::bots::BotAssignment;
use crate::clock::UnixMillis;
use crate::fairness::{AuctionKind, Fairness, NoNewBidders};
use crate::ids::{AuctionId, PrebidId, Tyiyn, UserId};
use crate::record::BidRecord;
use crate::rules::{Bidder, BidderId};

/// Where an auction is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
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

/// The editable description of an auction (the admin form), shown in the Auction object.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, utoipa::ToSchema)]
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
    pub kind: AuctionKind,
    /// Whether the operator's win limits apply.
    pub win_limited: bool,
    /// From when only those who already bid may go on (`null`: never).
    #[schema(required)]
    pub no_new_bidders_after: Option<NoNewBidders>,
    /// How many its losing participants may buy after it ends (Buy It Now); `null`: not offered.
    #[schema(required)]
    pub buy_now_stock: Option<i32>,
    /// The house rule: `null`, no house bidders (only people bid); N, house bots may bid only
    /// while the auction has taken fewer than N bids (docs/rules/bots.md, "House bidders").
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
    pub fn fairness(&self) -> Fairness {
        Fairness {
            kind: self.kind,
            win_limited: self.win_limited,
            no_new_bidders_after: self.no_new_bidders_after,
            item: crate::fairness::item_key(&self.title),
        }
    }
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
