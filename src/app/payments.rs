//! Buying: the provider's report of a payment, the only thing that credits
//! bids or pays for a won item. [`process`] verifies, checks and applies one report in one
//! transaction; the demo provider's pay/fail button sends its signed report through it too
//! (docs/rules/payments.md, "Buying bids" and docs/rules/won-items.md, "Won items").

use deadpool_postgres::Pool;
use serde_json::Value;
use tyiyn_actors::ids::UserId;

use super::effects::Effects;
use crate::app::provider::{Callback, CallbackOutcome, PaymentProvider, Payments, Verdict, order_view};
use crate::db;
use crate::db::claims::Locked;
use crate::db::notifications::{Notice, NotificationRow};
use crate::db::outbox::Outbox;
use crate::db::payments::OrderRow;
use crate::error::AppError;
use crate::i18n::{Lang, Msg};
use crate::ids::OrderId;
use crate::metrics::PAYMENT_CALLBACKS;
use crate::statuses::OrderState;

/// What buying needs: the pool, the effects port and the providers.
pub struct Handles<'a> {
    pub pool: &'a Pool,
    pub effects: &'a dyn Effects,
    pub payments: &'a Payments,
}

/// `user`'s own order `id` (404 `order_not_found` for another user's).
pub async fn own_order(pool: &Pool, user: i64, OrderId(id): OrderId) -> Result<OrderRow, AppError> {
    let client = pool.get().await?;
    let order = db::payments::order(&client, id).await?;
    order.filter(|o| o.user_id == user).ok_or(AppError::NotFound(Msg::OrderNotFound))
}

/// The demo provider's pay or fail button for `user`'s order `id`: its signed callback goes
/// through [`process`] like any other; the order as it is after.
pub async fn demo_pay(
    h: &Handles<'_>,
    lang: Lang,
    user: i64,
    id: OrderId,
    paid: bool,
) -> Result<OrderRow, AppError> {
    let demo = h.payments.demo.clone().ok_or(AppError::NotFound(Msg::DemoPaymentsOff))?;
    let order = own_order(h.pool, user, id).await?;
    let callback = demo.signed_callback(&order, paid).ok_or(AppError::NotFound(Msg::DemoPaymentsOff))?;
    let (verdict, word) = process(h, lang, demo.as_ref(), &callback).await?;
    tracing::info!(order = order.id, verdict = verdict.as_str(), outcome = word, "demo payment");
    own_order(h.pool, user, OrderId(order.id)).await
}

