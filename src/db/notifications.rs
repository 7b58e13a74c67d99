//! Personal notifications: one row per notice, written in the transaction of what it reports
//! (an auction won, a payment received, …) and delivered after the commit by `crate::notify`.

use chrono::{DateTime, Utc};
use deadpool_postgres::GenericClient;
use serde_json::Value;
use tokio_postgres::Row;

macro_rules! q {
    ($name:literal) => {
        include_str!(concat!("../../sql/queries/notification/", $name, ".sql"))
    };
}

/// A stored notification. `kind` is the stored snake_case word (`auction_started`,
/// `auction_won`, …); `payload` holds the kind's fields (title, claimId, orderId, bids, amount in
/// tyiyn, tracking, until).
#[derive(Debug, Clone, PartialEq)]
pub struct NotificationRow {
    pub id: i64,
    pub user_id: i64,
    pub kind: String,
    pub auction_id: Option<i64>,
    pub payload: Value,
    pub read_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

impl NotificationRow {
    pub fn from_row(r: &Row) -> NotificationRow {
        NotificationRow {
            id: r.get(0),
            user_id: r.get(1),
            kind: r.get(2),
            auction_id: r.get(3),
            payload: r.get(4),
            read_at: r.get(5),
            created_at: r.get(6),
        }
    }
}

/// Stores one notification for `user` in the caller's transaction; deliver the returned row with
/// `Effects::notify` (`crate::app::effects`) after the commit.
pub async fn insert(
    db: &impl GenericClient,
    user: i64,
    kind: &str,
    auction: Option<i64>,
    payload: &Value,
) -> Result<NotificationRow, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("insert")).await?;
    Ok(NotificationRow::from_row(&db.query_one(&stmt, &[&user, &kind, &auction, payload]).await?))
}

// The notification list, read marks and mail recipients (`GET /api/notifications`,
// `POST /api/notifications/read`, e-mail delivery in `crate::notify`).

/// A user's newest notifications, at most `limit`, newest first.
pub async fn recent(
    db: &impl GenericClient,
    user: i64,
    limit: i64,
) -> Result<Vec<NotificationRow>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_recent")).await?;
    Ok(db.query(&stmt, &[&user, &limit]).await?.iter().map(NotificationRow::from_row).collect())
}

/// How many of a user's notifications are unread.
pub async fn unread(db: &impl GenericClient, user: i64) -> Result<i64, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("count_unread")).await?;
    Ok(db.query_one(&stmt, &[&user]).await?.get(0))
}

/// Marks a user's notifications read: those named in `ids` (others' ids are ignored), or all of
/// them when `ids` is `None`. Returns how many changed.
pub async fn mark_read(
    db: &impl GenericClient,
    user: i64,
    ids: Option<&[i64]>,
) -> Result<u64, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("mark_read")).await?;
    db.execute(&stmt, &[&user, &ids]).await
}

/// The e-mail addresses of the open, human accounts among `users` that have one.
pub async fn recipients(
    db: &impl GenericClient,
    users: &[i64],
) -> Result<Vec<(i64, String)>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_recipients")).await?;
    Ok(db.query(&stmt, &[&users]).await?.iter().map(|r| (r.get(0), r.get(1))).collect())
}
