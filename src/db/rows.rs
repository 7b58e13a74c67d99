//! Row helpers shared by the store, the group committer and the readers: time conversions, the
//! auction-details columns, empty text as `None`, PostgreSQL's own error text, and the store's
//! error.

use chrono::{DateTime, Utc};
use tokio_postgres::Row;
use tyiyn_actors::clock::UnixMillis;
use tyiyn_actors::fairness::{AuctionKind, NoNewBidders};
use tyiyn_actors::ids::Tyiyn;
use tyiyn_actors::record::{Role, Winner};
use tyiyn_actors::snapshot::AuctionDetails;
use tyiyn_actors::store::StoreError;

/// A database error with PostgreSQL's own code and message (tokio-postgres prints only "db error").
pub fn describe(e: &tokio_postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => format!("{} {}", db.code().code(), db.message()),
        None => e.to_string(),
    }
}

/// Any failure of a store call, as the runtime's [`StoreError`] (the pool, a query, a commit).
pub fn down(err: impl std::fmt::Display) -> StoreError {
    StoreError(err.to_string())
}

/// A runtime instant as a `timestamptz`.
pub fn ts(ms: UnixMillis) -> DateTime<Utc> {
    DateTime::from_timestamp_millis(ms.0).unwrap_or_default()
}

/// A `timestamptz` as a runtime instant.
pub fn ms(t: DateTime<Utc>) -> UnixMillis {
    UnixMillis(t.timestamp_millis())
}

/// The editable details from nine columns starting at `at`, in this order: title, description,
/// image_url, retail_price, is_bid_package, bid_package_bids, category, condition, estimated_value;
/// and by name: the fair-kind columns (kind, win_limited, no_new_after_price, no_new_after_at),
/// buy_now_stock, house_reserve and opening_secs.
pub fn details(row: &Row, at: usize) -> AuctionDetails {
    AuctionDetails {
        title: row.get(at),
        description: row.get(at + 1),
        image_url: opt(row.get(at + 2)),
        retail_price: Tyiyn(row.get(at + 3)),
        is_bid_package: row.get(at + 4),
        bid_package_bids: row.get(at + 5),
        category: opt(row.get(at + 6)),
        condition: opt(row.get(at + 7)),
        estimated_value: row.get::<_, Option<i64>>(at + 8).map(Tyiyn),
        kind: AuctionKind::parse(row.get("kind")).unwrap_or_default(),
        win_limited: row.get("win_limited"),
        no_new_bidders_after: no_new_bidders(row.get("no_new_after_price"), row.get("no_new_after_at")),
        buy_now_stock: row.get("buy_now_stock"),
        house_reserve: row.get("house_reserve"),
        opening_secs: row.get("opening_secs"),
    }
}

/// The no-new-bidders rule from its two columns (`None` when neither is set).
pub fn no_new_bidders(price: Option<i64>, at: Option<DateTime<Utc>>) -> Option<NoNewBidders> {
    (price.is_some() || at.is_some()).then(|| NoNewBidders { price: price.map(Tyiyn), at: at.map(ms) })
}

/// An empty text column as `None`.
pub fn opt(text: String) -> Option<String> {
    (!text.is_empty()).then_some(text)
}

/// The public winner from six columns starting at `at`: id, username, first_name, last_name, role,
/// is_bot.
pub fn winner_from(row: &Row, at: usize) -> Winner {
    Winner {
        id: row.get(at),
        username: row.get::<_, String>(at + 1).into(),
        first_name: row.get(at + 2),
        last_name: row.get(at + 3),
        role: Role::parse(row.get(at + 4)),
        is_bot: row.get(at + 5),
    }
}
