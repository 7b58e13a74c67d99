//! `POST /api/payments/callback/{provider}`: the provider's report of a payment, the only thing
//! that credits bids or pays for a won item. [`process`] verifies, checks and applies one report
//! in one transaction; the demo provider's pay/fail route (`routes::payments`) sends its signed
//! report through it too (docs/decisions.md, "Buying bids" and "Won items").

use actix_web::{HttpRequest, HttpResponse, post, web};
use serde_json::{Value, json};
use tyiyn_actors::ids::UserId;
use tyiyn_actors::outlets::BalanceChanged;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::db;
use crate::db::claims::Locked;
use crate::db::notifications::NotificationRow;
use crate::db::payments::OrderRow;
use crate::error::{ApiError, ErrorBody};
use crate::i18n::Msg;
use crate::metrics::PAYMENT_CALLBACKS;
use crate::payments::demo::DemoAnswer;
use crate::payments::{Answer, PaymentProvider, Verdict, order_view};
use crate::state::AppState;
use crate::ws::hub::OrderChanged;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(payment_callback);
}

/// The provider's server-to-server report of a payment (`provider` = `freedompay` or `demo`, the
/// configured one). Form-encoded fields, signed; the answer is the provider's own format
/// (Freedom Pay: an XML `<response>` with `pg_status` `ok`, `rejected` or `error`). Only a signed
/// report of a payment that matches its order's amount and currency credits the order's bids,
/// once, however often it is repeated. Every report is counted (`/metrics`); every signed one is
/// recorded, refused ones up to 60 a minute, each field cut to 512 characters.
#[utoipa::path(
    tag = "payments",
    params(("provider" = String, Path, description = "`freedompay` or `demo`")),
    request_body(
        content = inline(std::collections::BTreeMap<String, String>),
        content_type = "application/x-www-form-urlencoded",
        description = "The provider's signed fields (Freedom Pay: `pg_order_id`, `pg_payment_id`, `pg_amount`, `pg_currency`, `pg_result`, `pg_salt`, `pg_sig`, …)"
    ),
    responses(
        (status = 200, description = "The provider's answer in its own format (Freedom Pay: XML; the demo provider: JSON): `ok` (credited, already credited, or a failure recorded), `rejected` (unknown order, wrong amount or currency, a won item already paid, an order a newer delivery choice replaced) or `error` (unsigned, mis-signed, unreadable)", content(
            (String = "application/xml"),
            (DemoAnswer = "application/json"),
        )),
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
        let outcome = "provider_not_configured";
        metrics::counter!(PAYMENT_CALLBACKS, "outcome" => outcome).increment(1);
        if state.payments.refused.admit() {
            let client = state.pool.get().await?;
            let provider = truncate(&clean(&name), MAX_KEY);
            db::payments::record_callback(&client, &provider, None, &payload(&fields), outcome).await?;
        }
        tracing::warn!(
            provider = truncate(&name, MAX_KEY),
            "payment callback for a provider that is not configured"
        );
        return Err(ApiError::NotFound(Msg::ProviderNotConfigured));
    }
    let (verdict, description) = process(&state, provider.as_ref(), &fields).await?;
    Ok(reply(provider.answer(verdict, &description)))
}

fn reply(answer: Answer) -> HttpResponse {
    HttpResponse::Ok().content_type(answer.content_type).body(answer.body)
}

/// Fields kept in a callback's record, and characters kept of each name and value: a provider's
/// real fields fit many times over; a junk field of 60,000 bytes is cut to what identifies it.
const MAX_FIELDS: usize = 40;
const MAX_KEY: usize = 64;
const MAX_VALUE: usize = 512;

/// The fields as a JSON object for the record (PostgreSQL's `jsonb` holds no NUL character), each
/// name and value cut to its length and at most [`MAX_FIELDS`] of them.
fn payload(fields: &[(String, String)]) -> Value {
    let kept = fields.iter().take(MAX_FIELDS);
    Value::Object(
        kept.map(|(k, v)| (truncate(&clean(k), MAX_KEY), Value::String(truncate(&clean(v), MAX_VALUE))))
            .collect(),
    )
}

