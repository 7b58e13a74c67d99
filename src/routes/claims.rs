//! `/api/users/claims` and `/api/claims/{id}/…`: the caller's won items, choosing delivery (which
//! answers an order to pay) and declining (docs/rules/won-items.md, "Won items").

use actix_web::{HttpResponse, get, post, web};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use super::ReqLang;
use crate::app::claims;
use crate::app::provider::order_view;
use crate::auth::CurrentUser;
use crate::claims::{self as wire, Claim, ClaimBody, ClaimOrder, DeliveryBody, DeliveryOption, delivery};
use crate::db;
use crate::db::claims::{ClaimRow, Filter};
use crate::db::payments::OrderRow;
use crate::error::{AppError, ErrorBody};
use crate::ids::ClaimId;
use crate::state::AppState;

/// How many won items the caller's list shows.
const OWN_CLAIMS: i64 = 200;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(list_own_claims).service(choose_claim_delivery).service(decline_claim);
}

/// The caller's won items and the delivery methods on offer.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OwnClaims {
    /// Newest first, including those that passed on or expired.
    pub claims: Vec<Claim>,
    pub delivery_methods: Vec<DeliveryOption>,
}

/// The caller's won items, newest first, and the delivery methods with their fees.
#[utoipa::path(
    tag = "users",
    responses(
        (status = 200, description = "The won items", body = OwnClaims),
        (status = 401, description = "`unauthorized`: not logged in", body = ErrorBody),
    )
)]
#[get("/users/claims")]
async fn list_own_claims(
    user: CurrentUser,
    state: web::Data<AppState>,
    lang: ReqLang,
) -> Result<HttpResponse, AppError> {
    let client = state.core.pool.get().await?;
    let filter = Filter { user: Some(user.id), ..Filter::default() };
    let rows = db::claims::select(&client, filter, OWN_CLAIMS, 0).await?;
    let claims = wire::views(&client, &rows, &state.core.payments, lang.0.code()).await?;
    let delivery_methods = wire::delivery_options(&state.core.config.claims);
    Ok(HttpResponse::Ok().json(OwnClaims { claims, delivery_methods }))
}

/// Chooses delivery for a won item (reserved, or claimed again to change the choice: the earlier
/// pending order fails) and answers the order paying its price plus delivery. The item is paid
/// when the provider's callback confirms that order, before `reservedUntil`.
#[utoipa::path(
    tag = "users",
    params(("id" = i64, Path, description = "Claim id")),
    request_body = DeliveryBody,
    responses(
        (status = 201, description = "The claim and its pending order", body = ClaimOrder),
        (status = 400, description = "`delivery_method_invalid`, `address_required`, `phone_invalid` or `validation_failed`, with `fields`", body = ErrorBody),
        (status = 401, description = "`unauthorized`: not logged in", body = ErrorBody),
        (status = 404, description = "`claim_not_found` (also another user's)", body = ErrorBody),
        (status = 409, description = "`claim_not_open` (paid, shipped, delivered, passed or expired); `claim_expired` (the reservation has ended)", body = ErrorBody),
    )
)]
#[post("/claims/{id}/delivery")]
async fn choose_claim_delivery(
    user: CurrentUser,
    state: web::Data<AppState>,
    lang: ReqLang,
    path: web::Path<ClaimId>,
    body: web::Json<DeliveryBody>,
) -> Result<HttpResponse, AppError> {
    let choice = delivery(&body, &state.core.config.claims)?;
    let (claim, order) =
        claims::choose_delivery(&state.core.claim_handles(), user.id, path.into_inner(), &choice).await?;
    Ok(HttpResponse::Created().json(answer(&state, &claim, &order, lang.0.code())))
}

/// `{claim, order}`: a won item's delivery chosen, or a new Buy It Now.
pub fn answer(state: &AppState, claim: &ClaimRow, order: &OrderRow, lang: &str) -> ClaimOrder {
    let payments = &state.core.payments;
    ClaimOrder {
        claim: wire::view(claim, Some(order), payments, lang),
        order: order_view(order, payments, lang),
    }
}

/// Declines a won item (reserved or claimed): it passes at once to the previous participant, or
/// expires when nobody is left; a pending order of it fails.
#[utoipa::path(
    tag = "users",
    params(("id" = i64, Path, description = "Claim id")),
    responses(
        (status = 200, description = "The declined claim (`passed` or `expired`)", body = ClaimBody),
        (status = 401, description = "`unauthorized`: not logged in", body = ErrorBody),
        (status = 404, description = "`claim_not_found` (also another user's)", body = ErrorBody),
        (status = 409, description = "`claim_not_open` (paid, shipped, delivered, passed or expired)", body = ErrorBody),
    )
)]
#[post("/claims/{id}/decline")]
async fn decline_claim(
    user: CurrentUser,
    state: web::Data<AppState>,
    lang: ReqLang,
    path: web::Path<ClaimId>,
) -> Result<HttpResponse, AppError> {
    let row = claims::decline(&state.core.claim_handles(), user.id, path.into_inner()).await?;
    let claim = wire::view(&row, None, &state.core.payments, lang.0.code());
    Ok(HttpResponse::Ok().json(ClaimBody { claim }))
}
