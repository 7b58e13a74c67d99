//! A user's own auction history: bids, pre-bids, statistics, wins, recent bids. Every accepted bid
//! is committed before it is acknowledged, so these read PostgreSQL directly.

use chrono::{DateTime, Utc};
use deadpool_postgres::GenericClient;
use serde::Serialize;
use tyiyn_actors::ids::Tyiyn;
use tyiyn_actors::slug::slug;
use tyiyn_actors::snapshot::AuctionStatus;
use utoipa::ToSchema;

use super::rows::opt;

/// How many rows a history list shows.
const HISTORY_LIMIT: i64 = 200;

macro_rules! q {
    ($path:literal) => {
        include_str!(concat!("../../sql/queries/", $path, ".sql"))
    };
}

/// The auction a history row belongs to.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuctionRef {
    pub id: i64,
    pub title: String,
    pub status: AuctionStatus,
    pub slug: String,
    /// For a finished auction this user lost, while its Buy It Now offer lasts: when it ends
    /// (see `/api/auctions/{id}/buy-now`). Absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub buy_now_until: Option<DateTime<Utc>>,
}

/// This user's standing with a bid: `winning` or `outbid` while the auction runs, `won` or `lost`
/// once it finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum BidStatus {
    Winning,
    Outbid,
    Won,
    Lost,
}

/// One of the user's bids, newest first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserBid {
    pub id: i64,
    pub amount: Tyiyn,
    pub is_bot: bool,
    #[schema(required)]
    pub bot_name: Option<String>,
    pub is_prebid: bool,
    pub created_at: DateTime<Utc>,
    pub bid_status: BidStatus,
    pub auction: AuctionRef,
}

/// The auction of a pre-bid, with what the pre-bid list shows.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PrebidAuction {
    pub id: i64,
    pub title: String,
    pub status: AuctionStatus,
    pub slug: String,
    pub start_time: DateTime<Utc>,
    #[schema(required)]
    pub image_url: Option<String>,
}

/// One of the user's pre-bids, newest first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserPrebid {
    pub id: i64,
    pub auction_id: i64,
    pub created_at: DateTime<Utc>,
    /// The auction's status: `upcoming` (waiting for the start), `live` or `finished`.
    pub status: AuctionStatus,
    /// Whether it became a bid at go-live.
    pub converted: bool,
    pub auction: PrebidAuction,
}

/// The profile's statistics.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserStats {
    /// Bids on auctions still running.
    pub active_bids: i64,
    /// Pre-bids waiting for their auction to start.
    pub active_prebids: i64,
    pub won_auctions: i64,
    /// Each charged bid or pre-bid as 0.01 som (spec section 9; the profile shows `bidsUsed` and
    /// `spentValue` instead, docs/rules/README.md).
    pub total_spent: Tyiyn,
    /// Bids spent: each charged bid and pre-bid.
    pub bids_used: i64,
    /// What those bids cost: `bidsUsed` × the lowest price of one bid in the active packages;
    /// `null` when no package is on sale.
    #[schema(required)]
    pub spent_value: Option<Tyiyn>,
    /// Finished auctions the user bid or pre-bid on: the win rate is `wonAuctions` ÷ this.
    pub auctions_entered: i64,
}

/// An auction the user won.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WonAuction {
    pub id: i64,
    pub title: String,
    #[schema(required)]
    pub image_url: Option<String>,
    pub slug: String,
    pub won_at: DateTime<Utc>,
    pub final_price: Tyiyn,
}

/// One of the user's last ten bids.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecentBid {
    pub id: i64,
    pub auction_id: i64,
    pub amount: Tyiyn,
    pub created_at: DateTime<Utc>,
}

fn status(text: &str) -> AuctionStatus {
    match text {
        "live" => AuctionStatus::Live,
        "finished" => AuctionStatus::Finished,
        _ => AuctionStatus::Upcoming,
    }
}

