//! `/api/admin/orders…`: every payment order with filters, and refunding a paid one
//! (docs/rules/payments.md, "Refunds"). The money itself goes back through the provider's merchant
//! cabinet (docs/operations.md); this records the refund and takes back the unspent bids.

use actix_web::{HttpResponse, get, post, web};
use chrono::{DateTime, Utc};
use futures_util::future::try_join_all;
use serde::{Deserialize, Serialize};
use tyiyn_actors::ids::Tyiyn;
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use super::{ReqLang, optional};
use crate::app::orders;
use crate::app::provider::{Order, order_view};
use crate::auth::AdminUser;
use crate::db;
use crate::db::admin_orders::{Filter, OrderExtra};
use crate::error::{AppError, ErrorBody};
use crate::i18n::Msg;
use crate::ids::OrderId;
use crate::paging;
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(admin_list_orders).service(admin_refund_order);
}

/// An order as admins see it: the buyer's `Order` plus who bought it, the provider's payment and
/// the refund.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminOrder {
    #[serde(flatten)]
    pub order: Order,
    /// The buyer.
    pub user_id: i64,
    pub username: String,
    /// `demo`, `freedompay`, … (the order's `method` says card or QR).
    pub provider: String,
    /// The provider's id of the payment (once it reported one).
    #[schema(required)]
    pub provider_payment_id: Option<String>,
    /// Bids the refund took back (refunded orders).
    #[schema(required)]
    pub refund_bids: Option<i32>,
    /// Money to return to the buyer through the provider's cabinet (refunded orders).
    #[schema(required)]
    pub refund_amount: Option<Tyiyn>,
    #[schema(required)]
    pub refunded_at: Option<DateTime<Utc>>,
}

/// A page of orders.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminOrdersPage {
    pub orders: Vec<AdminOrder>,
    /// Orders matching the filters, on every page.
    pub total: i64,
    /// This page, from 1.
    pub page: i64,
    /// Orders per page.
    pub page_size: i64,
}

/// One order.
#[derive(Serialize, ToSchema)]
pub struct AdminOrderBody {
    pub order: AdminOrder,
}

/// Which orders to list.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct OrdersQuery {
    /// `pending`, `paid`, `failed` or `refunded` (default: any).
    state: Option<String>,
    /// `package` or `claim` (default: any).
    kind: Option<String>,
    /// A case-insensitive part of the buyer's username, or an order id.
    q: Option<String>,
    /// `card` or `qr` (default: any).
    method: Option<String>,
    /// A provider's name: `demo`, `freedompay`, … (default: any).
    provider: Option<String>,
    /// From 1 (default 1).
    page: Option<i64>,
    /// 1–100 (default 20).
    limit: Option<i64>,
}

/// A provider's name as the filter takes it: 1–32 of `a-z`, `0-9`, `-`, `_`.
fn provider_name(v: &str) -> Result<String, Msg> {
    let v = v.trim();
    let fits = (1..=32).contains(&v.len())
        && v.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_');
    if fits { Ok(v.to_owned()) } else { Err(Msg::ProviderInvalid) }
}

