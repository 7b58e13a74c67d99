//! The devices each account added for push (`push_device`), and the server's VAPID key
//! (`push_vapid`): docs/rules/notifications.md, "Push to the phone". The use cases are
//! `crate::app::push`'s; the outbox's push channel reads a device's keys here and forgets a device
//! its push service says is gone.

use chrono::{DateTime, Utc};
use deadpool_postgres::GenericClient;

macro_rules! q {
    ($name:literal) => {
        include_str!(concat!("../../sql/queries/push/", $name, ".sql"))
    };
}

/// A device's subscription as its browser gave it, checked.
#[derive(Debug, Clone)]
pub struct NewDevice<'a> {
    pub endpoint: &'a str,
    /// base64url, without padding.
    pub p256dh: &'a str,
    pub auth: &'a str,
    pub expires_at: Option<DateTime<Utc>>,
    /// Named from its User-Agent.
    pub device: &'a str,
}

/// A device as its owner's list shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeviceRow {
    pub endpoint: String,
    pub device: String,
    pub added_at: DateTime<Utc>,
}

/// What adding a device did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Added {
    /// A device new to this account.
    New(DateTime<Utc>),
    /// One it had already (its keys renewed).
    Again(DateTime<Utc>),
    /// The account has `max` devices already: nothing changed.
    Full,
}

/// Adds `device` to `user`'s devices, at most `max` of them, in the caller's transaction: the
/// account's adds run one after the other (an advisory lock), so that the cap holds however many
/// arrive at once.
pub async fn add(
    db: &impl GenericClient,
    user: i64,
    device: &NewDevice<'_>,
    max: i64,
) -> Result<Added, tokio_postgres::Error> {
    db.execute(&db.prepare_cached(q!("lock_devices")).await?, &[&user]).await?;
    let others: i64 =
        db.query_one(&db.prepare_cached(q!("count_others")).await?, &[&user, &device.endpoint]).await?.get(0);
    if others >= max {
        return Ok(Added::Full);
    }
    let stmt = db.prepare_cached(q!("upsert_device")).await?;
    let params: [&(dyn tokio_postgres::types::ToSql + Sync); 6] =
        [&user, &device.endpoint, &device.p256dh, &device.auth, &device.expires_at, &device.device];
    let row = db.query_one(&stmt, &params).await?;
    let (added_at, inserted): (DateTime<Utc>, bool) = (row.get(1), row.get(2));
    Ok(if inserted { Added::New(added_at) } else { Added::Again(added_at) })
}

/// `user`'s devices, the newest first.
pub async fn list(db: &impl GenericClient, user: i64) -> Result<Vec<DeviceRow>, tokio_postgres::Error> {
    let rows = db.query(&db.prepare_cached(q!("select_devices")).await?, &[&user]).await?;
    Ok(rows.iter().map(|r| DeviceRow { endpoint: r.get(0), device: r.get(1), added_at: r.get(2) }).collect())
}

/// Removes `user`'s device at `endpoint`; whether there was one.
pub async fn remove(
    db: &impl GenericClient,
    user: i64,
    endpoint: &str,
) -> Result<bool, tokio_postgres::Error> {
    Ok(db.execute(&db.prepare_cached(q!("delete_device")).await?, &[&user, &endpoint]).await? > 0)
}

/// Forgets device `id`, which its push service says is gone.
pub async fn forget(db: &impl GenericClient, id: i64) -> Result<bool, tokio_postgres::Error> {
    Ok(db.execute(&db.prepare_cached(q!("delete_gone")).await?, &[&id]).await? > 0)
}

/// Where a message to device `id` goes: its endpoint and keys (`p256dh`, `auth`); `None` when the
/// device was removed since the message was written.
pub async fn target(
    db: &impl GenericClient,
    id: i64,
) -> Result<Option<(String, String, String)>, tokio_postgres::Error> {
    let row = db.query_opt(&db.prepare_cached(q!("select_target")).await?, &[&id]).await?;
    Ok(row.map(|r| (r.get(0), r.get(1), r.get(2))))
}

/// The server's VAPID private key: the one stored, else `made` stored first (by whichever node
/// starts first; every node then reads the same).
pub async fn vapid_key(db: &impl GenericClient, made: &str) -> Result<String, tokio_postgres::Error> {
    db.execute(&db.prepare_cached(q!("insert_vapid")).await?, &[&made]).await?;
    Ok(db.query_one(&db.prepare_cached(q!("select_vapid")).await?, &[]).await?.get(0))
}
