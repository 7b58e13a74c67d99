//! Confirmed phone numbers and the codes that confirm them (sql/migrations/0018): each function is
//! one statement, run inside the use case's transaction (`crate::app::phone`).

use chrono::{DateTime, Utc};
use deadpool_postgres::GenericClient;

use crate::input::values::Phone;

macro_rules! q {
    ($name:literal) => {
        include_str!(concat!("../../sql/queries/phone/", $name, ".sql"))
    };
}

/// An open account's confirmation, read under its row lock.
pub struct Confirmation {
    /// When it was confirmed; `None`: not yet.
    pub verified_at: Option<DateTime<Utc>>,
    /// The number it confirmed (`None` for accounts admitted before numbers were confirmed).
    pub phone: Option<String>,
}

/// Locks open account `user` for a change to its confirmation; `None` when there is no such open
/// account (a bot's or a closed one).
pub async fn lock_account(
    db: &impl GenericClient,
    user: i64,
) -> Result<Option<Confirmation>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("lock_account")).await?;
    let Some(row) = db.query_opt(&stmt, &[&user]).await? else {
        return Ok(None);
    };
    let owned = db.prepare_cached(q!("select_owned")).await?;
    let phone = db.query_opt(&owned, &[&user]).await?.map(|r| r.get(0));
    Ok(Some(Confirmation { verified_at: row.get(0), phone }))
}

/// Codes `user` asked for lately: seconds since its last one (`None`: none lately), and how many
/// it had sent to `phone` in the last `window_secs`.
pub async fn recent_codes(
    db: &impl GenericClient,
    user: i64,
    phone: &Phone,
    window_secs: u64,
) -> Result<(Option<f64>, i64), tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_recent_codes")).await?;
    let row = db.query_one(&stmt, &[&user, phone, &(window_secs as f64)]).await?;
    Ok((row.get(0), row.get(1)))
}

/// What this hour's SMS budget said to one more code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    Spent,
    /// Over the budget: the hour's `refused`-th refusal.
    Refused(i32),
}

/// Takes one SMS of this hour's budget of `hourly` (`0`: no budget), every node's codes counted
/// together under the hour's row lock; a refusal is counted too.
pub async fn spend_budget(db: &impl GenericClient, hourly: u32) -> Result<Budget, tokio_postgres::Error> {
    if hourly == 0 {
        return Ok(Budget::Spent);
    }
    let open = db.prepare_cached(q!("open_budget_hour")).await?;
    db.execute(&open, &[]).await?;
    let spend = db.prepare_cached(q!("spend_budget")).await?;
    let hourly = i32::try_from(hourly).unwrap_or(i32::MAX);
    if db.query_opt(&spend, &[&hourly]).await?.is_some() {
        return Ok(Budget::Spent);
    }
    let refuse = db.prepare_cached(q!("refuse_budget")).await?;
    Ok(Budget::Refused(db.query_one(&refuse, &[]).await?.get(0)))
}

/// This hour's codes so far: (spent, refused).
pub async fn budget(db: &impl GenericClient) -> Result<(i64, i64), tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_budget")).await?;
    let row = db.query_one(&stmt, &[]).await?;
    Ok((row.get(0), row.get(1)))
}

/// The account that confirmed `phone`, if any.
pub async fn owner(db: &impl GenericClient, phone: &Phone) -> Result<Option<i64>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_owner")).await?;
    Ok(db.query_opt(&stmt, &[phone]).await?.map(|r| r.get(0)))
}

/// A code to store: who asked, for which number, its salted hash and how long it lives.
pub struct NewCode<'a> {
    pub user: i64,
    pub phone: &'a Phone,
    pub salt: &'a [u8],
    pub hash: &'a [u8],
    pub ip_address: Option<&'a str>,
    pub ttl_secs: u64,
}

/// Voids `user`'s earlier codes and stores a new one; returns its id.
pub async fn insert_code(db: &impl GenericClient, c: &NewCode<'_>) -> Result<i64, tokio_postgres::Error> {
    let void = db.prepare_cached(q!("void_codes")).await?;
    db.execute(&void, &[&c.user]).await?;
    let stmt = db.prepare_cached(q!("insert_code")).await?;
    let row = db
        .query_one(&stmt, &[&c.user, c.phone, &c.salt, &c.hash, &c.ip_address, &(c.ttl_secs as f64)])
        .await?;
    Ok(row.get(0))
}

/// Forgets code `id`, whose SMS never left, and gives its hour's budget back.
pub async fn delete_code(db: &impl GenericClient, id: i64) -> Result<(), tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("delete_code")).await?;
    db.execute(&stmt, &[&id]).await?;
    Ok(())
}

/// A stored code, locked for checking.
pub struct StoredCode {
    pub id: i64,
    pub salt: Vec<u8>,
    pub hash: Vec<u8>,
    /// Wrong tries so far.
    pub attempts: i32,
    /// Not yet expired.
    pub fresh: bool,
}

/// `user`'s newest unspent code for `phone`, locked.
pub async fn lock_current_code(
    db: &impl GenericClient,
    user: i64,
    phone: &Phone,
) -> Result<Option<StoredCode>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("lock_current_code")).await?;
    let row = db.query_opt(&stmt, &[&user, phone]).await?;
    Ok(row.map(|r| StoredCode {
        id: r.get(0),
        salt: r.get(1),
        hash: r.get(2),
        attempts: r.get(3),
        fresh: r.get(4),
    }))
}

/// Counts a wrong try at code `id`, voiding it at `max_tries`; returns the tries made.
pub async fn count_wrong_try(
    db: &impl GenericClient,
    id: i64,
    max_tries: i32,
) -> Result<i32, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("count_wrong_try")).await?;
    Ok(db.query_one(&stmt, &[&id, &max_tries]).await?.get(0))
}

/// Code `id` was used: `user` confirmed `phone`, which now belongs to them (fails on
/// `phone_owner_pkey` when another account has it) and becomes their contact number.
pub async fn confirm(
    db: &impl GenericClient,
    id: i64,
    user: i64,
    phone: &Phone,
) -> Result<(), tokio_postgres::Error> {
    let spend = db.prepare_cached(q!("spend_code")).await?;
    db.execute(&spend, &[&id]).await?;
    let owner = db.prepare_cached(q!("insert_owner")).await?;
    db.execute(&owner, &[phone, &user]).await?;
    let mark = db.prepare_cached(q!("mark_verified")).await?;
    db.execute(&mark, &[&user, phone]).await?;
    Ok(())
}

/// Credits `bids` free bids to `user` (locked) for confirming `phone` when that earns them: the
/// number never had them and the account did not get them at registration. Returns the new
/// balance when it did.
pub async fn claim_bonus(
    db: &impl GenericClient,
    user: i64,
    phone: &Phone,
    bids: i64,
) -> Result<Option<i64>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("claim_bonus")).await?;
    Ok(db.query_opt(&stmt, &[phone, &user, &bids]).await?.map(|r| r.get(0)))
}
