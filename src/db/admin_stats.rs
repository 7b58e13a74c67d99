//! The operator's statistics: one auction's bids by kind, and the system card (users, auctions by
//! status, bids per minute over the last hour).

use chrono::{DateTime, Utc};
use deadpool_postgres::GenericClient;
use serde::Serialize;
use tyiyn_actors::ids::Tyiyn;
use tyiyn_actors::record::Role;
use utoipa::ToSchema;

/// How many bids an auction's statistics list (the counts cover every bid).
const STATS_BIDS: i64 = 1000;

macro_rules! q {
    ($path:literal) => {
        include_str!(concat!("../../sql/queries/stats/", $path, ".sql"))
    };
}

/// One bid in an auction's statistics.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatsBid {
    pub id: i64,
    /// The bidder's username, or the bot's name.
    pub user_name: String,
    /// The bidder's role now (a bot's is `user`).
    pub user_role: Role,
    pub is_bot: bool,
    /// The price the bid made.
    pub bid_amount: Tyiyn,
    pub created_at: DateTime<Utc>,
}

/// An auction's bids by kind, and the latest 1000 of them, newest first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuctionBidStats {
    pub total_bids: i64,
    /// Bids placed by bots.
    pub bot_bids: i64,
    /// Bids by people who are not admins.
    pub user_bids: i64,
    /// Bids by people whose role is admin.
    pub admin_bids: i64,
    pub bids: Vec<StatsBid>,
}

/// Auction `id`'s bid statistics, `None` if it does not exist (any status).
pub async fn auction(
    db: &impl GenericClient,
    id: i64,
) -> Result<Option<AuctionBidStats>, tokio_postgres::Error> {
    let counts = db.prepare_cached(q!("select_auction_bid_counts")).await?;
    let Some(c) = db.query_opt(&counts, &[&id]).await? else {
        return Ok(None);
    };
    let stmt = db.prepare_cached(q!("select_auction_bids")).await?;
    let bids = db
        .query(&stmt, &[&id, &STATS_BIDS])
        .await?
        .iter()
        .map(|r| StatsBid {
            id: r.get(0),
            user_name: r.get(1),
            user_role: Role::parse(r.get(2)),
            is_bot: r.get(3),
            bid_amount: Tyiyn(r.get(4)),
            created_at: r.get(5),
        })
        .collect();
    Ok(Some(AuctionBidStats {
        total_bids: c.get(0),
        bot_bids: c.get(1),
        admin_bids: c.get(2),
        user_bids: c.get(3),
        bids,
    }))
}

/// Bids in one minute.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MinuteBids {
    /// The minute's start.
    pub minute: DateTime<Utc>,
    pub bids: i64,
    /// Of which bots placed.
    pub bot_bids: i64,
}

/// The system statistics card.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SystemStats {
    /// Open accounts (no bots, no closed accounts).
    pub total_users: i64,
    /// Open accounts created today (the calendar day in Bishkek).
    pub registered_today: i64,
    pub live_auctions: i64,
    pub upcoming_auctions: i64,
    pub finished_auctions: i64,
    /// Bids in the 60 minutes of `bidsPerMinute`.
    pub bids_last_hour: i64,
    /// Of which bots placed.
    pub bot_bids_last_hour: i64,
    /// The last 60 minutes, oldest first, the current one last; zeros where nobody bid.
    pub bids_per_minute: Vec<MinuteBids>,
    /// Phone codes sent this hour (UTC), all nodes together.
    pub sms_codes_this_hour: i64,
    /// Code requests refused this hour because `smsHourlyBudget` was spent (each alerts: a flood
    /// of sign-ups, or someone pumping SMS).
    pub sms_refused_this_hour: i64,
    /// `[sms] hourly_budget`; 0: none.
    pub sms_hourly_budget: i64,
}

pub async fn system(
    db: &impl GenericClient,
    sms_hourly_budget: u32,
) -> Result<SystemStats, tokio_postgres::Error> {
    let sms = super::phones::budget(db).await?;
    let users = db.prepare_cached(q!("count_open_users")).await?;
    let total_users = db.query_one(&users, &[]).await?.get(0);
    let registered_today = super::admin_users::registered_today(db).await?;
    let auctions = db.prepare_cached(q!("select_auction_counts")).await?;
    let a = db.query_one(&auctions, &[]).await?;
    let minutes = db.prepare_cached(q!("select_bids_per_minute")).await?;
    let bids_per_minute: Vec<MinuteBids> = db
        .query(&minutes, &[])
        .await?
        .iter()
        .map(|r| MinuteBids { minute: r.get(0), bids: r.get(1), bot_bids: r.get(2) })
        .collect();
    Ok(SystemStats {
        total_users,
        registered_today,
        live_auctions: a.get(0),
        upcoming_auctions: a.get(1),
        finished_auctions: a.get(2),
        bids_last_hour: bids_per_minute.iter().map(|m| m.bids).sum(),
        bot_bids_last_hour: bids_per_minute.iter().map(|m| m.bot_bids).sum(),
        bids_per_minute,
        sms_codes_this_hour: sms.0,
        sms_refused_this_hour: sms.1,
        sms_hourly_budget: i64::from(sms_hourly_budget),
    })
}

/// The footer's figures (sql/queries/stats/select_site_figures.sql): people active in the last 30
/// days, finished auctions, and what people who won saved (tyiyn).
/// The public fairness page's figures for the last `days` days (`sql/queries/stats/select_fairness.sql`).
pub async fn fairness(db: &impl GenericClient, days: i32) -> Result<Fairness, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_fairness")).await?;
    let r = db.query_one(&stmt, &[&days]).await?;
    Ok(Fairness {
        days,
        auctions_finished: r.get("finished"),
        won_by_people: r.get("won_by_people"),
        won_by_house: r.get("won_by_house"),
        no_winner: r.get("no_winner"),
        without_house_bidders: r.get("without_house"),
        median_price_share_bp: r.get("median_share_bp"),
        bids_by_people: r.get("people_bids"),
        bids_by_bots: r.get("bot_bids"),
    })
}

/// What the auctions of the last `days` days came to, as the records say (the public fairness
/// page; docs/rules/bots.md, "House bidders").
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Fairness {
    /// The period, in days back from now.
    pub days: i32,
    /// Auctions that finished in the period.
    pub auctions_finished: i64,
    /// Of those, won by people.
    pub won_by_people: i64,
    /// Of those, won by a house bot.
    pub won_by_house: i64,
    /// Of those, ended without a bid.
    pub no_winner: i64,
    /// Of those, run with no house bidders.
    pub without_house_bidders: i64,
    /// The median winning price as a share of the retail price, in basis points (1/100 of a
    /// percent: 35 is 0.35 %); `null` when nobody won.
    #[schema(required)]
    pub median_price_share_bp: Option<i64>,
    /// Bids people placed in the period (converted pre-bids included).
    pub bids_by_people: i64,
    /// Bids house bots placed in the period.
    pub bids_by_bots: i64,
}

pub async fn site_figures(db: &impl GenericClient) -> Result<(i64, i64, i64), tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_site_figures")).await?;
    let row = db.query_one(&stmt, &[]).await?;
    Ok((row.get(0), row.get(1), row.get(2)))
}
