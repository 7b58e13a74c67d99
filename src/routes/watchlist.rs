//! The watchlist (docs/rules/watchlist.md, "Watchlist"): `PUT` and `DELETE /api/auctions/{id}/watch`
//! star and unstar an auction, `GET /api/me/watchlist` lists the caller's watched auctions as the
//! lobby's cards. Watched auctions feed the `auctionStarting` notice (`crate::app::watchlist`).

use actix_web::{HttpResponse, delete, get, put, web};
use serde::{Deserialize, Serialize};
use tyiyn_actors::ids::{AuctionId, UserId};
use tyiyn_actors::view::AuctionInfo;
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::app::watchlist;
use crate::auth::CurrentUser;
use crate::error::{AppError, ErrorBody};
use crate::paging;
use crate::state::AppState;

/// Watched auctions on one page unless `limit` says otherwise.
const PAGE_LIMIT: i64 = 20;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(watch).service(unwatch).service(my_watchlist);
}

/// Whether the caller now watches the auction.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WatchState {
    pub auction_id: AuctionId,
    pub watched: bool,
}

/// Which page of the watchlist.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct WatchlistQuery {
    /// From 1 (default 1).
    page: Option<i64>,
    /// 1–100 (default 20).
    limit: Option<i64>,
}

/// A page of the caller's watched auctions.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WatchlistPage {
    /// This page's auctions, the latest starred first: the same Auction object as the lobby's.
    pub auctions: Vec<AuctionInfo>,
    /// Every watched auction's id, the latest starred first (on every page): which stars are lit.
    pub ids: Vec<AuctionId>,
    /// Watched auctions, on every page.
    pub total: i64,
    /// `ceil(total / limit)`, at least 1.
    pub total_pages: i64,
}

/// Watches an auction (of any status): its watchers are told when it is about to start. Watching
/// one already watched changes nothing.
#[utoipa::path(
    tag = "users",
    params(("id" = i64, Path, description = "Auction id")),
    responses(
        (status = 200, description = "Watched", body = WatchState),
        (status = 401, description = "`unauthorized`: not logged in", body = ErrorBody),
        (status = 404, description = "`auction_not_found`", body = ErrorBody),
        (status = 409, description = "`watchlist_full`: the caller watches as many auctions as one may (200 by default)", body = ErrorBody),
    )
)]
#[put("/auctions/{id}/watch")]
async fn watch(
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<AuctionId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    watchlist::watch(&state.core.pool, &state.core.config.watchlist, UserId(user.id), id).await?;
    Ok(HttpResponse::Ok().json(WatchState { auction_id: id, watched: true }))
}

/// Stops watching an auction. Unwatching one not watched changes nothing.
#[utoipa::path(
    tag = "users",
    params(("id" = i64, Path, description = "Auction id")),
    responses(
        (status = 200, description = "Not watched", body = WatchState),
        (status = 401, description = "`unauthorized`: not logged in", body = ErrorBody),
        (status = 404, description = "`auction_not_found`", body = ErrorBody),
    )
)]
#[delete("/auctions/{id}/watch")]
async fn unwatch(
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<AuctionId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    watchlist::unwatch(&state.core.pool, UserId(user.id), id).await?;
    Ok(HttpResponse::Ok().json(WatchState { auction_id: id, watched: false }))
}

/// The caller's watched auctions, the latest starred first, a page at a time, with every watched
/// auction's id.
#[utoipa::path(
    tag = "users",
    params(WatchlistQuery),
    responses(
        (status = 200, description = "A page of watched auctions", body = WatchlistPage),
        (status = 400, description = "`page_invalid` or `limit_invalid`, with `fields`", body = ErrorBody),
        (status = 401, description = "`unauthorized`: not logged in", body = ErrorBody),
    )
)]
#[get("/me/watchlist")]
async fn my_watchlist(
    user: CurrentUser,
    state: web::Data<AppState>,
    query: web::Query<WatchlistQuery>,
) -> Result<HttpResponse, AppError> {
    let page = paging::parse(query.page, query.limit, PAGE_LIMIT)?;
    let list = watchlist::list(&state.core.watch_handles(), UserId(user.id), page).await?;
    let total = list.ids.len() as i64;
    Ok(HttpResponse::Ok().json(WatchlistPage {
        auctions: list.auctions,
        ids: list.ids,
        total,
        total_pages: paging::total_pages(total, page.limit),
    }))
}