/// `v` (trimmed) if it is one of `words`, else `msg`.
fn one_of(v: &str, words: &[&'static str], msg: Msg) -> Result<&'static str, Msg> {
    words.iter().copied().find(|w| *w == v.trim()).ok_or(msg)
}

/// Builds the admin view of orders: the buyer's `Order` of each (read through `db::payments`,
/// one pipelined query per row on one connection) with its admin columns.
async fn views(state: &AppState, extras: Vec<OrderExtra>, lang: &str) -> Result<Vec<AdminOrder>, AppError> {
    let client = state.core.pool.get().await?;
    let orders = try_join_all(extras.iter().map(|e| db::payments::order(&client, e.id))).await?;
    let payments = &state.core.payments;
    Ok(extras
        .into_iter()
        .zip(orders)
        .filter_map(|(extra, order)| {
            let order = order_view(&order?, payments, lang);
            Some(AdminOrder {
                order,
                user_id: extra.user_id,
                username: extra.username,
                provider: extra.provider,
                provider_payment_id: extra.provider_payment_id,
                refund_bids: extra.refund_bids,
                refund_amount: extra.refund_amount.map(Tyiyn),
                refunded_at: extra.refunded_at,
            })
        })
        .collect())
}

/// Every payment order, newest first, with filters.
#[utoipa::path(
    tag = "admin",
    params(OrdersQuery),
    responses(
        (status = 200, description = "A page of orders", body = AdminOrdersPage),
        (status = 400, description = "`order_state_invalid`, `order_kind_invalid`, `payment_method_invalid`, `provider_invalid`, `page_invalid` or `limit_invalid`, with `fields`", body = ErrorBody),
    )
)]
#[get("/admin/orders")]
async fn admin_list_orders(
    _admin: AdminUser,
    state: web::Data<AppState>,
    lang: ReqLang,
    query: web::Query<OrdersQuery>,
) -> Result<HttpResponse, AppError> {
    let query = query.into_inner();
    let mut errors = Vec::new();
    let order_state = optional(&mut errors, "state", query.state.as_deref(), |v| {
        one_of(v, &["pending", "paid", "failed", "refunded"], Msg::OrderStateInvalid)
    });
    let kind = optional(&mut errors, "kind", query.kind.as_deref(), |v| {
        one_of(v, &["package", "claim"], Msg::OrderKindInvalid)
    });
    let method = optional(&mut errors, "method", query.method.as_deref(), |v| {
        one_of(v, &["card", "qr"], Msg::PayMethodInvalid)
    });
    let provider = optional(&mut errors, "provider", query.provider.as_deref(), provider_name);
    // Every bad parameter is named at once, the paging ones too.
    let page = match paging::parse(query.page, query.limit, 20) {
        Ok(page) => Some(page),
        Err(AppError::Invalid { fields, .. }) => {
            errors.extend(fields);
            None
        }
        Err(err) => return Err(err),
    };
    AppError::check(errors)?;
    let page = page.ok_or(AppError::BadRequest(Msg::ValidationFailed))?;
    let search = query.q.as_deref().map(|q| q.trim().trim_start_matches('#')).filter(|q| !q.is_empty());
    let filter = Filter { state: order_state, kind, query: search, method, provider: provider.as_deref() };
    let (extras, total) = {
        let client = state.core.pool.get().await?;
        db::admin_orders::page(&client, filter, page.limit, page.offset).await?
    };
    let orders = views(&state, extras, lang.0.code()).await?;
    Ok(HttpResponse::Ok().json(AdminOrdersPage {
        orders,
        total,
        page: page.offset / page.limit + 1,
        page_size: page.limit,
    }))
}

/// Refunds a paid order: the order's credited bids still on the buyer's balance are taken back
/// (a `purchase_refund` ledger row), the money to return is the share of the amount those bids
/// paid for (all unspent: the whole amount; a won item without bids: the whole amount, until it
/// is shipped), and a paid won item it paid for ends `expired`. Return the money in the
/// provider's merchant cabinet. The buyer's sessions get `orderUpdate` (and `bidBalanceUpdate`).
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "Order id")),
    responses(
        (status = 200, description = "The refunded order", body = AdminOrderBody),
        (status = 404, description = "`order_not_found`", body = ErrorBody),
        (status = 409, description = "`order_not_refundable`: not paid (pending, failed or refunded already), or its won item without bids has been shipped or delivered", body = ErrorBody),
    )
)]
#[post("/admin/orders/{id}/refund")]
async fn admin_refund_order(
    admin: AdminUser,
    state: web::Data<AppState>,
    lang: ReqLang,
    path: web::Path<OrderId>,
) -> Result<HttpResponse, AppError> {
    let extra =
        orders::refund(&state.core.payment_handles(), state.core.site.lang(), &admin.0, path.into_inner())
            .await?;
    let view = views(&state, vec![extra], lang.0.code())
        .await?
        .pop()
        .ok_or(AppError::NotFound(Msg::OrderNotFound))?;
    Ok(HttpResponse::Ok().json(AdminOrderBody { order: view }))
}