fn bid_status(status: AuctionStatus, leader: Option<i64>, winner: Option<i64>, me: i64) -> BidStatus {
    match status {
        AuctionStatus::Finished if winner == Some(me) => BidStatus::Won,
        AuctionStatus::Finished => BidStatus::Lost,
        _ if leader == Some(me) => BidStatus::Winning,
        _ => BidStatus::Outbid,
    }
}

/// The user's bids, newest first.
pub async fn bids(
    db: &impl GenericClient,
    user: i64,
    buy_now_hours: i32,
) -> Result<Vec<UserBid>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("bid/select_user_bids")).await?;
    let rows = db.query(&stmt, &[&user, &HISTORY_LIMIT, &buy_now_hours]).await?;
    Ok(rows
        .iter()
        .map(|r| {
            let auction_status = status(r.get(9));
            UserBid {
                id: r.get(0),
                amount: Tyiyn(r.get(1)),
                is_bot: r.get(2),
                bot_name: r.get(3),
                is_prebid: r.get(4),
                created_at: r.get(5),
                bid_status: bid_status(auction_status, r.get(10), r.get(11), user),
                auction: AuctionRef {
                    id: r.get(6),
                    slug: slug(r.get(7), r.get(8)),
                    title: r.get(7),
                    status: auction_status,
                    buy_now_until: r.get(12),
                },
            }
        })
        .collect())
}

/// The user's pre-bids, newest first.
pub async fn prebids(db: &impl GenericClient, user: i64) -> Result<Vec<UserPrebid>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("bid/select_user_prebids")).await?;
    let rows = db.query(&stmt, &[&user, &HISTORY_LIMIT]).await?;
    Ok(rows
        .iter()
        .map(|r| {
            let title: String = r.get(4);
            let auction_status = status(r.get(6));
            UserPrebid {
                id: r.get(0),
                created_at: r.get(1),
                converted: r.get::<_, Option<i64>>(2).is_some(),
                auction_id: r.get(3),
                status: auction_status,
                auction: PrebidAuction {
                    id: r.get(3),
                    slug: slug(&title, r.get(5)),
                    title,
                    status: auction_status,
                    start_time: r.get(7),
                    image_url: opt(r.get(8)),
                },
            }
        })
        .collect())
}

/// The user's statistics.
pub async fn stats(db: &impl GenericClient, user: i64) -> Result<UserStats, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("user/select_user_stats")).await?;
    let r = db.query_one(&stmt, &[&user]).await?;
    Ok(UserStats {
        active_bids: r.get(0),
        active_prebids: r.get(1),
        won_auctions: r.get(2),
        total_spent: Tyiyn(r.get(3)),
        bids_used: r.get(3),
        spent_value: r.get::<_, Option<i64>>(4).map(|per_bid| Tyiyn(per_bid * r.get::<_, i64>(3))),
        auctions_entered: r.get(5),
    })
}

/// The auctions the user won, latest first.
pub async fn won(db: &impl GenericClient, user: i64) -> Result<Vec<WonAuction>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("user/select_won_auctions")).await?;
    let rows = db.query(&stmt, &[&user]).await?;
    Ok(rows
        .iter()
        .map(|r| {
            let title: String = r.get(1);
            WonAuction {
                id: r.get(0),
                slug: slug(&title, r.get(3)),
                title,
                image_url: opt(r.get(2)),
                won_at: r.get(4),
                final_price: Tyiyn(r.get(5)),
            }
        })
        .collect())
}

/// The user's last ten bids.
pub async fn recent(db: &impl GenericClient, user: i64) -> Result<Vec<RecentBid>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("bid/select_recent_user_bids")).await?;
    let rows = db.query(&stmt, &[&user]).await?;
    Ok(rows
        .iter()
        .map(|r| RecentBid {
            id: r.get(0),
            auction_id: r.get(1),
            amount: Tyiyn(r.get(2)),
            created_at: r.get(3),
        })
        .collect())
}
