//! The only module that speaks SQL: the pool, database creation, migrations, one submodule
//! per entity, and the invariant checks. Query texts live in `sql/queries/<entity>/` (the
//! checks' in `sql/queries/check/`).

pub mod admin_orders;
pub mod admin_stats;
pub mod admin_users;
pub mod auctions;
pub mod audit;
pub mod bots;
pub mod check;
pub mod claims;
pub mod demo;
pub mod group_commit;
pub mod history;
pub mod migrate;
pub mod notifications;
pub mod packages;
pub mod payments;
pub mod promotion;
pub mod rows;
pub mod sessions;
pub mod settings;
pub mod store;
pub mod users;

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod};
use tokio_postgres::NoTls;

/// Opens a pool on `url` after creating its database when it does not exist yet.
pub async fn connect(url: &str, size: usize) -> anyhow::Result<Pool> {
    let config: tokio_postgres::Config = url.parse()?;
    ensure_database(&config).await?;
    let manager =
        Manager::from_config(config, NoTls, ManagerConfig { recycling_method: RecyclingMethod::Fast });
    Ok(Pool::builder(manager).max_size(size).build()?)
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
