//! `/api/auctions/{id}/autobid`: the caller's auto-bidder on one auction (issue 13, part 1). Set,
//! cancel and read are messages to the auction's actor, which persists each change before it plans
//! with it and places the bids itself (actors/src/autobid.rs). A finished auction has no actor:
//! its stopped auto-bidders are read from PostgreSQL.

use actix_web::{HttpResponse, delete, get, put, web};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tyiyn_actors::autobid::{AutoBid, MAX_BIDS};
use tyiyn_actors::ids::{AuctionId, Tyiyn};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::app::autobid;
use crate::auth::CurrentUser;
use crate::error::{AppError, ErrorBody};
use crate::i18n::Msg;
use crate::input::numbers;
use crate::input::parse;
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(get_autobid).service(set_autobid).service(cancel_autobid);
}

/// An auto-bidder as its owner sees it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AutoBidView {
    /// Bids it was set to.
    pub bids: u32,
    /// Bids it has not placed yet (never taken from the balance until placed).
    pub bids_left: u32,
    /// The highest price its bids may make; `null`: no ceiling.
    #[schema(required)]
    pub max_price: Option<Tyiyn>,
    /// `false` once stopped: all its bids placed, or the balance ran out.
    pub active: bool,
}

impl From<&AutoBid> for AutoBidView {
    fn from(o: &AutoBid) -> Self {
        AutoBidView { bids: o.bids, bids_left: o.left, max_price: o.max_price, active: o.active }
    }
}

/// `{autobid}`.
#[derive(Serialize, ToSchema)]
pub struct AutoBidAnswer {
    pub autobid: AutoBidView,
}

/// `{autobid}`: the caller's auto-bidder, or `null` when they have none on this auction.
#[derive(Serialize, ToSchema)]
pub struct AutoBidLookup {
    #[schema(required)]
    pub autobid: Option<AutoBidView>,
}

/// What to set: how many bids, and optionally the highest price they may make.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AutoBidForm {
    /// Required: a whole number from 1 to 500.
    #[schema(value_type = i64, example = 20)]
    bids: Option<Value>,
    /// Som: a number or a string such as `"12.50"`; absent or `null` for no ceiling.
    #[schema(value_type = Option<f64>, example = 12.5)]
    max_price: Option<Value>,
}

fn answer(order: &AutoBid) -> HttpResponse {
    HttpResponse::Ok().json(AutoBidAnswer { autobid: AutoBidView::from(order) })
}

/// The caller's auto-bidder on this auction.
#[utoipa::path(
    tag = "auctions",
    params(("id" = i64, Path, description = "Auction id")),
    responses(
        (status = 200, description = "The auto-bidder, or `null` when none is set (an answer, not an error: every auction page asks)", body = AutoBidLookup),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 404, description = "`auction_not_found`", body = ErrorBody),
        (status = 503, description = super::CONTROL_UNAVAILABLE, body = ErrorBody),
    )
)]
#[get("/auctions/{id}/autobid")]
async fn get_autobid(
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<AuctionId>,
) -> Result<HttpResponse, AppError> {
    let found = autobid::get(&state.core.auction_handles(), user.id, path.into_inner()).await?;
    Ok(HttpResponse::Ok().json(AutoBidLookup { autobid: found.as_ref().map(AutoBidView::from) }))
}

/// Sets (or replaces) the caller's auto-bidder on this upcoming or live auction: from now on the
/// auction bids for them when its countdown is under 3–5 s, never while they lead, up to `bids`
/// times and never making a price over `maxPrice`. Each bid is taken from the balance only when
/// placed; a balance that runs out stops it, and an empty one is refused at once.
#[utoipa::path(
    tag = "auctions",
    params(("id" = i64, Path, description = "Auction id")),
    request_body = AutoBidForm,
    responses(
        (status = 200, description = "The auto-bidder", body = AutoBidAnswer),
        (status = 400, description = "`autobid_bids_invalid` or `price_invalid` (`maxPrice`), or `validation_failed` for both, with `fields`", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`phone_not_verified`: this account has not confirmed a phone number yet (`POST /api/auth/phone/code`)", body = ErrorBody),
        (status = 404, description = "`auction_not_found`", body = ErrorBody),
        (status = 409, description = "`auction_finished`; `insufficient_bids` (the balance is 0); `limit_reached` or `paused` (the caller's own spend limit or pause: a limit or pause reached later stops the auto-bidder)", body = ErrorBody),
        (status = 503, description = super::CONTROL_UNAVAILABLE, body = ErrorBody),
    )
)]
#[put("/auctions/{id}/autobid")]
async fn set_autobid(
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<AuctionId>,
    body: web::Json<AutoBidForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let f = body.into_inner();
    let mut errors = Vec::new();
    let bids = match numbers::count_in(f.bids.as_ref(), 1..=i64::from(MAX_BIDS)) {
        Ok(Some(n)) => Some(n),
        _ => {
            errors.push(("bids", Msg::AutobidBidsInvalid));
            None
        }
    };
    let max_price = match f.max_price.as_ref().filter(|v| !v.is_null()) {
        None => None,
        Some(v) => parse::money(v).map_err(|m| errors.push(("maxPrice", m))).ok(),
    };
    AppError::check(errors)?;
    let bids = bids.ok_or(AppError::BadRequest(Msg::AutobidBidsInvalid))?;
    Ok(answer(&autobid::set(&state.core.auction_handles(), &user, id, bids, max_price).await?))
}

/// Cancels the caller's auto-bidder on this auction; its unplaced bids were never taken.
#[utoipa::path(
    tag = "auctions",
    params(("id" = i64, Path, description = "Auction id")),
    responses(
        (status = 204, description = "Cancelled"),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 404, description = "`autobid_not_found` or `auction_not_found`", body = ErrorBody),
        (status = 409, description = "`auction_finished`", body = ErrorBody),
        (status = 503, description = super::CONTROL_UNAVAILABLE, body = ErrorBody),
    )
)]
#[delete("/auctions/{id}/autobid")]
async fn cancel_autobid(
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<AuctionId>,
) -> Result<HttpResponse, AppError> {
    autobid::cancel(&state.core.auction_handles(), user.id, path.into_inner()).await?;
    Ok(HttpResponse::NoContent().finish())
}
