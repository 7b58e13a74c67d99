//! Sessions' durable copy (`user_session`: the token's SHA-256, its user, when it started and when
//! it was last seen) and the password a session change goes with. Whether a session is still
//! alive is decided by [`crate::auth::session::Lifetime`], not here.

use chrono::{DateTime, Utc};
use deadpool_postgres::GenericClient;

macro_rules! q {
    ($path:literal) => {
        include_str!(concat!("../../sql/queries/", $path, ".sql"))
    };
}

/// A stored session: whose it is, when it started and when it was last seen in use.
pub struct SessionRow {
    pub user_id: i64,
    pub username: String,
    pub phone_verified: bool,
    pub created_at: DateTime<Utc>,
    pub last_seen_at: DateTime<Utc>,
}

/// Stores a new session of `user`, started (and last seen) at `now`.
pub async fn insert(
    db: &impl GenericClient,
    id_hash: &[u8],
    user: i64,
    now: DateTime<Utc>,
) -> Result<(), tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("session/insert_session")).await?;
    db.execute(&stmt, &[&id_hash, &user, &now]).await?;
    Ok(())
}

/// The session with this token hash, whatever its age, if its account is open.
pub async fn find(
    db: &impl GenericClient,
    id_hash: &[u8],
) -> Result<Option<SessionRow>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("session/find_session")).await?;
    Ok(db.query_opt(&stmt, &[&id_hash]).await?.map(|r| SessionRow {
        user_id: r.get(0),
        username: r.get(1),
        created_at: r.get(2),
        last_seen_at: r.get(3),
        phone_verified: r.get(4),
    }))
}

/// Records a use of the session at `now`; `false` when the session no longer exists.
pub async fn touch(
    db: &impl GenericClient,
    id_hash: &[u8],
    now: DateTime<Utc>,
) -> Result<bool, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("session/touch_session")).await?;
    Ok(db.execute(&stmt, &[&id_hash, &now]).await? == 1)
}

/// Deletes one session.
pub async fn delete(db: &impl GenericClient, id_hash: &[u8]) -> Result<(), tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("session/delete_session")).await?;
    db.execute(&stmt, &[&id_hash]).await?;
    Ok(())
}

/// Deletes every session of `user`; how many there were.
pub async fn delete_user(db: &impl GenericClient, user: i64) -> Result<u64, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("session/delete_user_sessions")).await?;
    db.execute(&stmt, &[&user]).await
}

/// Deletes the sessions last seen at or before `idle_since` or started at or before
/// `started_before`; how many.
pub async fn delete_expired(
    db: &impl GenericClient,
    idle_since: DateTime<Utc>,
    started_before: DateTime<Utc>,
) -> Result<u64, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("session/delete_expired_sessions")).await?;
    db.execute(&stmt, &[&idle_since, &started_before]).await
}

/// The password hash of an open account.
pub async fn password_hash(
    db: &impl GenericClient,
    user: i64,
) -> Result<Option<String>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("user/get_password_hash")).await?;
    Ok(db.query_opt(&stmt, &[&user]).await?.map(|r| r.get(0)))
}

/// Replaces the password hash of an open account; `false` when there is no such account.
pub async fn set_password_hash(
    db: &impl GenericClient,
    user: i64,
    hash: &str,
) -> Result<bool, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("user/update_password")).await?;
    Ok(db.execute(&stmt, &[&user, &hash]).await? == 1)
}
