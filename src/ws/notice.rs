//! A notification as the socket's `notification` event carries it (and mail is composed from):
//! its kind and the fields each kind fills in.

use serde::Serialize;
use tyiyn_actors::ids::{AuctionId, Tyiyn};
use utoipa::ToSchema;

/// What a notification reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum NotificationKind {
    /// An auction this user pre-bid on went live; the pre-bid is now a bid.
    AuctionStarted,
    /// An auction this user watches starts in about 5 minutes (`auctionId`, `title`, `startsAt`).
    AuctionStarting,
    /// Someone took the lead from this user on an auction they were not watching (`amount`: the
    /// price now).
    Outbid,
    /// This user won an auction; the item is reserved for them (`claimId`, `until`).
    AuctionWon,
    /// The reservation of a won item ends in 6 hours or less (`claimId`, `until`).
    ReservationExpiring,
    /// An unpaid Buy It Now purchase ends in 6 hours or less; it then lapses, it never passes on
    /// (`claimId`, `until`).
    BuyNowExpiring,
    /// A won item passed to this user from the participant after them (`claimId`, `until`).
    ClaimPassed,
    /// A payment for an order was received (`orderId`, `amount`).
    PaymentReceived,
    /// Bids were credited to the balance (`orderId`, `bids`).
    BidsCredited,
    /// A won item was shipped (`claimId`, `tracking`).
    ItemShipped,
    /// A won item was delivered or handed over (`claimId`).
    ItemDelivered,
}

impl NotificationKind {
    /// The stored word (`notification.kind`).
    pub fn as_str(self) -> &'static str {
        match self {
            NotificationKind::AuctionStarted => "auction_started",
            NotificationKind::AuctionStarting => "auction_starting",
            NotificationKind::Outbid => "outbid",
            NotificationKind::AuctionWon => "auction_won",
            NotificationKind::ReservationExpiring => "reservation_expiring",
            NotificationKind::BuyNowExpiring => "buy_now_expiring",
            NotificationKind::ClaimPassed => "claim_passed",
            NotificationKind::PaymentReceived => "payment_received",
            NotificationKind::BidsCredited => "bids_credited",
            NotificationKind::ItemShipped => "item_shipped",
            NotificationKind::ItemDelivered => "item_delivered",
        }
    }

    /// The kind of a stored word; `None` for a word this server does not know.
    pub fn parse(word: &str) -> Option<NotificationKind> {
        Some(match word {
            "auction_started" => NotificationKind::AuctionStarted,
            "auction_starting" => NotificationKind::AuctionStarting,
            "outbid" => NotificationKind::Outbid,
            "auction_won" => NotificationKind::AuctionWon,
            "reservation_expiring" => NotificationKind::ReservationExpiring,
            "buy_now_expiring" => NotificationKind::BuyNowExpiring,
            "claim_passed" => NotificationKind::ClaimPassed,
            "payment_received" => NotificationKind::PaymentReceived,
            "bids_credited" => NotificationKind::BidsCredited,
            "item_shipped" => NotificationKind::ItemShipped,
            "item_delivered" => NotificationKind::ItemDelivered,
            _ => return None,
        })
    }
}

/// A personal notice: the same object in `GET /api/notifications` and in the `notification`
/// socket event. Fields other than `id`, `type`, `read` and `createdAt` are present when the kind
/// has them (see [`NotificationKind`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Notification {
    /// The stored notice (absent on the live go-live notice of a pre-bid, whose stored copy is
    /// listed by `GET /api/notifications`).
    #[schema(required)]
    pub id: Option<i64>,
    /// What it reports.
    #[serde(rename = "type")]
    pub kind: NotificationKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auction_id: Option<AuctionId>,
    /// The auction's (or won item's) title.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claim_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order_id: Option<i64>,
    /// Bids credited.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bids: Option<i64>,
    /// Money paid.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amount: Option<Tyiyn>,
    /// The carrier's tracking note of a shipped item.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tracking: Option<String>,
    /// When a reservation ends.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub until: Option<chrono::DateTime<chrono::Utc>>,
    /// When a watched auction starts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub starts_at: Option<chrono::DateTime<chrono::Utc>>,
    /// Whether the user has marked it read.
    pub read: bool,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

impl Notification {
    /// A notice of `kind` with no optional field set, unread, made now.
    pub fn new(
        id: Option<i64>,
        kind: NotificationKind,
        created_at: chrono::DateTime<chrono::Utc>,
    ) -> Notification {
        Notification {
            id,
            kind,
            auction_id: None,
            title: None,
            claim_id: None,
            order_id: None,
            bids: None,
            amount: None,
            tracking: None,
            until: None,
            starts_at: None,
            read: false,
            created_at,
        }
    }
}
