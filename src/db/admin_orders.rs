//! Payment orders as admins see them (buyer, provider, refund) and the rows a refund locks and
//! writes (the rule deciding what it gives back is `app::refund`; docs/rules/payments.md,
//! "Refunds"). The order itself is read through `db::payments`, so the admin list shows exactly
//! the `Order` the buyer sees.

use chrono::{DateTime, Utc};
use deadpool_postgres::GenericClient;
use tokio_postgres::Row;

use crate::statuses::{ClaimState, OrderKind, OrderState};

macro_rules! q {
    ($name:literal) => {
        include_str!(concat!("../../sql/queries/admin_order/", $name, ".sql"))
    };
}

/// What admins see of an order beyond the buyer's `Order`. Money in tyiyn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderExtra {
    pub id: i64,
    pub user_id: i64,
    pub username: String,
    pub provider: String,
    pub provider_payment_id: Option<String>,
    pub refund_bids: Option<i32>,
    pub refund_amount: Option<i64>,
    pub refunded_at: Option<DateTime<Utc>>,
}

impl OrderExtra {
    fn from_row(r: &Row) -> OrderExtra {
        OrderExtra {
            id: r.get(0),
            user_id: r.get(1),
            username: r.get(2),
            provider: r.get(3),
            provider_payment_id: r.get(4),
            refund_bids: r.get(5),
            refund_amount: r.get(6),
            refunded_at: r.get(7),
        }
    }
}

/// Which orders to list; `None` matches any.
#[derive(Debug, Clone, Copy, Default)]
pub struct Filter<'a> {
    /// `pending`, `paid`, `failed` or `refunded`.
    pub state: Option<&'a str>,
    /// `package` or `claim`.
    pub kind: Option<&'a str>,
    /// A case-insensitive part of the buyer's username, or the order's id.
    pub query: Option<&'a str>,
    /// `card` or `qr`.
    pub method: Option<&'a str>,
    /// The provider's name (`demo`, `freedompay`, …).
    pub provider: Option<&'a str>,
}

/// A page of matching orders, newest first, and how many match in all.
pub async fn page(
    db: &impl GenericClient,
    filter: Filter<'_>,
    limit: i64,
    offset: i64,
) -> Result<(Vec<OrderExtra>, i64), tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_page")).await?;
    let params: [&(dyn tokio_postgres::types::ToSql + Sync); 7] =
        [&filter.state, &filter.kind, &filter.query, &limit, &offset, &filter.method, &filter.provider];
    let rows = db.query(&stmt, &params).await?;
    let total = rows.first().map_or(0, |r| r.get("total"));
    let orders =
        rows.iter().filter(|r| r.get::<_, Option<i64>>(0).is_some()).map(OrderExtra::from_row).collect();
    Ok((orders, total))
}

/// One order's admin columns.
pub async fn extra(db: &impl GenericClient, id: i64) -> Result<Option<OrderExtra>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_one")).await?;
    Ok(db.query_opt(&stmt, &[&id]).await?.as_ref().map(OrderExtra::from_row))
}

/// A paid order being refunded, locked with its won item (when it paid for one) and its buyer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refundable {
    pub id: i64,
    pub user: i64,
    pub state: OrderState,
    /// Bids the order credited (0: a won item without bids).
    pub bids: i32,
    /// What the order cost, in tyiyn.
    pub amount: i64,
    /// The won item a claim order paid for.
    pub claim: Option<i64>,
    /// That item's state.
    pub claim_state: Option<ClaimState>,
    /// The buyer's balance now.
    pub balance: i64,
}

