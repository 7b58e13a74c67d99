//! The watchlist: the auctions each user starred (`watch`), and marking the stars whose
//! "starting" notice is due (docs/rules/watchlist.md, "Watchlist").

use chrono::{DateTime, Utc};
use deadpool_postgres::GenericClient;
use tyiyn_actors::clock::UnixMillis;

macro_rules! q {
    ($name:literal) => {
        include_str!(concat!("../../sql/queries/watch/", $name, ".sql"))
    };
}

/// What starring an auction did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Starred {
    /// The auction is now watched.
    Added,
    /// It already was: nothing changed.
    Already,
    /// The user watches `cap` auctions already: nothing changed.
    Full,
    /// No auction has this id.
    NoAuction,
}

/// Stars auction `auction` for `user` unless they already watch `cap` auctions. Takes the user's
/// watchlist lock first, so the count and the insert are one step: call it in a transaction.
pub async fn add(
    tx: &impl GenericClient,
    user: i64,
    auction: i64,
    cap: i64,
) -> Result<Starred, tokio_postgres::Error> {
    let lock = tx.prepare_cached(q!("lock_list")).await?;
    tx.execute(&lock, &[&user]).await?;
    let standing = tx.prepare_cached(q!("select_standing")).await?;
    let row = tx.query_one(&standing, &[&user, &auction]).await?;
    let (count, watched, exists): (i64, bool, bool) = (row.get(0), row.get(1), row.get(2));
    if watched {
        return Ok(Starred::Already);
    }
    if !exists {
        return Ok(Starred::NoAuction);
    }
    if count >= cap {
        return Ok(Starred::Full);
    }
    let insert = tx.prepare_cached(q!("insert_watch")).await?;
    tx.execute(&insert, &[&user, &auction]).await?;
    Ok(Starred::Added)
}

/// Takes the star off; `false` when there was none.
pub async fn remove(db: &impl GenericClient, user: i64, auction: i64) -> Result<bool, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("delete_watch")).await?;
    Ok(db.execute(&stmt, &[&user, &auction]).await? > 0)
}

/// Whether an auction (of any status) has this id.
pub async fn auction_exists(db: &impl GenericClient, auction: i64) -> Result<bool, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("auction_exists")).await?;
    Ok(db.query_one(&stmt, &[&auction]).await?.get(0))
}

/// Every auction `user` watches, the latest star first.
pub async fn watched(db: &impl GenericClient, user: i64) -> Result<Vec<i64>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_watched")).await?;
    Ok(db.query(&stmt, &[&user]).await?.iter().map(|r| r.get(0)).collect())
}

/// A star whose auction starts soon, marked as told.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DueStar {
    pub user_id: i64,
    pub auction_id: i64,
    pub starts_at: DateTime<Utc>,
    pub title: String,
}

/// Marks at most `limit` stars whose auction starts within `lead_secs` after `now` and whose
/// notice is due (never sent, or sent for an earlier start), skipping stars another transaction
/// holds; returns them. Call it in the transaction that stores their notices.
pub async fn mark_due(
    tx: &impl GenericClient,
    now: UnixMillis,
    lead_secs: u64,
    limit: i64,
) -> Result<Vec<DueStar>, tokio_postgres::Error> {
    let stmt = tx.prepare_cached(q!("mark_due")).await?;
    // An instant beyond chrono's range is no time any auction starts at.
    let now = DateTime::from_timestamp_millis(now.0).unwrap_or(DateTime::<Utc>::MAX_UTC);
    let rows = tx.query(&stmt, &[&now, &(lead_secs as f64), &limit]).await?;
    Ok(rows
        .iter()
        .map(|r| DueStar { user_id: r.get(0), auction_id: r.get(1), starts_at: r.get(2), title: r.get(3) })
        .collect())
}
