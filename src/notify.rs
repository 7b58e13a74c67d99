//! Telling a user what matters to them: a stored notification (written by the caller in the
//! transaction of what it reports, `db::notifications::insert`) is delivered after the commit
//! through `crate::app::effects::Effects::notify` to the user's open sessions as the
//! `notification` socket event, and mailed when mail is on (the hub queues the mail on
//! `crate::mail::Outbox`; sending never waits for the SMTP server). This module reads a stored
//! row back into its wire form.

use chrono::{DateTime, Utc};
use tyiyn_actors::ids::{AuctionId, Tyiyn};

use crate::db::notifications::NotificationRow;
use crate::ws::notice::{Notification, NotificationKind};

/// The wire form of a stored notification; `None` for a kind this server does not know.
pub fn view(row: &NotificationRow) -> Option<Notification> {
    let kind = NotificationKind::parse(&row.kind)?;
    let p = &row.payload;
    let text = |key: &str| p.get(key).and_then(|v| v.as_str()).map(str::to_owned);
    let int = |key: &str| p.get(key).and_then(serde_json::Value::as_i64);
    let mut n = Notification::new(Some(row.id), kind, row.created_at);
    n.auction_id = row.auction_id.map(AuctionId);
    n.title = text("title");
    n.claim_id = int("claimId");
    n.order_id = int("orderId");
    n.bids = int("bids");
    n.amount = int("amount").map(Tyiyn);
    n.tracking = text("tracking");
    n.until =
        text("until").and_then(|t| DateTime::parse_from_rfc3339(&t).ok()).map(|t| t.with_timezone(&Utc));
    n.read = row.read_at.is_some();
    Some(n)
}
