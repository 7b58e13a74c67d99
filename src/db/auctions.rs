//! Reads of auctions that have no actor: finished ones (their final state is in PostgreSQL), and
//! lookups by slug. Live and upcoming auctions are read from their actors.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use deadpool_postgres::GenericClient;
use tokio_postgres::Row;
use tyiyn_actors::clock::UnixMillis;
use tyiyn_actors::fairness::{WinBook, item_key};
use tyiyn_actors::ids::{AuctionId, Tyiyn, UserId};
use tyiyn_actors::record::{BidCounts, HonestNumbers};
use tyiyn_actors::slug::slug;
use tyiyn_actors::snapshot::AuctionStatus;
use tyiyn_actors::view::{AuctionInfo, Shared, WinningBid};

use super::rows::{details, ms, winner_from};

/// A finished auction as the one Auction object (`tyiyn_actors::view::AuctionInfo`), the same
/// shape its actor sent while it was live.
fn from_row(r: &Row, now: UnixMillis) -> AuctionInfo {
    let details = details(r, 2);
    let display_id: String = r.get(1);
    let winner = r.get::<_, Option<i64>>(18).map(|_| winner_from(r, 18));
    let last_bid_at: Option<DateTime<Utc>> = r.get(26);
    let price = Tyiyn(r.get(11));
    let honest = honest_numbers(r, price, winner.as_ref().map(|w| w.is_bot));
    AuctionInfo {
        id: AuctionId(r.get(0)),
        slug: slug(&details.title, &display_id),
        display_id: display_id.into(),
        details: Shared(Arc::new(details)),
        current_price: price,
        starting_price: Tyiyn(r.get(12)),
        bid_increment: Tyiyn(r.get(13)),
        start_time: ms(r.get(14)),
        end_time: r.get::<_, Option<DateTime<Utc>>>(15).map(ms),
        ends_at: None,
        server_time: now,
        status: AuctionStatus::Finished,
        total_bids: r.get(16),
        created_at: ms(r.get(17)),
        last_bidder: winner.as_ref().map(|w| w.username.clone()),
        last_bidder_is_bot: winner.as_ref().is_some_and(|w| w.is_bot),
        winning_bid: winner
            .as_ref()
            .zip(last_bid_at)
            .map(|(_, at)| WinningBid { amount: price, created_at: ms(at) }),
        winner,
        prebids_count: count(r.get(24)),
        participants: count(r.get(25)),
        viewers: 0,
        is_promoted: r.get(27),
        paused: None,
        honest_numbers: Some(honest),
    }
}

/// Columns 28–31: all bids, bots' bids, the winner's bids and the package price of one bid.
fn honest_numbers(r: &Row, price: Tyiyn, winner_is_bot: Option<bool>) -> HonestNumbers {
    let counts = BidCounts { total: r.get(28), bots: r.get(29), winner: r.get(30) };
    HonestNumbers::new(price, counts, winner_is_bot, r.get::<_, Option<i64>>(31).map(Tyiyn))
}

fn count(n: i64) -> usize {
    usize::try_from(n).unwrap_or(0)
}

/// Finished auctions, newest end first (or the one with `id`).
pub async fn finished(
    db: &impl GenericClient,
    id: Option<i64>,
    limit: i64,
    now: UnixMillis,
) -> Result<Vec<AuctionInfo>, tokio_postgres::Error> {
    finished_of(db, id.map(|id| vec![id]).as_deref(), limit, now).await
}

/// The finished auctions among `ids` (others are left out), newest end first.
pub async fn finished_among(
    db: &impl GenericClient,
    ids: &[i64],
    now: UnixMillis,
) -> Result<Vec<AuctionInfo>, tokio_postgres::Error> {
    finished_of(db, Some(ids), ids.len() as i64, now).await
}

/// Finished auctions with the given ids (`None`: all), newest end first, at most `limit`.
async fn finished_of(
    db: &impl GenericClient,
    ids: Option<&[i64]>,
    limit: i64,
    now: UnixMillis,
) -> Result<Vec<AuctionInfo>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(include_str!("../../sql/queries/auction/select_finished.sql")).await?;
    Ok(db.query(&stmt, &[&ids, &limit]).await?.iter().map(|r| from_row(r, now)).collect())
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

/// Every user's wins, as the auction actors consult them (`tyiyn_actors::fairness`).
pub async fn wins(db: &impl GenericClient) -> Result<WinBook, tokio_postgres::Error> {
    let stmt = db.prepare_cached(include_str!("../../sql/queries/auction/select_wins.sql")).await?;
    let book = WinBook::default();
    for r in db.query(&stmt, &[]).await? {
        let at: DateTime<Utc> = r.get(1);
        book.note_win(UserId(r.get(0)), ms(at), item_key(r.get(2)));
    }
    Ok(book)
}
