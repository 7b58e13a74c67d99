//! Paying by QR (docs/rules/payments.md, "Paying by QR"): a QR order's payment link is one
//! dynamic ELQR link for the order's exact amount, asked of its provider after the order is
//! committed (the provider's answer can take seconds; no lock is held meanwhile) and stored with
//! its expiry. A provider that refuses or does not answer leaves nothing to pay: a new order is
//! failed and the request answers 503 `qr_unavailable`. After the link expires, the buyer asks for
//! a new one ([`renew`]); a payment confirmed after it expired is still credited, like any
//! confirmed payment.

use std::time::Duration;

use chrono::Utc;

use super::payments::{Handles, own_order};
use super::provider::order_view;
use crate::db;
use crate::db::payments::OrderRow;
use crate::error::AppError;
use crate::i18n::Msg;
use crate::ids::OrderId;
use crate::statuses::{OrderState, PayMethod};

/// The longest a provider may take to open a payment.
const OPEN_TIMEOUT: Duration = Duration::from_secs(10);

/// Opens the payment link of a new QR `order`; fails the order and answers 503 `qr_unavailable`
/// when its provider cannot.
pub async fn open(h: &Handles<'_>, order: OrderRow) -> Result<OrderRow, AppError> {
    match link(h, &order).await {
        Ok(Some(linked)) => Ok(linked),
        // Paid or failed meanwhile (a callback can come before the link is stored): as it is now.
        Ok(None) => own_order(h.pool, order.user_id, OrderId(order.id)).await,
        Err(refused) => {
            let client = h.pool.get().await?;
            if let Some(failed) = db::payments::fail(&client, order.id, None).await? {
                let lang = crate::i18n::Lang::default();
                h.effects.order_changed(
                    tyiyn_actors::ids::UserId(failed.user_id),
                    order_view(&failed, h.payments, lang.code()),
                );
            }
            Err(refused)
        }
    }
}

/// A new payment link for `user`'s pending QR order `id` whose link has expired (409
/// `qr_not_expired` while it is still valid: two live links for one order could both be paid).
pub async fn renew(h: &Handles<'_>, user: i64, id: OrderId) -> Result<OrderRow, AppError> {
    let order = own_order(h.pool, user, id).await?;
    if order.method != PayMethod::Qr {
        return Err(AppError::Conflict(Msg::NotQrOrder));
    }
    if order.state != OrderState::Pending {
        return Err(AppError::Conflict(Msg::OrderNotPending));
    }
    if order.qr_expires_at.is_some_and(|until| until > Utc::now()) {
        return Err(AppError::Conflict(Msg::QrNotExpired));
    }
    match link(h, &order).await? {
        Some(linked) => Ok(linked),
        None => Err(AppError::Conflict(Msg::OrderNotPending)),
    }
}

/// Asks `order`'s provider for a link valid for the configured time and stores it: the order
/// with it, or `None` when the order is no longer a pending QR order.
async fn link(h: &Handles<'_>, order: &OrderRow) -> Result<Option<OrderRow>, AppError> {
    let provider = h
        .payments
        .named(&order.provider)
        .filter(|p| p.takes_qr())
        .ok_or(AppError::Suspended(Msg::QrUnavailable))?;
    let expires_at = Utc::now() + h.payments.qr_ttl;
    let opened = tokio::time::timeout(OPEN_TIMEOUT, provider.create_qr(order, expires_at)).await;
    let qr = match opened {
        Ok(Ok(qr)) => qr,
        Ok(Err(e)) => {
            tracing::warn!(
                order = order.id,
                provider = provider.name(),
                error = format!("{e:#}"),
                "QR payment not opened"
            );
            return Err(AppError::Suspended(Msg::QrUnavailable));
        }
        Err(_) => {
            tracing::warn!(
                order = order.id,
                provider = provider.name(),
                "QR payment not opened: no answer in time"
            );
            return Err(AppError::Suspended(Msg::QrUnavailable));
        }
    };
    let client = h.pool.get().await?;
    let linked = db::payments::set_qr_link(&client, order.id, &qr.link, qr.expires_at).await?;
    if let Some(linked) = &linked {
        tracing::info!(order = linked.id, provider = provider.name(), "QR payment link opened");
    }
    Ok(linked)
}
