//! Starting a payment: a package order, by card or by QR (docs/rules/payments.md, "Buying bids"
//! and "Paying by QR"). What credits it is the provider's report (`super::payments::process`).

use super::limits::refuse;
use super::payments::Handles;
use crate::db;
use crate::db::payments::OrderRow;
use crate::error::AppError;
use crate::i18n::Msg;
use crate::statuses::PayMethod;

/// Orders package `package` for `user`, paid by `method`: a pending order whose bids and amount
/// come from the catalogue; a QR order with its payment link ([`super::qr::open`]). Refused while
/// the user's pause or monthly spend limit holds; 503 `qr_unavailable` when QR is off.
pub async fn order_package(
    h: &Handles<'_>,
    user: i64,
    package: i32,
    method: PayMethod,
) -> Result<OrderRow, AppError> {
    let provider = h.payments.for_method(method).ok_or(AppError::Suspended(Msg::QrUnavailable))?;
    let mut client = h.pool.get().await?;
    let tx = client.transaction().await?;
    refuse(db::limits::block_order(&tx, user, package).await?)?;
    let order = db::payments::insert_order(&tx, user, package, (provider.name(), method))
        .await?
        .ok_or(AppError::invalid("packageId", Msg::PackageNotFound))?;
    super::commit(tx).await?;
    drop(client);
    let method = method.as_str();
    tracing::info!(order = order.id, user, package, amount = order.amount, method, "payment order created");
    match order.method {
        PayMethod::Card => Ok(order),
        PayMethod::Qr => super::qr::open(h, order).await,
    }
}
