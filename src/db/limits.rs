//! A user's own spend limits and pause (issue 13, part 4). The rules live in SQL
//! (sql/migrations/0011_limits.sql): `set_limit` applies a stricter setting at once and holds a
//! looser one for 24 hours; `spend_block` is what the group commit, the pre-bid and the order
//! check.

use chrono::{DateTime, Utc};
use deadpool_postgres::GenericClient;

macro_rules! q {
    ($name:literal) => {
        include_str!(concat!("../../sql/queries/limit/", $name, ".sql"))
    };
}

/// The limits a user can set, by their names in the database.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitName {
    DailyBids,
    WeeklyBids,
    MonthlyBids,
    MonthlySpend,
    Pause,
}

impl LimitName {
    pub const ALL: [LimitName; 5] = [
        LimitName::DailyBids,
        LimitName::WeeklyBids,
        LimitName::MonthlyBids,
        LimitName::MonthlySpend,
        LimitName::Pause,
    ];

    pub fn column(self) -> &'static str {
        match self {
            LimitName::DailyBids => "daily_bids",
            LimitName::WeeklyBids => "weekly_bids",
            LimitName::MonthlyBids => "monthly_bids",
            LimitName::MonthlySpend => "monthly_spend",
            LimitName::Pause => "pause",
        }
    }

    /// Its name in the API.
    pub fn field(self) -> &'static str {
        match self {
            LimitName::DailyBids => "dailyBids",
            LimitName::WeeklyBids => "weeklyBids",
            LimitName::MonthlyBids => "monthlyBids",
            LimitName::MonthlySpend => "monthlySpend",
            LimitName::Pause => "pausedUntil",
        }
    }

    fn parse(column: &str) -> Option<LimitName> {
        LimitName::ALL.into_iter().find(|n| n.column() == column)
    }
}

/// One limit as it stands now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LimitRow {
    pub name: LimitName,
    /// In force: bids, tyiyn, or for the pause its end in milliseconds since 1970; `None`: none.
    pub value: Option<i64>,
    /// A looser setting waiting for its time: `(value, when)`.
    pub waiting: Option<(Option<i64>, DateTime<Utc>)>,
    /// Spent in the limit's window (bids or tyiyn; 0 for the pause).
    pub spent: i64,
}

/// Every limit of `user`, in [`LimitName::ALL`] order.
pub async fn get(db: &impl GenericClient, user: i64) -> Result<Vec<LimitRow>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_limits")).await?;
    let mut rows: Vec<LimitRow> = db
        .query(&stmt, &[&user])
        .await?
        .iter()
        .filter_map(|r| {
            let name = LimitName::parse(r.get(0))?;
            let waiting = r
                .get::<_, bool>(2)
                .then(|| r.get::<_, Option<DateTime<Utc>>>(4).map(|at| (r.get::<_, Option<i64>>(3), at)))
                .flatten();
            Some(LimitRow { name, value: r.get(1), waiting, spent: r.get(5) })
        })
        .collect();
    rows.sort_by_key(|r| LimitName::ALL.iter().position(|n| *n == r.name));
    Ok(rows)
}

/// Sets one limit by the 24-hour rule (see the module).
pub async fn set(
    db: &impl GenericClient,
    user: i64,
    name: LimitName,
    value: Option<i64>,
) -> Result<(), tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("set_limit")).await?;
    db.execute(&stmt, &[&user, &name.column(), &value]).await?;
    Ok(())
}

/// Locks `user` until the transaction ends, in a statement of its own: what the caller reads of
/// their limits and spending afterwards is what the lock's previous holder left.
pub async fn lock_user(db: &impl GenericClient, user: i64) -> Result<(), tokio_postgres::Error> {
    let lock = db.prepare_cached(q!("lock_user")).await?;
    db.query_opt(&lock, &[&user]).await?;
    Ok(())
}

/// Why `user` may not order `package` now (see [`block`]), holding a lock on the user until the
/// transaction ends; `None` also when the package is not on sale. The lock and the check are two
/// statements (sql/queries/limit/lock_user.sql says why), so that two orders at once take turns:
/// the second sees the first one's pending order and is refused when it would pass a limit.
pub async fn block_order(
    db: &impl GenericClient,
    user: i64,
    package: i32,
) -> Result<Option<String>, tokio_postgres::Error> {
    lock_user(db, user).await?;
    let stmt = db.prepare_cached(q!("block_order")).await?;
    Ok(db.query_opt(&stmt, &[&user, &package]).await?.and_then(|r| r.get(0)))
}

/// Why `user` may not spend `bids` bids and `money` tyiyn now: `Some("paused")`,
/// `Some("limit_reached")`, or `None`.
pub async fn block(
    db: &impl GenericClient,
    user: i64,
    bids: i64,
    money: i64,
) -> Result<Option<String>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("spend_block")).await?;
    Ok(db.query_one(&stmt, &[&user, &bids, &money]).await?.get(0))
}
