//! `/api/payments…`: the bid-package catalogue, the user's orders, the provider's callback (the
//! only thing that credits bids) and the demo provider's pay/fail route (docs/rules/payments.md,
//! "Buying bids").

use actix_web::{HttpResponse, get, post, web};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use super::ReqLang;
use crate::app::payments;
use crate::app::provider::{Order, Package, order_view};
use crate::auth::CurrentUser;
use crate::db;
use crate::db::payments::OrderRow;
use crate::error::{AppError, ErrorBody};
use crate::i18n::Msg;
use crate::ids::OrderId;
use crate::input::numbers;
use crate::state::AppState;
use crate::statuses::PayMethod;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(payment_packages)
        .service(create_payment_order)
        .service(list_payment_orders)
        .service(get_payment_order)
        .service(renew_qr)
        .service(demo_payment);
}

/// The catalogue.
#[derive(Serialize, ToSchema)]
pub struct Packages {
    pub packages: Vec<Package>,
}

/// One order.
#[derive(Serialize, ToSchema)]
pub struct OrderBody {
    pub order: Order,
}

/// The caller's orders.
#[derive(Serialize, ToSchema)]
pub struct Orders {
    pub orders: Vec<Order>,
}

/// The package to buy.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct NewOrder {
    /// A package id from `GET /api/payments/packages`.
    #[schema(value_type = i64, required, example = 3)]
    package_id: Option<Value>,
    /// `card` (absent: `card`) or `qr` (an ELQR link that any Kyrgyz bank app pays).
    #[schema(value_type = Option<String>, pattern = "^(card|qr)$", example = "qr")]
    method: Option<Value>,
}

/// The demo payment page's choice.
#[derive(Deserialize, ToSchema)]
struct DemoOutcome {
    /// `paid` or `failed`.
    #[schema(value_type = String, required, pattern = "^(paid|failed)$", example = "paid")]
    outcome: Option<String>,
}

/// The bid packages on sale, in catalogue order (public).
#[utoipa::path(
    tag = "payments",
    responses((status = 200, description = "The active packages", body = Packages))
)]
#[get("/payments/packages")]
async fn payment_packages(state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let client = state.core.pool.get().await?;
    let packages = db::payments::packages(&client).await?.iter().map(Package::from).collect();
    Ok(HttpResponse::Ok().json(Packages { packages }))
}

fn view(state: &AppState, order: &OrderRow, lang: &str) -> Order {
    order_view(order, &state.core.payments, lang)
}

/// Starts buying a package: a pending order whose bids and amount come from the catalogue, and
/// the provider's payment page to open in a new tab. The bids arrive when the provider's callback
/// confirms the payment (`orderUpdate` and `bidBalanceUpdate` on the socket).
#[utoipa::path(
    tag = "payments",
    request_body = NewOrder,
    responses(
        (status = 201, description = "The pending order", body = OrderBody),
        (status = 400, description = "`package_not_found` (unknown or inactive package) or `payment_method_invalid` (not `card` or `qr`), with `fields`", body = ErrorBody),
        (status = 401, description = "`unauthorized`: not logged in", body = ErrorBody),
        (status = 409, description = "`paused` or `limit_reached`: the caller's own pause or monthly spend limit (`/api/users/limits`)", body = ErrorBody),
        (status = 503, description = "`qr_unavailable`: QR payments are off, or the provider could not open one (the order is failed; pay by card or try again)", body = ErrorBody),
    )
)]
#[post("/payments/orders")]
async fn create_payment_order(
    user: CurrentUser,
    state: web::Data<AppState>,
    lang: ReqLang,
    body: web::Json<NewOrder>,
) -> Result<HttpResponse, AppError> {
    let package = body.package_id.as_ref().and_then(numbers::whole).and_then(|id| i32::try_from(id).ok());
    let method = match &body.method {
        None | Some(Value::Null) => Some(PayMethod::Card),
        Some(Value::String(word)) => PayMethod::from_request(word.trim()),
        Some(_) => None,
    };
    let mut errors = Vec::new();
    if package.is_none() {
        errors.push(("packageId", Msg::PackageNotFound));
    }
    if method.is_none() {
        errors.push(("method", Msg::PayMethodInvalid));
    }
    AppError::check(errors)?;
    let (Some(package), Some(method)) = (package, method) else {
        return Err(AppError::BadRequest(Msg::ValidationFailed));
    };
    let order =
        crate::app::buying::order_package(&state.core.payment_handles(), user.id, package, method).await?;
    Ok(HttpResponse::Created().json(OrderBody { order: view(&state, &order, lang.0.code()) }))
}

