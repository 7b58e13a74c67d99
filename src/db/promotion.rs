//! The promoted auction for [`PgStore`](super::store::PgStore): setting the flag clears it on any
//! other auction in the same transaction (a partial unique index allows only one).

use deadpool_postgres::{Client, Pool, Transaction};
use tyiyn_actors::ids::AuctionId;
use tyiyn_actors::store::StoreError;

use super::rows::down;

macro_rules! q {
    ($name:literal) => {
        include_str!(concat!("../../sql/queries/auction/", $name, ".sql"))
    };
}

/// Takes the turn of one promotion, across every node: a transaction on `client` that holds it
/// until it ends (committed, rolled back or dropped).
pub async fn take_turn(client: &mut Client) -> Result<Transaction<'_>, tokio_postgres::Error> {
    let tx = client.transaction().await?;
    let lock = tx.prepare_cached(q!("lock_promotion_turn")).await?;
    tx.execute(&lock, &[]).await?;
    Ok(tx)
}

/// Sets or clears `auction`'s flag; returns the auction whose flag setting it cleared.
pub async fn set_promoted(
    pool: Pool,
    auction: AuctionId,
    promoted: bool,
) -> Result<Option<AuctionId>, StoreError> {
    let mut client = pool.get().await.map_err(down)?;
    let tx = client.transaction().await.map_err(down)?;
    let lock = tx.prepare_cached(q!("lock_promotion")).await.map_err(down)?;
    tx.execute(&lock, &[]).await.map_err(down)?;
    let rows = tx.prepare_cached(q!("lock_promoted_pair")).await.map_err(down)?;
    tx.execute(&rows, &[&auction.0]).await.map_err(down)?;
    let mut previous = None;
    if promoted {
        let clear = tx.prepare_cached(q!("clear_promoted")).await.map_err(down)?;
        previous = tx.query(&clear, &[&auction.0]).await.map_err(down)?.first().map(|r| AuctionId(r.get(0)));
    }
    let set = tx.prepare_cached(q!("set_promoted")).await.map_err(down)?;
    let updated = tx.execute(&set, &[&auction.0, &promoted]).await.map_err(down)?;
    if updated == 0 {
        return Err(StoreError(format!("auction {auction} does not exist")));
    }
    tx.commit().await.map_err(down)?;
    Ok(previous)
}
