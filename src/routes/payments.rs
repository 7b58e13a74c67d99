//! `/api/payments…`: the bid-package catalogue, the user's orders, the provider's callback (the
//! only thing that credits bids) and the demo provider's pay/fail route (docs/decisions.md,
//! "Buying bids").

use actix_web::{HttpRequest, HttpResponse, get, post, web};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tyiyn_actors::ids::UserId;
use tyiyn_actors::outlets::BalanceChanged;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use super::ReqLang;
use crate::auth::CurrentUser;
use crate::db;
use crate::db::payments::OrderRow;
use crate::error::{ApiError, ErrorBody};
use crate::i18n::Msg;
use crate::payments::{Answer, Order, Package, PaymentProvider, Verdict, order_view};
use crate::state::AppState;
use crate::ws::hub::OrderChanged;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(payment_packages)
        .service(create_payment_order)
        .service(list_payment_orders)
        .service(get_payment_order)
        .service(payment_callback)
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
async fn payment_packages(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let client = state.pool.get().await?;
    let packages = db::payments::packages(&client).await?.iter().map(Package::from).collect();
    Ok(HttpResponse::Ok().json(Packages { packages }))
}

fn view(state: &AppState, order: &OrderRow, lang: &str) -> Order {
    order_view(order, state.payments.provider.as_ref(), lang)
}

/// Starts buying a package: a pending order whose bids and amount come from the catalogue, and
/// the provider's payment page to open in a new tab. The bids arrive when the provider's callback
/// confirms the payment (`orderUpdate` and `bidBalanceUpdate` on the socket).
#[utoipa::path(
    tag = "payments",
    request_body = NewOrder,
    responses(
        (status = 201, description = "The pending order", body = OrderBody),
        (status = 400, description = "`package_not_found` (unknown or inactive package), with `fields`", body = ErrorBody),
        (status = 401, description = "`unauthorized`: not logged in", body = ErrorBody),
    )
)]
#[post("/payments/orders")]
async fn create_payment_order(
    user: CurrentUser,
    state: web::Data<AppState>,
    lang: ReqLang,
    body: web::Json<NewOrder>,
) -> Result<HttpResponse, ApiError> {
    let package = match &body.package_id {
        Some(Value::Number(n)) => n.as_i64(),
        Some(Value::String(s)) => s.trim().parse().ok(),
        _ => None,
    }
    .and_then(|id| i32::try_from(id).ok())
    .ok_or(ApiError::invalid("packageId", Msg::PackageNotFound))?;
    let client = state.pool.get().await?;
    let order = db::payments::insert_order(&client, user.id, package, state.payments.provider.name())
        .await?
        .ok_or(ApiError::invalid("packageId", Msg::PackageNotFound))?;
    tracing::info!(order = order.id, user = user.id, package, amount = order.amount, "payment order created");
    Ok(HttpResponse::Created().json(OrderBody { order: view(&state, &order, lang.0.code()) }))
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
) -> Result<HttpResponse, ApiError> {
    let client = state.pool.get().await?;
    let rows = db::payments::user_orders(&client, user.id).await?;
    let orders = rows.iter().map(|o| view(&state, o, lang.0.code())).collect();
    Ok(HttpResponse::Ok().json(Orders { orders }))
}

/// The caller's own order.
async fn own_order(state: &AppState, user: i64, id: i64) -> Result<OrderRow, ApiError> {
    let client = state.pool.get().await?;
    db::payments::order(&client, id)
        .await?
        .filter(|o| o.user_id == user)
        .ok_or(ApiError::NotFound(Msg::OrderNotFound))
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
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let order = own_order(&state, user.id, path.into_inner()).await?;
    Ok(HttpResponse::Ok().json(OrderBody { order: view(&state, &order, lang.0.code()) }))
}

/// The provider's server-to-server report of a payment (`provider` = `freedompay` or `demo`, the
/// configured one). Form-encoded fields, signed; the answer is the provider's own format
/// (Freedom Pay: an XML `<response>` with `pg_status` `ok`, `rejected` or `error`). Only a signed
/// report of a payment that matches its order's amount and currency credits the order's bids,
/// once, however often it is repeated. Every report is recorded.
#[utoipa::path(
    tag = "payments",
    params(("provider" = String, Path, description = "`freedompay` or `demo`")),
    request_body(
        content = inline(std::collections::BTreeMap<String, String>),
        content_type = "application/x-www-form-urlencoded",
        description = "The provider's signed fields (Freedom Pay: `pg_order_id`, `pg_payment_id`, `pg_amount`, `pg_currency`, `pg_result`, `pg_salt`, `pg_sig`, …)"
    ),
    responses(
        (status = 200, description = "The provider's answer: `ok` (credited, already credited, or a failure recorded), `rejected` (unknown order, wrong amount or currency) or `error` (unsigned, mis-signed, unreadable)", body = String, content_type = "application/xml"),
        (status = 404, description = "`provider_not_configured`: not the configured provider", body = ErrorBody),
    )
)]
#[post("/payments/callback/{provider}")]
async fn payment_callback(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<String>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let name = path.into_inner();
    let mut fields: Vec<(String, String)> = serde_urlencoded::from_bytes(&body).unwrap_or_default();
    if fields.is_empty() {
        fields = serde_urlencoded::from_str(req.query_string()).unwrap_or_default();
    }
    let provider = state.payments.provider.clone();
    if name != provider.name() {
        let client = state.pool.get().await?;
        let outcome = "provider_not_configured";
        db::payments::record_callback(&client, &clean(&name), None, &payload(&fields), outcome).await?;
        tracing::warn!(provider = name, "payment callback for a provider that is not configured");
        return Err(ApiError::NotFound(Msg::ProviderNotConfigured));
    }
    let (verdict, description) = process(&state, provider.as_ref(), &fields).await?;
    Ok(reply(provider.answer(verdict, &description)))
}