/// `text`'s first `max` characters, with `…` when it was longer.
fn truncate(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

fn clean(text: &str) -> String {
    text.replace('\0', "\u{fffd}")
}

/// What a processed callback changed, to tell the sockets after the commit.
enum Change {
    /// Paid: the order, the buyer's new balance when bids were credited, the notifications.
    Credited(OrderRow, Option<i64>, Vec<NotificationRow>),
    Failed(OrderRow),
}

/// Pays a locked, unpaid order whose payment is confirmed: credits its bids, and for a won item
/// (`claim`, locked before the order) marks it paid. A payment for a won item that is already
/// paid by another order, or for an order a newer delivery choice replaced, is refused; one for
/// an item that passed on or expired meanwhile is recorded paid and left for an admin refund
/// (docs/decisions.md, "Won items").
async fn pay(
    tx: &impl deadpool_postgres::GenericClient,
    order: &OrderRow,
    claim: Option<&Locked>,
    payment_id: &str,
) -> Result<(Verdict, &'static str, Option<Change>), ApiError> {
    // Whether the order pays for its won item (a package order has none to pay).
    let pays_claim = match (order.claim_id, claim) {
        (None, _) => false,
        (Some(_), Some(c)) if matches!(c.state.as_str(), "paid" | "shipped" | "delivered") => {
            return Ok((Verdict::Rejected, "claim_already_paid", None));
        }
        (Some(_), Some(c)) if c.latest_order != Some(order.id) => {
            return Ok((Verdict::Rejected, "order_superseded", None));
        }
        (Some(_), c) => c.is_some_and(Locked::is_open),
    };
    let word = if order.claim_id.is_some() && !pays_claim { "credited_claim_closed" } else { "credited" };
    let Some((paid, balance)) = db::payments::credit(tx, order, payment_id).await? else {
        return Ok((Verdict::Ok, "duplicate", None));
    };
    let mut payload = json!({ "orderId": paid.id, "amount": paid.amount });
    if let Some(claim) = paid.claim_id {
        payload["claimId"] = json!(claim);
        if pays_claim {
            db::claims::mark_paid(tx, claim).await?;
        } else {
            tracing::warn!(
                order = paid.id,
                claim,
                "payment for a won item no longer open: left for a refund"
            );
        }
    }
    let mut notices =
        vec![db::notifications::insert(tx, paid.user_id, "payment_received", None, &payload).await?];
    if paid.bids > 0 {
        let payload = json!({ "orderId": paid.id, "bids": paid.bids });
        notices.push(db::notifications::insert(tx, paid.user_id, "bids_credited", None, &payload).await?);
    }
    Ok((Verdict::Ok, word, Some(Change::Credited(paid, balance, notices))))
}

/// Verifies, checks and applies one callback; records it whatever becomes of it. The order row
/// is locked for the whole decision, so repeated and concurrent callbacks credit once.
pub async fn process(
    state: &AppState,
    provider: &dyn PaymentProvider,
    fields: &[(String, String)],
) -> Result<(Verdict, String), ApiError> {
    let name = provider.name();
    let record = payload(fields);
    let outcome = match provider.parse_callback(fields) {
        Ok(outcome) => outcome,
        Err(rejection) => {
            metrics::counter!(PAYMENT_CALLBACKS, "outcome" => rejection.outcome()).increment(1);
            if state.payments.refused.admit() {
                let client = state.pool.get().await?;
                db::payments::record_callback(&client, name, None, &record, rejection.outcome()).await?;
            }
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
    // A won item is locked before its order, in the order every claim change takes them (an
    // order's claim never changes, so reading it unlocked is safe).
    let claim = match db::payments::order(&tx, outcome.order_id).await?.and_then(|o| o.claim_id) {
        Some(id) => db::claims::lock(&tx, id).await?,
        None => None,
    };
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
        Some(order) if outcome.paid => pay(&tx, &order, claim.as_ref(), &outcome.payment_id).await?,
        Some(order) => match db::payments::fail(&tx, order.id, Some(&outcome.payment_id)).await? {
            Some(failed) => (Verdict::Ok, "failed", Some(Change::Failed(failed))),
            None => (Verdict::Ok, "duplicate", None),
        },
    };
    db::payments::record_callback(&tx, name, Some(outcome.order_id), &record, word).await?;
    tx.commit().await?;
    metrics::counter!(PAYMENT_CALLBACKS, "outcome" => word).increment(1);

    if verdict == Verdict::Ok {
        tracing::info!(provider = name, order = outcome.order_id, outcome = word, "payment callback");
    } else {
        tracing::warn!(provider = name, order = outcome.order_id, outcome = word, "payment callback refused");
    }
    let lang = state.site.lang();
    match change {
        Some(Change::Credited(order, balance, notices)) => {
            if let Some(balance) = balance {
                state.hub.do_send(BalanceChanged { user: UserId(order.user_id), balance });
            }
            let view = order_view(&order, state.payments.provider.as_ref(), lang.code());
            state.hub.do_send(OrderChanged { user: UserId(order.user_id), order: view });
            crate::notify::deliver(state, &notices);
        }
        Some(Change::Failed(order)) => {
            let view = order_view(&order, state.payments.provider.as_ref(), lang.code());
            state.hub.do_send(OrderChanged { user: UserId(order.user_id), order: view });
        }
        None => {}
    }
    Ok((verdict, word.to_owned()))
}
