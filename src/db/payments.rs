//! The bid-package catalogue, payment orders, the callbacks received, and the crediting of a paid
//! order (docs/rules/payments.md, "Buying bids").

use chrono::{DateTime, Utc};
use deadpool_postgres::GenericClient;
use serde_json::Value;
use tokio_postgres::Row;

use crate::statuses::{OrderKind, OrderState, PayMethod};

macro_rules! q {
    ($name:literal) => {
        include_str!(concat!("../../sql/queries/payment/", $name, ".sql"))
    };
}

/// A package of the catalogue. Money in tyiyn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackageRow {
    pub id: i32,
    pub bids: i32,
    pub price: i64,
    pub original_price: i64,
    pub popular: bool,
}

impl PackageRow {
    fn from_row(r: &Row) -> PackageRow {
        PackageRow {
            id: r.get(0),
            bids: r.get(1),
            price: r.get(2),
            original_price: r.get(3),
            popular: r.get(4),
        }
    }
}

/// An order as stored. Money in tyiyn. A `package` order names its package; a `claim` order
/// names the won item it pays for (price plus delivery), and credits `bids` only for a won bid
/// package (else 0).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderRow {
    pub id: i64,
    pub user_id: i64,
    pub package_id: Option<i32>,
    pub bids: i32,
    pub amount: i64,
    pub currency: String,
    pub state: OrderState,
    pub provider: String,
    pub provider_payment_id: Option<String>,
    pub created_at: DateTime<Utc>,
    pub paid_at: Option<DateTime<Utc>>,
    pub kind: OrderKind,
    pub claim_id: Option<i64>,
    pub method: PayMethod,
    /// A QR order's current payment link (an ELQR link), once the provider gave one.
    pub qr_link: Option<String>,
    /// Until when that link may be paid.
    pub qr_expires_at: Option<DateTime<Utc>>,
    /// What the provider kept, in tyiyn, where its report says.
    pub provider_fee: Option<i64>,
}

impl OrderRow {
    fn from_row(r: &Row) -> OrderRow {
        OrderRow {
            id: r.get(0),
            user_id: r.get(1),
            package_id: r.get(2),
            bids: r.get(3),
            amount: r.get(4),
            currency: r.get(5),
            state: OrderState::parse(r.get(6)),
            provider: r.get(7),
            provider_payment_id: r.get(8),
            created_at: r.get(9),
            paid_at: r.get(10),
            kind: OrderKind::parse(r.get(11)),
            claim_id: r.get(12),
            method: PayMethod::parse(r.get(13)),
            qr_link: r.get(14),
            qr_expires_at: r.get(15),
            provider_fee: r.get(16),
        }
    }
}

/// The active packages, in catalogue order.
pub async fn packages(db: &impl GenericClient) -> Result<Vec<PackageRow>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_packages")).await?;
    Ok(db.query(&stmt, &[]).await?.iter().map(PackageRow::from_row).collect())
}

/// An active package.
pub async fn active_package(
    db: &impl GenericClient,
    id: i32,
) -> Result<Option<PackageRow>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("get_active_package")).await?;
    Ok(db.query_opt(&stmt, &[&id]).await?.as_ref().map(PackageRow::from_row))
}

/// A pending order for `package`, priced from the catalogue; `None` when the package is unknown
/// or inactive.
pub async fn insert_order(
    db: &impl GenericClient,
    user: i64,
    package: i32,
    (provider, method): (&str, PayMethod),
) -> Result<Option<OrderRow>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("insert_order")).await?;
    let row = db.query_opt(&stmt, &[&user, &package, &provider, &method.as_str()]).await?;
    Ok(row.as_ref().map(OrderRow::from_row))
}

/// Sets a pending QR order's payment link and its expiry; `None` when the order is no longer a
/// pending QR order.
pub async fn set_qr_link(
    db: &impl GenericClient,
    order: i64,
    link: &str,
    expires_at: DateTime<Utc>,
) -> Result<Option<OrderRow>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("set_qr_link")).await?;
    Ok(db.query_opt(&stmt, &[&order, &link, &expires_at]).await?.as_ref().map(OrderRow::from_row))
}

