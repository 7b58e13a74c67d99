//! `/api/users/claims` and `/api/claims/{id}/…`: the caller's won items, choosing delivery (which
//! answers an order to pay) and declining (docs/decisions.md, "Won items").

use actix_web::{HttpResponse, get, post, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use super::{ReqLang, required};
use crate::auth::CurrentUser;
use crate::claims::{self, Claim, DeliveryMethod, DeliveryOption};
use crate::db;
use crate::db::claims::{Delivery, Filter, Locked};
use crate::domain;
use crate::error::{ApiError, ErrorBody};
use crate::i18n::Msg;
use crate::payments::{Order, order_view};
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

/// One won item.
#[derive(Serialize, ToSchema)]
pub struct ClaimBody {
    pub claim: Claim,
}

/// The won item with its delivery chosen, and the order that pays for it.
#[derive(Serialize, ToSchema)]
pub struct ClaimOrder {
    pub claim: Claim,
    /// A `claim` order of the item's price plus delivery; open its `paymentUrl`.
    pub order: Order,
}

/// The delivery form.
#[derive(Deserialize, ToSchema)]
pub(super) struct DeliveryBody {
    /// `pickup`, `courier` or `region`.
    #[schema(value_type = String, required, pattern = "^(pickup|courier|region)$", example = "courier")]
    method: Option<String>,
    /// Where to deliver (courier and region: 5–300 characters; ignored for pickup).
    #[schema(example = "Бишкек, ул. Киевская 77, кв. 5")]
    address: Option<String>,
    /// `+996` and nine digits.
    #[schema(value_type = String, required, example = "+996555123456")]
    phone: Option<String>,
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
) -> Result<HttpResponse, ApiError> {
    let client = state.pool.get().await?;
    let filter = Filter { user: Some(user.id), ..Filter::default() };
    let rows = db::claims::select(&client, filter, OWN_CLAIMS, 0).await?;
    let claims = claims::views(&client, &rows, state.payments.provider.as_ref(), lang.0.code()).await?;
    let delivery_methods = claims::delivery_options(&state.config.claims);
    Ok(HttpResponse::Ok().json(OwnClaims { claims, delivery_methods }))
}

/// The caller's own won item, locked, still open and in time.
fn open_claim(locked: Option<Locked>, user: i64) -> Result<Locked, ApiError> {
    let claim = locked.filter(|c| c.user_id == user).ok_or(ApiError::NotFound(Msg::ClaimNotFound))?;
    if !claim.is_open() {
        return Err(ApiError::Conflict(Msg::ClaimNotOpen));
    }
    Ok(claim)
}

/// The form, validated: the method, the address it needs, the phone.
pub(super) fn delivery(body: &DeliveryBody, state: &AppState) -> Result<Delivery, ApiError> {
    let mut errors = Vec::new();
    let method = body.method.as_deref().map(str::trim).and_then(DeliveryMethod::parse);
    if method.is_none() {
        errors.push(("method", Msg::DeliveryMethodInvalid));
    }
    let address = body.address.as_deref().map(str::trim).filter(|a| !a.is_empty());
    let address = match method {
        Some(m) if m.needs_address() => match address {
            Some(a) if (5..=300).contains(&a.chars().count()) => Some(a.to_owned()),
            _ => {
                errors.push(("address", Msg::AddressRequired));
                None
            }
        },
        _ => None,
    };
    let phone = required(&mut errors, "phone", body.phone.as_deref(), Msg::PhoneInvalid, domain::phone);
    ApiError::check(errors)?;
    let (Some(method), Some(phone)) = (method, phone) else {
        return Err(ApiError::BadRequest(Msg::ValidationFailed));
    };
    Ok(Delivery { method: method.as_str(), fee: method.fee(&state.config.claims), address, phone })
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
    path: web::Path<i64>,
    body: web::Json<DeliveryBody>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let choice = delivery(&body, &state)?;
    let mut client = state.pool.get().await?;
    let tx = client.transaction().await?;
    let claim = open_claim(db::claims::lock(&tx, id).await?, user.id)?;
    if !claim.in_time {
        return Err(ApiError::Conflict(Msg::ClaimExpired));
    }
    deliver_and_answer(&state, tx, &claim, &choice, lang.0.code()).await
}

/// Records `choice` on the locked, open `claim` with its new pending order, commits `tx`, tells
/// the sockets of the orders it failed, and answers 201 `{claim, order}` (a won item's delivery
/// and a new Buy It Now alike).
pub(super) async fn deliver_and_answer(
    state: &AppState,
    tx: deadpool_postgres::Transaction<'_>,
    claim: &Locked,
    choice: &Delivery,
    lang: &str,
) -> Result<HttpResponse, ApiError> {
    let provider = state.payments.provider.clone();
    let (order, failed) = db::claims::choose_delivery(&tx, claim, choice, provider.name()).await?;
    let row = db::claims::get(&tx, claim.id).await?.ok_or(ApiError::NotFound(Msg::ClaimNotFound))?;
    tx.commit().await?;
    tracing::info!(
        claim = claim.id,
        order = order.id,
        method = choice.method,
        amount = order.amount,
        "delivery chosen"
    );
    claims::announce(state, &failed, &[]);
    let claim = claims::view(&row, Some(&order), provider.as_ref(), lang);
    let order = order_view(&order, provider.as_ref(), lang);
    Ok(HttpResponse::Created().json(ClaimOrder { claim, order }))
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
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let mut client = state.pool.get().await?;
    let tx = client.transaction().await?;
    open_claim(db::claims::lock(&tx, id).await?, user.id)?;
    let passed = db::claims::pass_on(&tx, id, "declined", state.config.claims.reserve_hours)
        .await?
        .ok_or(ApiError::Conflict(Msg::ClaimNotOpen))?;
    let row = db::claims::get(&tx, id).await?.ok_or(ApiError::NotFound(Msg::ClaimNotFound))?;
    tx.commit().await?;
    tracing::info!(claim = id, state = row.state, "claim declined");
    claims::announce(&state, &passed.failed_orders, &passed.notifications);
    let claim = claims::view(&row, None, state.payments.provider.as_ref(), lang.0.code());
    Ok(HttpResponse::Ok().json(ClaimBody { claim }))
}
