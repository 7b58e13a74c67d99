//! The operator's reports: finished auctions with their savings, one auction's bids by kind, and
//! the system statistics card. All read PostgreSQL: every bid is committed before it is answered.

use actix_web::{HttpResponse, get, web};
use serde::Serialize;
use tyiyn_actors::clock::Clock;
use tyiyn_actors::ids::Tyiyn;
use tyiyn_actors::view::AuctionInfo;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::auth::AdminUser;
use crate::db;
use crate::db::admin_stats::{AuctionBidStats, SystemStats};
use crate::error::{AppError, ErrorBody};
use crate::i18n::Msg;
use crate::state::AppState;
use tyiyn_actors::ids::AuctionId;

/// How many finished auctions the admin table lists (the newest).
const FINISHED_LIMIT: i64 = 1000;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(admin_finished_auctions).service(admin_auction_stats).service(admin_system_stats);
}

/// A finished auction and what its winner saved.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FinishedAuctionRow {
    /// The auction.
    #[serde(flatten)]
    pub auction: AuctionInfo,
    /// `retailPrice − currentPrice`, never below zero.
    pub savings: Tyiyn,
    /// `savings` as a whole percent of the retail price, rounded down (0–100; 0 without a retail
    /// price).
    #[schema(minimum = 0, maximum = 100)]
    pub savings_percent: i64,
}

/// `(savings, percent)` of a sale at `price` of an item worth `retail`, both in tyiyn.
fn savings(retail: i64, price: i64) -> (i64, i64) {
    let saved = (retail - price).max(0);
    (saved, if retail > 0 { saved * 100 / retail } else { 0 })
}

impl FinishedAuctionRow {
    fn of(auction: AuctionInfo) -> FinishedAuctionRow {
        let (saved, savings_percent) = savings(auction.details.retail_price.0, auction.current_price.0);
        FinishedAuctionRow { auction, savings: Tyiyn(saved), savings_percent }
    }
}

/// Finished auctions, latest end first (then latest created), at most 1000.
#[utoipa::path(
    tag = "admin",
    responses(
        (status = 200, description = "The finished auctions", body = Vec<FinishedAuctionRow>),
                    )
)]
#[get("/admin/finished-auctions")]
async fn admin_finished_auctions(
    _admin: AdminUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    let client = state.core.pool.get().await?;
    let finished = db::auctions::finished(&client, None, FINISHED_LIMIT, state.core.clock.now()).await?;
    let rows: Vec<FinishedAuctionRow> = finished.into_iter().map(FinishedAuctionRow::of).collect();
    Ok(HttpResponse::Ok().json(rows))
}

/// An auction's bids by kind (bots, admins, users) and its latest 1000 bids; any status.
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "Auction id")),
    responses(
        (status = 200, description = "The statistics", body = AuctionBidStats),
        (status = 404, description = "`auction_not_found`", body = ErrorBody),
    )
)]
#[get("/admin/auction-stats/{id}")]
async fn admin_auction_stats(
    _admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<AuctionId>,
) -> Result<HttpResponse, AppError> {
    let client = state.core.pool.get().await?;
    let stats = db::admin_stats::auction(&client, path.into_inner().0)
        .await?
        .ok_or(AppError::NotFound(Msg::AuctionNotFound))?;
    Ok(HttpResponse::Ok().json(stats))
}

/// The system statistics card: users, auctions by status, bids over the last hour, and this
/// hour's phone codes against the SMS budget.
#[utoipa::path(
    tag = "admin",
    responses(
        (status = 200, description = "The statistics", body = SystemStats),
                    )
)]
#[get("/admin/stats")]
async fn admin_system_stats(_admin: AdminUser, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let client = state.core.pool.get().await?;
    let stats = db::admin_stats::system(&client, state.core.config.sms.hourly_budget).await?;
    Ok(HttpResponse::Ok().json(stats))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn savings_never_go_below_zero_and_round_down() {
        assert_eq!(savings(10_000, 1), (9_999, 99));
        assert_eq!(savings(10_000, 10_000), (0, 0));
        assert_eq!(savings(100, 500), (0, 0));
        assert_eq!(savings(0, 5), (0, 0));
    }
}