/// A user's orders, newest first (at most 200).
pub async fn user_orders(db: &impl GenericClient, user: i64) -> Result<Vec<OrderRow>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_user_orders")).await?;
    Ok(db.query(&stmt, &[&user]).await?.iter().map(OrderRow::from_row).collect())
}

pub async fn order(db: &impl GenericClient, id: i64) -> Result<Option<OrderRow>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("get_order")).await?;
    Ok(db.query_opt(&stmt, &[&id]).await?.as_ref().map(OrderRow::from_row))
}

/// The order, locked `for update` until the transaction ends.
pub async fn lock_order(db: &impl GenericClient, id: i64) -> Result<Option<OrderRow>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("lock_order")).await?;
    Ok(db.query_opt(&stmt, &[&id]).await?.as_ref().map(OrderRow::from_row))
}

/// Marks a locked, not yet paid order paid and credits its bids: the order row, the ledger
/// `purchase` row and the balance, in the caller's transaction. Returns the order and the new
/// balance (`None` when the order credits no bids: a won item that is not a bid package), or
/// `None` when the order was already paid (nothing changed).
pub async fn credit(
    db: &impl GenericClient,
    order: &OrderRow,
    (provider_payment_id, fee): (&str, Option<i64>),
) -> Result<Option<(OrderRow, Option<i64>)>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("mark_order_paid")).await?;
    let Some(paid) = db.query_opt(&stmt, &[&order.id, &provider_payment_id, &fee]).await? else {
        return Ok(None);
    };
    let paid = OrderRow::from_row(&paid);
    let bids = i64::from(paid.bids);
    if bids == 0 {
        return Ok(Some((paid, None)));
    }
    let stmt = db.prepare_cached(q!("insert_purchase")).await?;
    db.execute(&stmt, &[&paid.user_id, &bids, &paid.id]).await?;
    let stmt = db.prepare_cached(q!("credit_balance")).await?;
    let balance: i64 = db.query_one(&stmt, &[&paid.user_id, &bids]).await?.get(0);
    Ok(Some((paid, Some(balance))))
}

/// A pending order paying for won item `claim`: `amount` (price plus delivery, tyiyn) and the
/// bids a won bid package credits (0 for any other item).
pub async fn insert_claim_order(
    db: &impl GenericClient,
    user: i64,
    claim: i64,
    bids: i32,
    amount: i64,
    (provider, method): (&str, PayMethod),
) -> Result<OrderRow, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("insert_claim_order")).await?;
    let row = db.query_one(&stmt, &[&user, &claim, &bids, &amount, &provider, &method.as_str()]).await?;
    Ok(OrderRow::from_row(&row))
}

/// Fails every pending order of won item `claim` (a new delivery choice, a decline, a lapse);
/// returns them.
pub async fn fail_claim_orders(
    db: &impl GenericClient,
    claim: i64,
) -> Result<Vec<OrderRow>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("fail_claim_orders")).await?;
    Ok(db.query(&stmt, &[&claim]).await?.iter().map(OrderRow::from_row).collect())
}

/// The orders with these ids, in no particular order.
pub async fn orders_by_id(
    db: &impl GenericClient,
    ids: &[i64],
) -> Result<Vec<OrderRow>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_orders_by_id")).await?;
    Ok(db.query(&stmt, &[&ids]).await?.iter().map(OrderRow::from_row).collect())
}

/// Marks a pending order failed; `None` when it was not pending.
pub async fn fail(
    db: &impl GenericClient,
    order: i64,
    provider_payment_id: Option<&str>,
) -> Result<Option<OrderRow>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("mark_order_failed")).await?;
    Ok(db.query_opt(&stmt, &[&order, &provider_payment_id]).await?.as_ref().map(OrderRow::from_row))
}

/// Records a callback as received and what became of it (`order` is kept only if it exists).
pub async fn record_callback(
    db: &impl GenericClient,
    provider: &str,
    order: Option<i64>,
    payload: &Value,
    outcome: &str,
) -> Result<(), tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("insert_callback")).await?;
    db.execute(&stmt, &[&provider, &order, payload, &outcome]).await?;
    Ok(())
}