/// A callback addressed to a provider that is not the configured one: counted, and recorded
/// within the refused-callback budget.
pub async fn not_configured(
    pool: &Pool,
    payments: &Payments,
    name: &str,
    fields: &[(String, String)],
) -> Result<(), AppError> {
    let outcome = "provider_not_configured";
    metrics::counter!(PAYMENT_CALLBACKS, "outcome" => outcome).increment(1);
    if payments.refused.admit() {
        let client = pool.get().await?;
        let provider = truncate(&clean(name), MAX_KEY);
        db::payments::record_callback(&client, &provider, None, &payload(fields), outcome).await?;
    }
    tracing::warn!(
        provider = truncate(name, MAX_KEY),
        "payment callback for a provider that is not configured"
    );
    Ok(())
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
/// (docs/rules/won-items.md, "Won items").
async fn pay(
    tx: &impl deadpool_postgres::GenericClient,
    outbox: &Outbox,
    order: &OrderRow,
    claim: Option<&Locked>,
    payment: (&str, Option<i64>),
) -> Result<(Verdict, &'static str, Option<Change>), AppError> {
    // Whether the order pays for its won item (a package order has none to pay).
    let pays_claim = match (order.claim_id, claim) {
        (None, _) => false,
        (Some(_), Some(c)) if c.state.is_paid() => {
            return Ok((Verdict::Rejected, "claim_already_paid", None));
        }
        (Some(_), Some(c)) if c.latest_order != Some(order.id) => {
            return Ok((Verdict::Rejected, "order_superseded", None));
        }
        (Some(_), c) => c.is_some_and(Locked::is_open),
    };
    let word = if order.claim_id.is_some() && !pays_claim { "credited_claim_closed" } else { "credited" };
    let Some((paid, balance)) = db::payments::credit(tx, order, payment).await? else {
        return Ok((Verdict::Ok, "duplicate", None));
    };
    if let Some(claim) = paid.claim_id {
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
    let received =
        Notice::PaymentReceived { order_id: paid.id, amount: paid.amount, claim_id: paid.claim_id };
    let mut notices = vec![db::notifications::insert(tx, outbox, paid.user_id, None, &received).await?];
    if paid.bids > 0 {
        let credited = Notice::BidsCredited { order_id: paid.id, bids: i64::from(paid.bids) };
        notices.push(db::notifications::insert(tx, outbox, paid.user_id, None, &credited).await?);
    }
    Ok((Verdict::Ok, word, Some(Change::Credited(paid, balance, notices))))
}

/// Verifies, checks and applies one callback; records it whatever becomes of it. The order row
/// is locked for the whole decision, so repeated and concurrent callbacks credit once.
pub async fn process(
    h: &Handles<'_>,
    lang: Lang,
    provider: &dyn PaymentProvider,
    callback: &Callback,
) -> Result<(Verdict, String), AppError> {
    let Handles { pool, payments, .. } = *h;
    let name = provider.name();
    let record = payload(&callback.fields);
    let outcome = match provider.parse_callback(callback) {
        Ok(outcome) => outcome,
        Err(rejection) => {
            metrics::counter!(PAYMENT_CALLBACKS, "outcome" => rejection.outcome()).increment(1);
            if payments.refused.admit() {
                let client = pool.get().await?;
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
            let client = pool.get().await?;
            let order = Some(outcome.order_id);
            db::payments::record_callback(&client, name, order, &record, "status_check_failed").await?;
            // Not answered 200: the provider calls again later.
            return Err(AppError::Unavailable(format!("payment status check: {err:#}")));
        }
    };

    let (verdict, word, change) = apply(h, name, &outcome, confirmed, &record).await?;
    if verdict == Verdict::Ok {
        tracing::info!(provider = name, order = outcome.order_id, outcome = word, "payment callback");
    } else {
        tracing::warn!(provider = name, order = outcome.order_id, outcome = word, "payment callback refused");
    }
    announce(h, lang, change);
    Ok((verdict, word.to_owned()))
}

/// Applies a verified callback to its order in one transaction, with its record: the verdict, the
/// outcome's word, and what changed.
async fn apply(
    h: &Handles<'_>,
    name: &str,
    outcome: &CallbackOutcome,
    confirmed: bool,
    record: &Value,
) -> Result<(Verdict, &'static str, Option<Change>), AppError> {
    let (pool, outbox) = (h.pool, h.effects.outbox());
    let mut client = pool.get().await?;
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
        Some(order) if order.state == OrderState::Paid => {
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
        Some(order) if outcome.paid => {
            pay(&tx, outbox, &order, claim.as_ref(), (&outcome.payment_id, outcome.fee)).await?
        }
        Some(order) => match db::payments::fail(&tx, order.id, Some(&outcome.payment_id)).await? {
            Some(failed) => (Verdict::Ok, "failed", Some(Change::Failed(failed))),
            None => (Verdict::Ok, "duplicate", None),
        },
    };
    db::payments::record_callback(&tx, name, Some(outcome.order_id), record, word).await?;
    super::commit(tx).await?;
    metrics::counter!(PAYMENT_CALLBACKS, "outcome" => word).increment(1);
    Ok((verdict, word, change))
}

/// Tells the buyer's sessions what a processed callback changed.
fn announce(h: &Handles<'_>, lang: Lang, change: Option<Change>) {
    let Handles { effects, payments, .. } = *h;
    let user = |order: &OrderRow| UserId(order.user_id);
    let view = |order: &OrderRow| order_view(order, payments, lang.code());
    match change {
        Some(Change::Credited(order, balance, notices)) => {
            if let Some(balance) = balance {
                effects.balance_changed(user(&order), balance);
            }
            effects.order_changed(user(&order), view(&order));
            effects.notify(&notices);
        }
        Some(Change::Failed(order)) => effects.order_changed(user(&order), view(&order)),
        None => {}
    }
}
