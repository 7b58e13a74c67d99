//! `/api/auctions/{id}/buy-now`: Buy It Now (issue 13, part 2). A participant who bid on an
//! auction and lost it may buy the same item, while the operator's stock lasts and for
//! `[claims] buy_now_hours` after the end, at its retail price less the value of the bids they
//! spent on it. The purchase is a claim of kind `buyNow`, fulfilled like a won item; starting one
//! answers like choosing a won item's delivery: the claim and the order to pay.

use actix_web::{HttpResponse, get, post, web};
use chrono::{DateTime, Utc};
use serde::Serialize;
use tyiyn_actors::ids::Tyiyn;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use super::ReqLang;
use crate::app::buy_now;
use crate::app::provider::order_view;
use crate::auth::CurrentUser;
use crate::claims::{self, ClaimOrder, DeliveryBody, DeliveryOption, delivery};
use crate::db;
use crate::db::buy_now::OfferRow;
use crate::db::claims::ClaimRow;
use crate::db::payments::OrderRow;
use crate::error::{AppError, ErrorBody};
use crate::i18n::Msg;
use crate::state::AppState;
use tyiyn_actors::ids::AuctionId;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(get_buy_now).service(start_buy_now);
}

/// What the caller would pay to buy the item now.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BuyNowOffer {
    pub retail_price: Tyiyn,
    /// Bids the caller spent on the auction.
    pub bids_spent: i64,
    /// What one bid is worth: the lowest price of a bid among the packages on sale.
    pub bid_value: Tyiyn,
    /// `bidsSpent × bidValue`.
    pub credit: Tyiyn,
    /// `retailPrice − credit`, never under 1 som: the item's price (delivery is added when chosen).
    pub price: Tyiyn,
    /// When the offer ends.
    pub until: DateTime<Utc>,
    /// How many are left to buy.
    pub left: i64,
    /// The caller's Buy It Now of this item, once started (choose delivery and pay it among the
    /// won items).
    #[schema(required)]
    pub claim_id: Option<i64>,
}

/// `{offer, unavailable, deliveryMethods}`: the caller's offer, or why there is none for them.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BuyNowAnswer {
    /// `null` when the caller may not buy it (see `unavailable`).
    #[schema(required)]
    pub offer: Option<BuyNowOffer>,
    /// Why not, when `offer` is `null`: `buy_now_not_offered`, `buy_now_not_eligible`,
    /// `buy_now_closed` or `buy_now_sold_out` (the codes `POST` refuses with).
    #[schema(required)]
    pub unavailable: Option<&'static str>,
    pub delivery_methods: Vec<DeliveryOption>,
}

fn offer_view(o: &OfferRow, claim_id: Option<i64>) -> BuyNowOffer {
    BuyNowOffer {
        retail_price: Tyiyn(o.retail_price),
        bids_spent: o.bids_spent,
        bid_value: Tyiyn(o.bid_value.unwrap_or(0)),
        credit: Tyiyn(o.credit()),
        price: Tyiyn(o.price()),
        until: o.until.unwrap_or_default(),
        left: o.left(),
        claim_id,
    }
}

/// The caller's Buy It Now offer for this finished auction: the price it comes to, how long it
/// lasts and how many are left (or their purchase, once started). No offer for the caller is an
/// answer, not an error: `offer` is `null` and `unavailable` says why.
#[utoipa::path(
    tag = "auctions",
    params(("id" = i64, Path, description = "Auction id")),
    responses(
        (status = 200, description = "The offer, or `offer: null` with `unavailable`: `buy_now_not_offered` (not finished, not offered, a bid package), `buy_now_not_eligible` (the winner, or no bid on it), `buy_now_closed`, `buy_now_sold_out`", body = BuyNowAnswer),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 404, description = "`auction_not_found`", body = ErrorBody),
    )
)]
#[get("/auctions/{id}/buy-now")]
async fn get_buy_now(
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<AuctionId>,
) -> Result<HttpResponse, AppError> {
    let client = state.core.pool.get().await?;
    let hours = state.core.config.claims.buy_now_hours;
    let offer = db::buy_now::read(&client, path.into_inner().0, user.id, hours)
        .await?
        .ok_or(AppError::NotFound(Msg::AuctionNotFound))?;
    drop(client);
    let delivery_methods = claims::delivery_options(&state.core.config.claims);
    let answer = match buy_now::decide(&offer) {
        Ok(claim_id) => {
            BuyNowAnswer { offer: Some(offer_view(&offer, claim_id)), unavailable: None, delivery_methods }
        }
        Err(refused) => BuyNowAnswer { offer: None, unavailable: Some(refused.code()), delivery_methods },
    };
    Ok(HttpResponse::Ok().json(answer))
}

/// Buys the item now: with the delivery chosen, a Buy It Now claim (reserved like a won item) and
/// the pending order of its price plus delivery; open the order's `paymentUrl`. Paid, it is
/// shipped like a won item; unpaid, it lapses (it never passes to anyone else).
#[utoipa::path(
    tag = "auctions",
    params(("id" = i64, Path, description = "Auction id")),
    request_body = DeliveryBody,
    responses(
        (status = 201, description = "The purchase and its pending order", body = ClaimOrder),
        (status = 400, description = "`delivery_method_invalid`, `address_required`, `phone_invalid` or `validation_failed`, with `fields`", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`phone_not_verified`: this account has not confirmed a phone number yet (`POST /api/auth/phone/code`)", body = ErrorBody),
        (status = 404, description = "`auction_not_found`", body = ErrorBody),
        (status = 409, description = "`buy_now_not_offered`, `buy_now_not_eligible`, `buy_now_closed`, `buy_now_sold_out`, `buy_now_taken` (already bought: pay it among the won items), or `paused` (the caller's own pause)", body = ErrorBody),
    )
)]
#[post("/auctions/{id}/buy-now")]
async fn start_buy_now(
    user: CurrentUser,
    state: web::Data<AppState>,
    lang: ReqLang,
    path: web::Path<AuctionId>,
    body: web::Json<DeliveryBody>,
) -> Result<HttpResponse, AppError> {
    let choice = delivery(&body, &state.core.config.claims)?;
    let (claim, order) =
        buy_now::start(&state.core.claim_handles(), &user, path.into_inner(), &choice).await?;
    Ok(HttpResponse::Created().json(answer(&state, &claim, &order, lang.0.code())))
}

/// `{claim, order}`: the purchase and the order that pays for it.
fn answer(state: &AppState, claim: &ClaimRow, order: &OrderRow, lang: &str) -> ClaimOrder {
    let payments = &state.core.payments;
    ClaimOrder {
        claim: claims::view(claim, Some(order), payments, lang),
        order: order_view(order, payments, lang),
    }
}