fn reply(answer: Answer) -> HttpResponse {
    HttpResponse::Ok().content_type(answer.content_type).body(answer.body)
}

/// The fields as a JSON object for the record (PostgreSQL's `jsonb` holds no NUL character).
fn payload(fields: &[(String, String)]) -> Value {
    Value::Object(fields.iter().map(|(k, v)| (clean(k), Value::String(clean(v)))).collect())
}

fn clean(text: &str) -> String {
    text.replace('\0', "\u{fffd}")
}

/// What a processed callback changed, to tell the sockets after the commit.
enum Change {
    Credited(OrderRow, i64),
    Failed(OrderRow),
}

/// Verifies, checks and applies one callback; records it whatever becomes of it. The order row
/// is locked for the whole decision, so repeated and concurrent callbacks credit once.
async fn process(
    state: &AppState,
    provider: &dyn PaymentProvider,
    fields: &[(String, String)],
) -> Result<(Verdict, String), ApiError> {
    let name = provider.name();
    let record = payload(fields);
    let outcome = match provider.parse_callback(fields) {
        Ok(outcome) => outcome,
        Err(rejection) => {
            let client = state.pool.get().await?;
            db::payments::record_callback(&client, name, None, &record, rejection.outcome()).await?;
            tracing::warn!(
                provider = name,
                outcome = rejection.outcome(),
                ?rejection,
                "payment callback refused"
            );
            return Ok((Verdict::Error, format!("refused: {}", rejection.outcome())));
        }
    };
    // Asked before any lock is taken: the provider's answer can take seconds.
    let confirmed = match provider.confirm(&outcome).await {
        Ok(confirmed) => confirmed,
        Err(err) => {
            let client = state.pool.get().await?;
            let order = Some(outcome.order_id);
            db::payments::record_callback(&client, name, order, &record, "status_check_failed").await?;
            // Not answered 200: the provider calls again later.
            return Err(ApiError::Unavailable(format!("payment status check: {err:#}")));
        }
    };

    let mut client = state.pool.get().await?;
    let tx = client.transaction().await?;
    let locked = db::payments::lock_order(&tx, outcome.order_id).await?;
    let (verdict, word, change) = match locked {
        None => (Verdict::Rejected, "unknown_order", None),
        Some(order) if order.provider != name => (Verdict::Rejected, "provider_mismatch", None),
        Some(order) if order.amount != outcome.amount => (Verdict::Rejected, "amount_mismatch", None),
        Some(order) if order.currency != outcome.currency => (Verdict::Rejected, "currency_mismatch", None),
        Some(order) if order.state == "paid" => {
            if order.provider_payment_id.as_deref() == Some(outcome.payment_id.as_str()) {
                (Verdict::Ok, "duplicate", None)
            } else if outcome.paid {
                // A second payment for an order already paid by another: refuse it.
                (Verdict::Rejected, "already_paid", None)
            } else {
                (Verdict::Ok, "duplicate", None)
            }
        }
        Some(_) if outcome.paid && !confirmed => (Verdict::Rejected, "not_confirmed", None),
        Some(order) if outcome.paid => match db::payments::credit(&tx, &order, &outcome.payment_id).await? {
            Some((paid, balance)) => (Verdict::Ok, "credited", Some(Change::Credited(paid, balance))),
            None => (Verdict::Ok, "duplicate", None),
        },
        Some(order) => match db::payments::fail(&tx, order.id, Some(&outcome.payment_id)).await? {
            Some(failed) => (Verdict::Ok, "failed", Some(Change::Failed(failed))),
            None => (Verdict::Ok, "duplicate", None),
        },
    };
    db::payments::record_callback(&tx, name, Some(outcome.order_id), &record, word).await?;
    tx.commit().await?;

    if verdict == Verdict::Ok {
        tracing::info!(provider = name, order = outcome.order_id, outcome = word, "payment callback");
    } else {
        tracing::warn!(provider = name, order = outcome.order_id, outcome = word, "payment callback refused");
    }
    let lang = state.site.lang();
    match change {
        Some(Change::Credited(order, balance)) => {
            state.hub.do_send(BalanceChanged { user: UserId(order.user_id), balance });
            let view = view(state, &order, lang.code());
            state.hub.do_send(OrderChanged { user: UserId(order.user_id), order: view });
        }
        Some(Change::Failed(order)) => {
            let view = view(state, &order, lang.code());
            state.hub.do_send(OrderChanged { user: UserId(order.user_id), order: view });
        }
        None => {}
    }
    Ok((verdict, word.to_owned()))
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
    path: web::Path<i64>,
    body: web::Json<DemoOutcome>,
) -> Result<HttpResponse, ApiError> {
    let Some(demo) = state.payments.demo.clone() else {
        return Err(ApiError::NotFound(Msg::DemoPaymentsOff));
    };
    let paid = match body.outcome.as_deref().map(str::trim) {
        Some("paid") => true,
        Some("failed") => false,
        _ => return Err(ApiError::invalid("outcome", Msg::OutcomeInvalid)),
    };
    let order = own_order(&state, user.id, path.into_inner()).await?;
    let fields = demo.signed_callback(&order, paid);
    let (verdict, word) = process(&state, demo.as_ref(), &fields).await?;
    tracing::info!(order = order.id, verdict = verdict.as_str(), outcome = word, "demo payment");
    let order = own_order(&state, user.id, order.id).await?;
    Ok(HttpResponse::Ok().json(OrderBody { order: view(&state, &order, lang.0.code()) }))
}
