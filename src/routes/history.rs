//! The logged-in user's auction history: bids, pre-bids, statistics, wins, recent bids (read by
//! [`crate::db::history`]).

use actix_web::{HttpResponse, get, web};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::auth::CurrentUser;
use crate::db::history::{self, RecentBid, UserBid, UserPrebid, UserStats, WonAuction};
use crate::error::{AppError, ErrorBody};
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(user_bids).service(user_prebids).service(user_stats).service(won).service(recent);
}

/// The user's bids, newest first (at most 200), each with its standing.
#[utoipa::path(
    tag = "users",
    responses(
        (status = 200, description = "The bids", body = Vec<UserBid>),
        (status = 401, description = "`unauthorized`: not logged in", body = ErrorBody),
    )
)]
#[get("/bids/user")]
async fn user_bids(user: CurrentUser, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let client = state.core.pool.get().await?;
    Ok(HttpResponse::Ok()
        .json(history::bids(&client, user.id, state.core.config.claims.buy_now_hours).await?))
}

/// The user's pre-bids, newest first (at most 200).
#[utoipa::path(
    tag = "users",
    responses(
        (status = 200, description = "The pre-bids", body = Vec<UserPrebid>),
        (status = 401, description = "`unauthorized`: not logged in", body = ErrorBody),
    )
)]
#[get("/prebids/user")]
async fn user_prebids(user: CurrentUser, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let client = state.core.pool.get().await?;
    Ok(HttpResponse::Ok().json(history::prebids(&client, user.id).await?))
}

/// The user's statistics.
#[utoipa::path(
    tag = "users",
    responses(
        (status = 200, description = "The statistics", body = UserStats),
        (status = 401, description = "`unauthorized`: not logged in", body = ErrorBody),
    )
)]
#[get("/users/stats")]
async fn user_stats(user: CurrentUser, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let client = state.core.pool.get().await?;
    Ok(HttpResponse::Ok().json(history::stats(&client, user.id).await?))
}

/// The auctions the user won.
#[utoipa::path(
    tag = "users",
    responses(
        (status = 200, description = "The won auctions", body = Vec<WonAuction>),
        (status = 401, description = "`unauthorized`: not logged in", body = ErrorBody),
    )
)]
#[get("/users/won-auctions")]
async fn won(user: CurrentUser, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let client = state.core.pool.get().await?;
    Ok(HttpResponse::Ok().json(history::won(&client, user.id).await?))
}

/// The user's last ten bids.
#[utoipa::path(
    tag = "users",
    responses(
        (status = 200, description = "The bids", body = Vec<RecentBid>),
        (status = 401, description = "`unauthorized`: not logged in", body = ErrorBody),
    )
)]
#[get("/users/recent-bids")]
async fn recent(user: CurrentUser, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let client = state.core.pool.get().await?;
    Ok(HttpResponse::Ok().json(history::recent(&client, user.id).await?))
}
