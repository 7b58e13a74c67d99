//! The server's last sign of life (`runtime_heartbeat`, one row): written by the health monitor's
//! probe, read at start-up so that auctions whose deadline fell while no server ran resume
//! (docs/rules/outages.md, "Database outages").

use deadpool_postgres::GenericClient;
use tyiyn_actors::clock::UnixMillis;

use super::rows::{ms, ts};

macro_rules! q {
    ($name:literal) => {
        include_str!(concat!("../../sql/queries/runtime/", $name, ".sql"))
    };
}

/// Records that the server is alive at `at`.
pub async fn beat(db: &impl GenericClient, at: UnixMillis) -> Result<(), tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("beat")).await?;
    db.execute(&stmt, &[&ts(at)]).await.map(drop)
}

/// The last recorded sign of life, `None` before the first.
pub async fn last(db: &impl GenericClient) -> Result<Option<UnixMillis>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("last_beat")).await?;
    Ok(db.query_opt(&stmt, &[]).await?.map(|row| ms(row.get(0))))
}
