//! `/api/admin/claims…`: every won item with its state and holder, and moving a paid one along
//! (shipped with a tracking note, delivered). Each move is audited and notified.

use actix_web::{HttpResponse, get, post, web};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use super::ReqLang;
use crate::app::claims;
use crate::auth::AdminUser;
use crate::claims::{self as wire, AdminClaim, ClaimBody, ClaimState};
use crate::db;
use crate::db::claims::{ClaimRow, Filter};
use crate::error::{AppError, ErrorBody};
use crate::i18n::Msg;
use crate::ids::ClaimId;
use crate::paging;
use crate::state::AppState;

/// Longest tracking note, in characters.
const MAX_TRACKING: usize = 200;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(admin_list_claims).service(admin_ship_claim).service(admin_deliver_claim);
}

/// Which won items to list.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ClaimsQuery {
    /// Only this state (`reserved`, `claimed`, `paid`, `shipped`, `delivered`, `passed`, `expired`).
    state: Option<String>,
    /// From 1 (default 1).
    page: Option<i64>,
    /// 1–100 (default 20).
    limit: Option<i64>,
}

/// A page of won items.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClaimsPage {
    /// Newest first.
    pub claims: Vec<AdminClaim>,
    /// Won items matching the filter, on every page.
    pub total: i64,
    pub page: i64,
    pub page_size: i64,
}

/// The shipping note.
#[derive(Deserialize, ToSchema)]
struct ShipBody {
    /// The carrier's tracking number or note (at most 200 characters).
    #[schema(example = "KG123456789")]
    tracking: Option<String>,
}

/// Every won item, newest first, optionally in one state.
#[utoipa::path(
    tag = "admin",
    params(ClaimsQuery),
    responses(
        (status = 200, description = "A page of won items", body = ClaimsPage),
        (status = 400, description = "`claim_state_unknown`, `page_invalid` or `limit_invalid`, with `fields`", body = ErrorBody),
    )
)]
#[get("/admin/claims")]
async fn admin_list_claims(
    _admin: AdminUser,
    state: web::Data<AppState>,
    lang: ReqLang,
    query: web::Query<ClaimsQuery>,
) -> Result<HttpResponse, AppError> {
    let page = paging::parse(query.page, query.limit, 20)?;
    let wanted = query.state.as_deref().map(str::trim).filter(|s| !s.is_empty());
    if wanted.is_some_and(|s| !ClaimState::WORDS.contains(&s)) {
        return Err(AppError::invalid("state", Msg::ClaimStateUnknown));
    }
    let client = state.core.pool.get().await?;
    let filter = Filter { state: wanted, ..Filter::default() };
    let rows = db::claims::select(&client, filter, page.limit, page.offset).await?;
    let total = db::claims::count(&client, wanted).await?;
    let claims = admin_views(&client, &rows, &state, lang.0.code()).await?;
    let number = page.offset / page.limit + 1;
    Ok(HttpResponse::Ok().json(ClaimsPage { claims, total, page: number, page_size: page.limit }))
}

async fn admin_views(
    db: &impl deadpool_postgres::GenericClient,
    rows: &[ClaimRow],
    state: &AppState,
    lang: &str,
) -> Result<Vec<AdminClaim>, AppError> {
    let views = wire::views(db, rows, &state.core.payments, lang).await?;
    Ok(views
        .into_iter()
        .zip(rows)
        .map(|(claim, row)| AdminClaim { claim, user_id: row.user_id, username: row.username.clone() })
        .collect())
}

/// Moves a won item along (`crate::app::claims::advance`) and answers it.
async fn advance(
    admin: &AdminUser,
    state: &AppState,
    lang: &str,
    id: ClaimId,
    step: claims::Move<'_>,
) -> Result<HttpResponse, AppError> {
    let row = claims::advance(&state.core.claim_handles(), &admin.0, id, step).await?;
    let claim = wire::view(&row, None, &state.core.payments, lang);
    Ok(HttpResponse::Ok().json(ClaimBody { claim }))
}

/// Marks a paid won item shipped (courier or region), with an optional tracking note; its holder
/// gets `itemShipped`.
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "Claim id")),
    request_body = ShipBody,
    responses(
        (status = 200, description = "The shipped claim", body = ClaimBody),
        (status = 400, description = "`tracking_too_long`, with `fields`", body = ErrorBody),
        (status = 404, description = "`claim_not_found`", body = ErrorBody),
        (status = 409, description = "`claim_state_invalid`: not paid, or collected at the office (pickup)", body = ErrorBody),
    )
)]
#[post("/admin/claims/{id}/ship")]
async fn admin_ship_claim(
    admin: AdminUser,
    state: web::Data<AppState>,
    lang: ReqLang,
    path: web::Path<ClaimId>,
    body: Option<web::Json<ShipBody>>,
) -> Result<HttpResponse, AppError> {
    let tracking = body.as_ref().and_then(|b| b.tracking.as_deref()).map(str::trim).filter(|t| !t.is_empty());
    if tracking.is_some_and(|t| t.chars().count() > MAX_TRACKING) {
        return Err(AppError::invalid("tracking", Msg::TrackingTooLong));
    }
    advance(&admin, &state, lang.0.code(), path.into_inner(), claims::Move::Ship { tracking }).await
}

/// Marks a won item delivered: a shipped one, or a paid one collected at the office (pickup);
/// its holder gets `itemDelivered`.
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "Claim id")),
    responses(
        (status = 200, description = "The delivered claim", body = ClaimBody),
        (status = 404, description = "`claim_not_found`", body = ErrorBody),
        (status = 409, description = "`claim_state_invalid`: not shipped (nor paid for pickup)", body = ErrorBody),
    )
)]
#[post("/admin/claims/{id}/deliver")]
async fn admin_deliver_claim(
    admin: AdminUser,
    state: web::Data<AppState>,
    lang: ReqLang,
    path: web::Path<ClaimId>,
) -> Result<HttpResponse, AppError> {
    advance(&admin, &state, lang.0.code(), path.into_inner(), claims::Move::Deliver).await
}
