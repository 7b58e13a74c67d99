//! `GET /api/site-figures`: the footer's figures, counted from the records (issue 22: numbers that
//! mean what they say, where the footer showed invented ones); `GET /api/fairness`: the public
//! fairness page's figures.

use actix_web::{HttpResponse, get, http::header, web};
use serde::Serialize;
use tyiyn_actors::ids::Tyiyn;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::db;
use crate::error::AppError;
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(site_figures).service(fairness);
}

/// The fairness page's period.
const FAIRNESS_DAYS: i32 = 30;

/// What the site has done, as its records say.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SiteFigures {
    /// People who bid or pre-bid in the last 30 days (bots and closed accounts not counted).
    pub active_users: i64,
    /// Auctions finished, ever.
    pub completed_auctions: i64,
    /// What people who won saved: retail price less the winning price, summed.
    pub total_saved: Tyiyn,
}

/// The site's figures for the footer: active users, finished auctions, what winners saved.
#[utoipa::path(tag = "settings", responses((status = 200, description = "The figures", body = SiteFigures)))]
#[get("/site-figures")]
async fn site_figures(state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let client = state.core.pool.get().await?;
    let (active_users, completed_auctions, saved) = db::admin_stats::site_figures(&client).await?;
    let figures = SiteFigures { active_users, completed_auctions, total_saved: Tyiyn(saved) };
    // Figures a minute old are as true as figures a second old: shared caches may keep them.
    Ok(HttpResponse::Ok().insert_header((header::CACHE_CONTROL, "public, max-age=60")).json(figures))
}

/// The public fairness page: the last 30 days' auctions (won by people, by the house, without a
/// bid), the median winning price as a share of retail, and the bids of people and of bots.
#[utoipa::path(tag = "settings", responses((status = 200, description = "The figures", body = db::admin_stats::Fairness)))]
#[get("/fairness")]
async fn fairness(state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let client = state.core.pool.get().await?;
    let figures = db::admin_stats::fairness(&client, FAIRNESS_DAYS).await?;
    Ok(HttpResponse::Ok().insert_header((header::CACHE_CONTROL, "public, max-age=60")).json(figures))
}