/// A new payment link for the caller's pending QR order whose link has expired (the old one can
/// no longer be paid). A payment made on the old link before it expired is still credited.
#[utoipa::path(
    tag = "payments",
    params(("orderId" = i64, Path, description = "Order id")),
    responses(
        (status = 200, description = "The order with its new link", body = OrderBody),
        (status = 401, description = "`unauthorized`: not logged in", body = ErrorBody),
        (status = 404, description = "`order_not_found` (also another user's order)", body = ErrorBody),
        (status = 409, description = "`not_a_qr_order` (a card order), `order_not_pending` (paid or closed) or `qr_not_expired` (its link is still valid)", body = ErrorBody),
        (status = 503, description = "`qr_unavailable`: QR payments are off, or the provider could not open one; try again", body = ErrorBody),
    )
)]
#[post("/payments/orders/{orderId}/qr")]
async fn renew_qr(
    user: CurrentUser,
    state: web::Data<AppState>,
    lang: ReqLang,
    path: web::Path<OrderId>,
) -> Result<HttpResponse, AppError> {
    let order = crate::app::qr::renew(&state.core.payment_handles(), user.id, path.into_inner()).await?;
    Ok(HttpResponse::Ok().json(OrderBody { order: view(&state, &order, lang.0.code()) }))
}

/// The caller's orders, newest first (at most 200).
#[utoipa::path(
    tag = "payments",
    responses(
        (status = 200, description = "The orders", body = Orders),
        (status = 401, description = "`unauthorized`: not logged in", body = ErrorBody),
    )
)]
#[get("/payments/orders")]
async fn list_payment_orders(
    user: CurrentUser,
    state: web::Data<AppState>,
    lang: ReqLang,
) -> Result<HttpResponse, AppError> {
    let client = state.core.pool.get().await?;
    let rows = db::payments::user_orders(&client, user.id).await?;
    let orders = rows.iter().map(|o| view(&state, o, lang.0.code())).collect();
    Ok(HttpResponse::Ok().json(Orders { orders }))
}

/// One of the caller's orders.
#[utoipa::path(
    tag = "payments",
    params(("id" = i64, Path, description = "Order id")),
    responses(
        (status = 200, description = "The order", body = OrderBody),
        (status = 401, description = "`unauthorized`: not logged in", body = ErrorBody),
        (status = 404, description = "`order_not_found` (also another user's order)", body = ErrorBody),
    )
)]
#[get("/payments/orders/{id}")]
async fn get_payment_order(
    user: CurrentUser,
    state: web::Data<AppState>,
    lang: ReqLang,
    path: web::Path<OrderId>,
) -> Result<HttpResponse, AppError> {
    let order = payments::own_order(&state.core.pool, user.id, path.into_inner()).await?;
    Ok(HttpResponse::Ok().json(OrderBody { order: view(&state, &order, lang.0.code()) }))
}

/// The demo payment page's "Pay" or "Fail" button: signs the callback the demo provider would
/// send for the caller's order and delivers it through the same verification and crediting as
/// any callback. Only while the demo provider is configured.
#[utoipa::path(
    tag = "payments",
    params(("orderId" = i64, Path, description = "Order id")),
    request_body = DemoOutcome,
    responses(
        (status = 200, description = "The order after the callback", body = OrderBody),
        (status = 400, description = "`outcome_invalid` (not `paid` or `failed`), with `fields`", body = ErrorBody),
        (status = 401, description = "`unauthorized`: not logged in", body = ErrorBody),
        (status = 404, description = "`order_not_found` (also another user's order); `demo_payments_off` (another provider is configured)", body = ErrorBody),
    )
)]
#[post("/payments/demo/{orderId}")]
async fn demo_payment(
    user: CurrentUser,
    state: web::Data<AppState>,
    lang: ReqLang,
    path: web::Path<OrderId>,
    body: web::Json<DemoOutcome>,
) -> Result<HttpResponse, AppError> {
    if state.core.payments.demo.is_none() {
        return Err(AppError::NotFound(Msg::DemoPaymentsOff));
    }
    let paid = match body.outcome.as_deref().map(str::trim) {
        Some("paid") => true,
        Some("failed") => false,
        _ => return Err(AppError::invalid("outcome", Msg::OutcomeInvalid)),
    };
    let handles = state.core.payment_handles();
    let order =
        payments::demo_pay(&handles, state.core.site.lang(), user.id, path.into_inner(), paid).await?;
    Ok(HttpResponse::Ok().json(OrderBody { order: view(&state, &order, lang.0.code()) }))
}