/// The order to refund, locked until the caller's transaction ends: its won item, then the order,
/// then its buyer, the order the payment callback and every claim change take them in (so that a
/// refund and a repeated callback of one order wait for each other instead of deadlocking). An
/// order's won item never changes, so it is read before any lock. `None` when it does not exist.
pub async fn lock_for_refund(
    db: &impl GenericClient,
    id: i64,
) -> Result<Option<Refundable>, tokio_postgres::Error> {
    let Some(unlocked) = crate::db::payments::order(db, id).await? else {
        return Ok(None);
    };
    let claim = unlocked.claim_id.filter(|_| unlocked.kind == OrderKind::Claim);
    let claim_state = match claim {
        Some(claim) => {
            let stmt = db.prepare_cached(q!("lock_claim")).await?;
            db.query_opt(&stmt, &[&claim]).await?.map(|r| ClaimState::parse(r.get(0)))
        }
        None => None,
    };
    let stmt = db.prepare_cached(q!("lock_order")).await?;
    let Some(order) = db.query_opt(&stmt, &[&id]).await? else {
        return Ok(None);
    };
    let user: i64 = order.get(1);
    let stmt = db.prepare_cached(q!("lock_balance")).await?;
    let balance: i64 = db.query_one(&stmt, &[&user]).await?.get(0);
    Ok(Some(Refundable {
        id,
        user,
        state: OrderState::parse(order.get(6)),
        bids: order.get(4),
        amount: order.get(5),
        claim,
        claim_state,
        balance,
    }))
}

/// What recording a refund changed besides the order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Recorded {
    /// The buyer's balance after the bids were taken back; `None` when none were.
    pub balance: Option<i64>,
    /// The won item that became `expired` (it was `paid`).
    pub expired_claim: Option<i64>,
}

/// Records the refund of a locked paid order in the caller's transaction: `bids` taken back from
/// the buyer (a `purchase_refund` row, when above 0), the order `refunded` with `bids` and
/// `amount` (tyiyn) by `admin`, and its won item `expired` (declined) when it was `paid`.
pub async fn record_refund(
    db: &impl GenericClient,
    order: &Refundable,
    bids: i32,
    amount: i64,
    admin: i64,
) -> Result<Recorded, tokio_postgres::Error> {
    let balance = if bids > 0 {
        let stmt = db.prepare_cached(q!("take_back_bids")).await?;
        Some(db.query_one(&stmt, &[&order.user, &i64::from(bids), &order.id]).await?.get(0))
    } else {
        None
    };
    let stmt = db.prepare_cached(q!("mark_refunded")).await?;
    db.execute(&stmt, &[&order.id, &bids, &amount, &admin]).await?;
    let expired_claim = match (order.claim, order.claim_state) {
        (Some(claim), Some(ClaimState::Paid)) => {
            let stmt = db.prepare_cached(q!("expire_claim")).await?;
            db.execute(&stmt, &[&claim]).await?;
            Some(claim)
        }
        _ => None,
    };
    Ok(Recorded { balance, expired_claim })
}

/// One order of the reconciliation export. Money in tyiyn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReconciliationRow {
    pub id: i64,
    pub created_at: DateTime<Utc>,
    pub paid_at: Option<DateTime<Utc>>,
    pub refunded_at: Option<DateTime<Utc>>,
    pub state: String,
    pub kind: String,
    pub method: String,
    pub provider: String,
    pub provider_payment_id: Option<String>,
    pub user_id: i64,
    pub username: String,
    pub amount: i64,
    pub currency: String,
    pub fee: Option<i64>,
    pub refund_amount: Option<i64>,
}

/// Every order paid or refunded in `[from, to)`, oldest first, at most `max`.
pub async fn reconciliation(
    db: &impl GenericClient,
    (from, to): (DateTime<Utc>, DateTime<Utc>),
    max: i64,
) -> Result<Vec<ReconciliationRow>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_reconciliation")).await?;
    let rows = db.query(&stmt, &[&from, &to, &max]).await?;
    Ok(rows
        .iter()
        .map(|r| ReconciliationRow {
            id: r.get(0),
            created_at: r.get(1),
            paid_at: r.get(2),
            refunded_at: r.get(3),
            state: r.get(4),
            kind: r.get(5),
            method: r.get(6),
            provider: r.get(7),
            provider_payment_id: r.get(8),
            user_id: r.get(9),
            username: r.get(10),
            amount: r.get(11),
            currency: r.get(12),
            fee: r.get(13),
            refund_amount: r.get(14),
        })
        .collect())
}
