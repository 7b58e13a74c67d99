//! Refunding a paid order (docs/rules/payments.md, "Refunds"). The money itself goes back through the
//! provider's merchant cabinet (docs/operations.md); this records the refund and takes back the
//! unspent bids, in one transaction with its audit row.

use deadpool_postgres::Pool;
use serde_json::json;
use tyiyn_actors::ids::UserId;

use super::audit::action;
use crate::app::provider::order_view;
use crate::app::refund::{self, Refund};
use crate::auth::CurrentUser;
use crate::db;
use crate::db::admin_orders::OrderExtra;
use crate::error::AppError;
use crate::i18n::{Lang, Msg};
use crate::ids::OrderId;

/// Refunds paid order `id`; the buyer hears it first (in the site's language `lang`, as the
/// payment callback tells them). The order's admin columns after the refund.
pub async fn refund(
    h: &super::payments::Handles<'_>,
    lang: Lang,
    admin: &CurrentUser,
    OrderId(id): OrderId,
) -> Result<OrderExtra, AppError> {
    let super::payments::Handles { pool, effects, payments } = *h;
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    let (user, terms, balance, expired_claim) = match refund::refund(&tx, id, admin.id).await? {
        Refund::NotFound => return Err(AppError::NotFound(Msg::OrderNotFound)),
        Refund::NotRefundable => return Err(AppError::Conflict(Msg::OrderNotRefundable)),
        Refund::Done { user, terms, balance, expired_claim } => (user, terms, balance, expired_claim),
    };
    let after = json!({
        "state": "refunded",
        "refundBids": terms.bids,
        "refundAmount": terms.amount,
        "expiredClaim": expired_claim,
    });
    let entry = action(admin, "order.refund", "order", Some(id), Some(json!({"state": "paid"})), Some(after));
    db::audit::log(&tx, &entry).await?;
    let extra = db::admin_orders::extra(&tx, id).await?.ok_or(AppError::NotFound(Msg::OrderNotFound))?;
    super::commit(tx).await?;
    drop(client);
    tracing::info!(order = id, admin = admin.id, bids = terms.bids, amount = terms.amount, "order refunded");

    // The buyer hears it first (in the site language, as the payment callback tells them).
    if let Some(balance) = balance {
        effects.balance_changed(UserId(user), balance);
    }
    if let Some(own) = db::payments::order(&pool.get().await?, id).await? {
        effects.order_changed(UserId(user), order_view(&own, payments, lang.code()));
    }
    Ok(extra)
}

/// The most rows one reconciliation export holds (a year of a busy site fits many times).
const RECONCILIATION_MAX: i64 = 1_000_000;

/// Bishkek's offset from UTC: the export's days are Bishkek's days.
const BISHKEK_SECS: i32 = 6 * 3600;

/// Every order paid or refunded from the start of Bishkek day `from` to the end of day `to`
/// (both included), oldest first: the accountant's daily reconciliation (docs/operations.md,
/// "Reconciling payments"). 400 `day_invalid` when `from` is after `to` or the range is over 366
/// days.
pub async fn reconciliation(
    pool: &Pool,
    from: chrono::NaiveDate,
    to: chrono::NaiveDate,
) -> Result<Vec<db::admin_orders::ReconciliationRow>, AppError> {
    if from > to || (to - from).num_days() > 365 {
        return Err(AppError::invalid("from", Msg::DayInvalid));
    }
    let bishkek = chrono::FixedOffset::east_opt(BISHKEK_SECS).ok_or(AppError::BadRequest(Msg::DayInvalid))?;
    let start = |day: chrono::NaiveDate| {
        day.and_hms_opt(0, 0, 0)
            .and_then(|t| t.and_local_timezone(bishkek).single())
            .map(|t| t.with_timezone(&chrono::Utc))
            .ok_or(AppError::invalid("to", Msg::DayInvalid))
    };
    let until = to.succ_opt().ok_or(AppError::invalid("to", Msg::DayInvalid))?;
    let client = pool.get().await?;
    Ok(db::admin_orders::reconciliation(&client, (start(from)?, start(until)?), RECONCILIATION_MAX).await?)
}
