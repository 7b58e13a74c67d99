//! Auctions as the runtime loads them ([`load`]): each auction's row with its pre-bids, the last
//! bid of each bidder, the recent bids, its bots and its auto-bidders, for [`PgStore`]
//! (super::store::PgStore) and the pages that show the latest bids ([`recent_bids`]).

use chrono::{DateTime, Utc};
use deadpool_postgres::{GenericClient, Pool};
use tokio_postgres::Row;
use tyiyn_actors::ids::{AuctionId, BidId, BotId, PrebidId, Tyiyn, UserId};
use tyiyn_actors::rules::{Bidder, BidderId};
use tyiyn_actors::state::{AuctionStatus, Prebid};
use tyiyn_actors::store::{AuctionSnapshot, StoreError};
use tyiyn_actors::view::BidRecord;

use super::rows::{details, down, ms};

/// How many recent bids a snapshot carries.
const RECENT_BIDS: i64 = 50;

macro_rules! q {
    ($name:literal) => {
        include_str!(concat!("../../sql/queries/auction/", $name, ".sql"))
    };
}

fn bidder(id: i64, username: String, is_bot: bool, bot_name: Option<String>) -> Bidder {
    if is_bot {
        Bidder::bot(BotId(id), bot_name.unwrap_or(username))
    } else {
        Bidder::user(UserId(id), username)
    }
}

fn status(text: &str) -> AuctionStatus {
    match text {
        "live" => AuctionStatus::Live,
        "finished" => AuctionStatus::Finished,
        _ => AuctionStatus::Upcoming,
    }
}

/// The latest bids of an auction, newest first.
pub async fn recent_bids(
    db: &impl GenericClient,
    auction: AuctionId,
    limit: i64,
) -> Result<Vec<BidRecord>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_recent_bids")).await?;
    Ok(db
        .query(&stmt, &[&auction.0, &limit])
        .await?
        .into_iter()
        .map(|r| BidRecord {
            id: BidId(r.get(0)),
            amount: Tyiyn(r.get(1)),
            bidder: bidder(r.get(2), r.get(3), r.get(4), r.get(5)),
            is_prebid: r.get(6),
            is_auto: r.get(8),
            created_at: ms(r.get(7)),
        })
        .collect())
}

async fn snapshot(db: &impl GenericClient, row: &Row) -> Result<AuctionSnapshot, tokio_postgres::Error> {
    let id: i64 = row.get(0);
    let leader = row.get::<_, Option<i64>>(18).map(|leader_id| {
        let first: Option<String> = row.get(21);
        let last: Option<String> = row.get(22);
        let bot_name =
            Some(format!("{} {}", first.unwrap_or_default(), last.unwrap_or_default()).trim().to_owned());
        bidder(leader_id, row.get(19), row.get(20), bot_name)
    });
    let prebids_stmt = db.prepare_cached(q!("select_prebids")).await?;
    let prebids = db
        .query(&prebids_stmt, &[&id])
        .await?
        .iter()
        .map(|r| Prebid {
            id: PrebidId(r.get(0)),
            user: UserId(r.get(1)),
            username: r.get::<_, String>(2).into(),
            stamp: ms(r.get(3)),
        })
        .collect();
    let last_stmt = db.prepare_cached(q!("select_last_bids")).await?;
    let last_bids = db
        .query(&last_stmt, &[&id])
        .await?
        .iter()
        .map(|r| {
            let raw: i64 = r.get(0);
            let who = if r.get(1) { BidderId::Bot(BotId(raw)) } else { BidderId::User(UserId(raw)) };
            (who, ms(r.get(2)))
        })
        .collect();
    let recent_bids = recent_bids(db, AuctionId(id), RECENT_BIDS).await?;
    let bots = super::bots::assignments(db, AuctionId(id)).await?;
    let autobids = super::autobids::orders(db, AuctionId(id)).await?;
    Ok(AuctionSnapshot {
        id: AuctionId(id),
        display_id: row.get(1),
        created_at: ms(row.get(2)),
        details: details(row, 3),
        status: status(row.get(12)),
        start_time: ms(row.get(13)),
        starting_price: Tyiyn(row.get(14)),
        price: Tyiyn(row.get(15)),
        ends_at: row.get::<_, Option<DateTime<Utc>>>(16).map(ms),
        ended_at: row.get::<_, Option<DateTime<Utc>>>(17).map(ms),
        leader,
        leader_bid_at: row.get::<_, Option<DateTime<Utc>>>(24).map(ms),
        total_bids: row.get(23),
        prebids,
        last_bids,
        recent_bids,
        promoted: row.get(25),
        bots,
        autobids,
    })
}

/// The auctions the runtime runs (`None`: every live and upcoming one), or auction `auction`.
pub async fn load(pool: Pool, auction: Option<AuctionId>) -> Result<Vec<AuctionSnapshot>, StoreError> {
    let client = pool.get().await.map_err(down)?;
    let stmt = client.prepare_cached(q!("select_snapshots")).await.map_err(down)?;
    let rows = client.query(&stmt, &[&auction.map(|a| a.0)]).await.map_err(down)?;
    let mut out = Vec::with_capacity(rows.len());
    for row in &rows {
        out.push(snapshot(&client, row).await.map_err(down)?);
    }
    Ok(out)
}
