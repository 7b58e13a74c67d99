//! A notification as the socket's `notification` event carries it (and mail is composed from):
//! its kind and the fields each kind fills in.

use serde::Serialize;
use tyiyn_actors::ids::{AuctionId, Tyiyn};
use utoipa::ToSchema;

pub use crate::statuses::NotificationKind;

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
