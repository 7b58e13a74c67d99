//! Telegram's rows (sql/migrations/0020_telegram.sql): the chat each account linked, the one-time
//! tokens of the profile's links, where the bot's long polling stands, and the lock that lets one
//! poller per bot token run.

use chrono::{DateTime, Utc};
use deadpool_postgres::GenericClient;
use tokio::task::JoinHandle;
use tokio_postgres::NoTls;

macro_rules! q {
    ($name:literal) => {
        include_str!(concat!("../../sql/queries/telegram/", $name, ".sql"))
    };
}

/// Stores a new link token (its SHA-256) for `user`, valid for `minutes`; the user's older tokens
/// are deleted.
pub async fn insert_token(
    db: &impl GenericClient,
    user: i64,
    hash: &[u8; 32],
    minutes: i32,
) -> Result<(), tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("insert_link_token")).await?;
    db.execute(&stmt, &[&user, &hash.as_slice(), &minutes]).await?;
    Ok(())
}

/// Uses the token with SHA-256 `hash`: its user, or `None` when it is unknown, used or expired.
pub async fn use_token(
    db: &impl GenericClient,
    hash: &[u8; 32],
) -> Result<Option<i64>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("use_link_token")).await?;
    Ok(db.query_opt(&stmt, &[&hash.as_slice()]).await?.map(|r| r.get(0)))
}

/// Links `user` to `chat`, taking the chat from any other account that held it and replacing the
/// user's earlier chat: the user's username, and the account the chat left (if any).
pub async fn link(
    db: &impl GenericClient,
    user: i64,
    chat: i64,
) -> Result<(String, Option<i64>), tokio_postgres::Error> {
    let release = db.prepare_cached(q!("release_chat")).await?;
    let left = db.query_opt(&release, &[&user, &chat]).await?.map(|r| r.get(0));
    let link = db.prepare_cached(q!("link_chat")).await?;
    let username = db.query_one(&link, &[&user, &chat]).await?.get(0);
    Ok((username, left))
}

/// When `user` linked their chat; `None` when they have none.
pub async fn linked_at(
    db: &impl GenericClient,
    user: i64,
) -> Result<Option<DateTime<Utc>>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_link")).await?;
    Ok(db.query_opt(&stmt, &[&user]).await?.map(|r| r.get(0)))
}

/// Unlinks `user`'s chat; whether there was one.
pub async fn unlink_user(db: &impl GenericClient, user: i64) -> Result<bool, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("unlink_user")).await?;
    Ok(db.execute(&stmt, &[&user]).await? > 0)
}

/// Unlinks `chat` from its account: that account's username, or `None` when no account held it.
pub async fn unlink_chat(
    db: &impl GenericClient,
    chat: i64,
) -> Result<Option<String>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("unlink_chat")).await?;
    Ok(db.query_opt(&stmt, &[&chat]).await?.map(|r| r.get(0)))
}

/// The offset of bot `bot`'s next `getUpdates`; `None` before it handled its first update.
pub async fn offset(db: &impl GenericClient, bot: i64) -> Result<Option<i64>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_offset")).await?;
    Ok(db.query_opt(&stmt, &[&bot]).await?.map(|r| r.get(0)))
}

/// Records that bot `bot` handled every update before `offset` (the offset never moves back).
pub async fn save_offset(
    db: &impl GenericClient,
    bot: i64,
    offset: i64,
) -> Result<(), tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("save_offset")).await?;
    db.execute(&stmt, &[&bot, &offset]).await?;
    Ok(())
}

/// A session-level advisory lock on one bot's long polling, held by a connection of its own (not
/// a pooled one, which would hand the session to others): released when this is dropped or the
/// connection breaks, which [`PollerLock::held`] tells.
pub struct PollerLock {
    client: tokio_postgres::Client,
    connection: JoinHandle<()>,
}

impl PollerLock {
    /// Connects to `url` and waits until this connection holds bot `bot`'s lock. `on_wait` is
    /// called once if another session holds it first.
    pub async fn acquire(
        url: &str,
        bot: i64,
        on_wait: impl FnOnce(),
    ) -> Result<PollerLock, tokio_postgres::Error> {
        let mut config: tokio_postgres::Config = url.parse()?;
        // A peer that vanished (its node lost) must not keep the lock for long: keepalives end
        // its session, and with it the lock.
        config
            .connect_timeout(std::time::Duration::from_secs(5))
            .keepalives_idle(std::time::Duration::from_secs(5))
            .tcp_user_timeout(std::time::Duration::from_secs(10));
        let (client, connection) = config.connect(NoTls).await?;
        let connection = tokio::spawn(async move {
            if let Err(err) = connection.await {
                tracing::warn!(%err, "the Telegram poller's lock connection ended");
            }
        });
        let lock = PollerLock { client, connection };
        let took: bool = lock.client.query_one(q!("try_lock_poller"), &[&bot]).await?.get(0);
        if !took {
            on_wait();
            lock.client.query_one(q!("lock_poller"), &[&bot]).await?;
        }
        Ok(lock)
    }

    /// Whether the lock is still held: its connection is open.
    pub fn held(&self) -> bool {
        !self.client.is_closed() && !self.connection.is_finished()
    }
}

impl Drop for PollerLock {
    fn drop(&mut self) {
        // Closing the session releases the lock.
        self.connection.abort();
    }
}
