//! The only module that speaks SQL: the pool, database creation, migrations, one submodule
//! per entity, and the invariant checks. Query texts live in `sql/queries/<entity>/` (the
//! checks' in `sql/queries/check/`).

pub mod admin_orders;
pub mod admin_stats;
pub mod admin_users;
pub mod auctions;
pub mod audit;
pub mod autobids;
pub mod bots;
pub mod buy_now;
pub mod check;
pub mod claims;
pub mod demo;
pub mod demo_plan;
pub mod doubt;
pub mod group_commit;
pub mod heartbeat;
pub mod history;
pub mod images;
pub mod leases;
pub mod letters;
pub mod lifecycle;
pub mod limits;
pub mod migrate;
pub mod notice_prefs;
pub mod notifications;
pub mod outbox;
pub mod pace;
pub mod packages;
pub mod payments;
pub mod phones;
pub mod prebids;
pub mod promotion;
pub mod push;
pub mod reach;
pub mod record;
pub mod rows;
pub mod sessions;
pub mod settings;
pub mod snapshot;
pub mod store;
pub mod telegram;
pub mod users;
pub mod watchlist;

use std::time::Duration;

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod, Runtime};
use tokio_postgres::NoTls;

/// How long a request may wait on the database before answering 503, when no setting says.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_millis(500);

/// Opens a pool on `url` after creating its database when it does not exist yet. Waiting for a
/// connection (to be made, or to be free) is bounded by `timeout`, and the sockets notice a dead
/// peer within seconds, so a database outage answers 503 instead of hanging requests. `url` may
/// name several hosts with `target_session_attrs=read-write` (a primary and its standbys): a new
/// connection goes to whichever takes writes (docs/operations.md, "A standby that takes over").
/// Its statements are never cancelled by a timeout of the server's (`statement_timeout=0`): a
/// commit cancelled while it waits for a synchronous standby would stay on the primary alone.
pub async fn connect(url: &str, size: usize, timeout: Duration) -> anyhow::Result<Pool> {
    let mut config: tokio_postgres::Config = url.parse()?;
    let options = format!("{} -c statement_timeout=0", config.get_options().unwrap_or_default());
    config
        .options(options.trim_start())
        .connect_timeout(timeout)
        .keepalives_idle(Duration::from_secs(5))
        .tcp_user_timeout(Duration::from_secs(5));
    ensure_database(&config).await?;
    let manager =
        Manager::from_config(config, NoTls, ManagerConfig { recycling_method: RecyclingMethod::Fast });
    Ok(Pool::builder(manager)
        .max_size(size)
        .runtime(Runtime::Tokio1)
        .wait_timeout(Some(timeout))
        .create_timeout(Some(timeout))
        .recycle_timeout(Some(timeout))
        .build()?)
}

/// Creates the configured database through the `postgres` maintenance database when missing.
async fn ensure_database(config: &tokio_postgres::Config) -> anyhow::Result<()> {
    let Some(name) = config.get_dbname().map(str::to_owned) else {
        return Ok(());
    };
    let mut admin = config.clone();
    admin.dbname("postgres");
    let (client, connection) = admin.connect(NoTls).await?;
    let driver = tokio::spawn(connection);
    let exists = client.query_opt("select 1 from pg_database where datname = $1", &[&name]).await?.is_some();
    if !exists {
        let quoted = name.replace('"', "\"\"");
        if let Err(err) = client.batch_execute(&format!("create database \"{quoted}\"")).await {
            // Another process may have created it between the check and the create.
            if err.code() != Some(&tokio_postgres::error::SqlState::DUPLICATE_DATABASE) {
                return Err(err.into());
            }
        }
        tracing::info!(database = %name, "created database");
    }
    drop(client);
    let _ = driver.await;
    Ok(())
}
