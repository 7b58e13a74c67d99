//! Users' auto-bidders (`autobid`): read into an auction's snapshot, saved and removed by its
//! actor (the table: sql/migrations/0010_autobid.sql). Their counts go down inside the group
//! commit (sql/functions/commit_bid_groups.sql).

use deadpool_postgres::GenericClient;
use tyiyn_actors::autobid::AutoBid;
use tyiyn_actors::ids::{AuctionId, Tyiyn, UserId};

use super::rows::{ms, ts};

macro_rules! q {
    ($name:literal) => {
        include_str!(concat!("../../sql/queries/autobid/", $name, ".sql"))
    };
}

/// An auction's auto-bidders, running or stopped.
pub async fn orders(
    db: &impl GenericClient,
    auction: AuctionId,
) -> Result<Vec<AutoBid>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_orders")).await?;
    Ok(db
        .query(&stmt, &[&auction.0])
        .await?
        .iter()
        .map(|r| AutoBid {
            user: UserId(r.get(0)),
            username: r.get::<_, String>(1).into(),
            bids: u32::try_from(r.get::<_, i32>(2)).unwrap_or(0),
            left: u32::try_from(r.get::<_, i32>(3)).unwrap_or(0),
            max_price: r.get::<_, Option<i64>>(4).map(Tyiyn),
            active: r.get(5),
            set_at: ms(r.get(6)),
        })
        .collect())
}

/// Saves `order` as its user's auto-bidder on `auction`.
pub async fn save(
    db: &impl GenericClient,
    auction: AuctionId,
    order: &AutoBid,
) -> Result<(), tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("upsert")).await?;
    let (bids, left) =
        (i32::try_from(order.bids).unwrap_or(i32::MAX), i32::try_from(order.left).unwrap_or(i32::MAX));
    db.execute(
        &stmt,
        &[
            &auction.0,
            &order.user.0,
            &bids,
            &left,
            &order.max_price.map(|p| p.0),
            &order.active,
            &ts(order.set_at),
        ],
    )
    .await?;
    Ok(())
}

/// Removes `user`'s auto-bidder on `auction`; `false` if there was none.
pub async fn delete(
    db: &impl GenericClient,
    auction: AuctionId,
    user: UserId,
) -> Result<bool, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("delete")).await?;
    Ok(db.execute(&stmt, &[&auction.0, &user.0]).await? > 0)
}
