//! Refunding a paid order (docs/rules/payments.md, "Refunds"). The money itself goes back through the
//! provider's merchant cabinet (docs/operations.md); this records the refund and takes back the
//! unspent bids, in one transaction with its audit row.

use deadpool_postgres::Pool;
use serde_json::json;
use tyiyn_actors::ids::UserId;

use super::audit::action;
use super::effects::Effects;
use crate::app::provider::{PaymentProvider, order_view};
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
    (pool, effects, provider): (&Pool, &dyn Effects, &dyn PaymentProvider),
    lang: Lang,
    admin: &CurrentUser,
    OrderId(id): OrderId,
) -> Result<OrderExtra, AppError> {
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
        effects.order_changed(UserId(user), order_view(&own, provider, lang.code()));
    }
    Ok(extra)
}
