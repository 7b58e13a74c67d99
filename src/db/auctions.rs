//! Reads of auctions that have no actor: finished ones (their final state is in PostgreSQL), and
//! lookups by slug. Live and upcoming auctions are read from their actors.

use chrono::{DateTime, Utc};
use deadpool_postgres::GenericClient;
use serde::Serialize;
use tokio_postgres::Row;
use tyiyn_actors::ids::Tyiyn;
use tyiyn_actors::slug::slug;
use tyiyn_actors::store::AuctionDetails;

use super::store::details;

/// A finished auction in the Auction object's shape (docs/api.md).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FinishedAuction {
    pub id: i64,
    pub display_id: String,
    pub slug: String,
    #[serde(flatten)]
    pub details: AuctionDetails,
    pub current_price: Tyiyn,
    pub starting_price: Tyiyn,
    pub bid_increment: Tyiyn,
    pub start_time: DateTime<Utc>,
    pub end_time: Option<DateTime<Utc>>,
    pub ends_at: Option<DateTime<Utc>>,
    pub server_time: DateTime<Utc>,
    pub status: &'static str,
    pub prebids_count: i64,
    pub total_bids: i64,
    pub last_bidder: Option<String>,
    pub participants: i64,
    pub viewers: i64,
    pub created_at: DateTime<Utc>,
    pub winner: Option<Winner>,
    pub winning_bid: Option<WinningBid>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Winner {
    pub id: i64,
    pub username: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub role: String,
    pub is_bot: bool,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WinningBid {
    pub amount: Tyiyn,
    pub created_at: DateTime<Utc>,
}

fn from_row(r: &Row) -> FinishedAuction {
    let details = details(r, 2);
    let display_id: String = r.get(1);
    let winner = r.get::<_, Option<i64>>(18).map(|id| Winner {
        id,
        username: r.get(19),
        first_name: r.get(20),
        last_name: r.get(21),
        role: r.get(22),
        is_bot: r.get(23),
    });
    let last_bid_at: Option<DateTime<Utc>> = r.get(26);
    FinishedAuction {
        id: r.get(0),
        slug: slug(&details.title, &display_id),
        display_id,
        details,
        current_price: Tyiyn(r.get(11)),
        starting_price: Tyiyn(r.get(12)),
        bid_increment: Tyiyn(r.get(13)),
        start_time: r.get(14),
        end_time: r.get(15),
        ends_at: None,
        server_time: Utc::now(),
        status: "finished",
        total_bids: r.get(16),
        created_at: r.get(17),
        last_bidder: winner.as_ref().map(|w| w.username.clone()),
        winning_bid: winner
            .as_ref()
            .zip(last_bid_at)
            .map(|(_, at)| WinningBid { amount: Tyiyn(r.get(11)), created_at: at }),
        winner,
        prebids_count: r.get(24),
        participants: r.get(25),
        viewers: 0,
    }
}

/// Finished auctions, newest end first (or the one with `id`).
pub async fn finished(
    db: &impl GenericClient,
    id: Option<i64>,
    limit: i64,
) -> Result<Vec<FinishedAuction>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(include_str!("../../sql/queries/auction/select_finished.sql")).await?;
    Ok(db.query(&stmt, &[&id, &limit]).await?.iter().map(from_row).collect())
}

/// The auction whose display id ends the slug.
pub async fn id_by_slug(db: &impl GenericClient, slug: &str) -> Result<Option<i64>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(include_str!("../../sql/queries/auction/find_by_slug.sql")).await?;
    Ok(db.query_opt(&stmt, &[&slug.to_lowercase()]).await?.map(|r| r.get(0)))
}

/// (total bids, distinct bidders) of an auction.
pub async fn stats(db: &impl GenericClient, id: i64) -> Result<(i64, i64), tokio_postgres::Error> {
    let stmt = db.prepare_cached(include_str!("../../sql/queries/auction/select_stats.sql")).await?;
    let row = db.query_one(&stmt, &[&id]).await?;
    Ok((row.get(0), row.get(1)))
}
