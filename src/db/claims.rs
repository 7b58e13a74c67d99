//! Won items (claims): the offer made to an auction's winner in the transaction that finishes it,
//! the delivery choice, passing an offer on to the previous participant, the sweep of lapsed
//! reservations and due reminders (by the database's clock), and the admin's moves
//! (docs/rules/won-items.md, "Won items").

use chrono::{DateTime, Utc};
use deadpool_postgres::GenericClient;
use tokio_postgres::Row;
use tyiyn_actors::ids::Tyiyn;

use crate::input::values::Phone;
use crate::statuses::{ClaimKind, ClaimState, DeliveryMethod, EndReason, OrderState, PayMethod};

use super::notifications::{self, Notice, NotificationRow};
use super::outbox::Outbox;
use super::payments::{self, OrderRow};

macro_rules! q {
    ($name:literal) => {
        include_str!(concat!("../../sql/queries/claim/", $name, ".sql"))
    };
}

/// A won item as the API shows it. Money in tyiyn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimRow {
    pub id: i64,
    pub auction_id: Option<i64>,
    pub user_id: i64,
    pub username: String,
    pub position: i32,
    pub title: String,
    pub image_url: Option<String>,
    pub price: i64,
    pub package_bids: Option<i32>,
    pub state: ClaimState,
    /// `declined` or `lapsed`, for a `passed` or `expired` row.
    pub end_reason: Option<EndReason>,
    pub reserved_until: DateTime<Utc>,
    pub delivery_method: Option<DeliveryMethod>,
    pub delivery_fee: Option<i64>,
    pub address: Option<String>,
    pub phone: Option<String>,
    pub tracking: Option<String>,
    pub created_at: DateTime<Utc>,
    pub paid_at: Option<DateTime<Utc>>,
    pub shipped_at: Option<DateTime<Utc>>,
    pub delivered_at: Option<DateTime<Utc>>,
    /// The latest order paying for it, and that order's state.
    pub order: Option<(i64, OrderState)>,
    /// `won`, or `buy_now` with the retail price and the bids' value it was reduced by.
    pub kind: ClaimKind,
    pub buy_now: Option<(i64, i64)>,
}

impl ClaimRow {
    fn from_row(r: &Row) -> ClaimRow {
        let order_id: Option<i64> = r.get(21);
        ClaimRow {
            id: r.get(0),
            auction_id: r.get(1),
            user_id: r.get(2),
            username: r.get(3),
            position: r.get(4),
            title: r.get(5),
            image_url: r.get(6),
            price: r.get(7),
            package_bids: r.get(8),
            state: ClaimState::parse(r.get(9)),
            end_reason: r.get::<_, Option<&str>>(10).map(EndReason::parse),
            reserved_until: r.get(11),
            delivery_method: r.get::<_, Option<&str>>(12).and_then(DeliveryMethod::parse),
            delivery_fee: r.get(13),
            address: r.get(14),
            phone: r.get(15),
            tracking: r.get(16),
            created_at: r.get(17),
            paid_at: r.get(18),
            shipped_at: r.get(19),
            delivered_at: r.get(20),
            order: order_id.map(|id| (id, OrderState::parse(r.get(22)))),
            kind: ClaimKind::parse(r.get(23)),
            buy_now: r.get::<_, Option<i64>>(24).zip(r.get::<_, Option<i64>>(25)),
        }
    }
}

/// Which won items to read.
#[derive(Debug, Clone, Copy, Default)]
pub struct Filter<'a> {
    pub id: Option<i64>,
    pub user: Option<i64>,
    pub state: Option<&'a str>,
}

/// Won items matching `filter`, newest first, `limit` rows after `offset`.
pub async fn select(
    db: &impl GenericClient,
    filter: Filter<'_>,
    limit: i64,
    offset: i64,
) -> Result<Vec<ClaimRow>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_claims")).await?;
    let rows = db.query(&stmt, &[&filter.id, &filter.user, &filter.state, &limit, &offset]).await?;
    Ok(rows.iter().map(ClaimRow::from_row).collect())
}

/// One won item.
pub async fn get(db: &impl GenericClient, id: i64) -> Result<Option<ClaimRow>, tokio_postgres::Error> {
    Ok(select(db, Filter { id: Some(id), ..Filter::default() }, 1, 0).await?.pop())
}

/// How many won items are in `state` (all when `None`).
pub async fn count(db: &impl GenericClient, state: Option<&str>) -> Result<i64, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("count_claims")).await?;
    Ok(db.query_one(&stmt, &[&state]).await?.get(0))
}

/// A won item locked for a decision, with what the decision needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Locked {
    pub id: i64,
    pub user_id: i64,
    pub state: ClaimState,
    pub delivery_method: Option<DeliveryMethod>,
    pub price: i64,
    pub package_bids: Option<i32>,
    /// Whether the reservation still runs by the database's clock.
    pub in_time: bool,
    /// The latest order paying for it.
    pub latest_order: Option<i64>,
}

impl Locked {
    /// Reserved or claimed: still offered to its holder.
    pub fn is_open(&self) -> bool {
        self.state.is_open()
    }
}

/// The won item, locked `for update` until the transaction ends.
pub async fn lock(db: &impl GenericClient, id: i64) -> Result<Option<Locked>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("lock_claim")).await?;
    let Some(r) = db.query_opt(&stmt, &[&id]).await? else {
        return Ok(None);
    };
    let latest = db.prepare_cached(q!("select_latest_order")).await?;
    let latest_order = db.query_one(&latest, &[&id]).await?.get(0);
    Ok(Some(Locked {
        id: r.get(0),
        user_id: r.get(1),
        state: ClaimState::parse(r.get(2)),
        delivery_method: r.get::<_, Option<&str>>(3).and_then(DeliveryMethod::parse),
        price: r.get(4),
        package_bids: r.get(5),
        in_time: r.get(6),
        latest_order,
    }))
}

/// A new offer of a won item.
#[derive(Debug, Clone)]
pub struct Offer<'a> {
    pub auction: i64,
    pub user: i64,
    pub position: i32,
    pub title: &'a str,
    pub price: i64,
    pub package_bids: Option<i32>,
    /// Hours it stays reserved, from the database's now.
    pub reserve_hours: i32,
}

/// Offers a won item: the claim row, and the notification that tells its holder (`auction_won`
/// for the winner, `claim_passed` further down) with its outbox messages, all in the caller's
/// transaction.
pub async fn offer(
    db: &impl GenericClient,
    outbox: &Outbox,
    o: &Offer<'_>,
) -> Result<NotificationRow, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("insert_claim")).await?;
    let row = db
        .query_one(
            &stmt,
            &[&o.auction, &o.user, &o.position, &o.title, &o.price, &o.package_bids, &o.reserve_hours],
        )
        .await?;
    let (id, until): (i64, DateTime<Utc>) = (row.get(0), row.get(1));
    let (title, claim_id, until) = (Some(o.title.to_owned()), id, Some(until));
    let notice = if o.position == 1 {
        let final_price = Some(tyiyn_actors::ids::Tyiyn(o.price).to_som_string());
        Notice::AuctionWon { title, claim_id, until, final_price }
    } else {
        Notice::ClaimPassed { title, claim_id, until, amount: Some(o.price) }
    };
    notifications::insert(db, outbox, o.user, Some(o.auction), &notice).await
}

/// The holder's delivery choice on a locked, open claim: the claim becomes `claimed` with it,
/// earlier pending orders fail, and a new pending order of `price + fee` is made. Returns the new
/// order and the failed ones.
pub async fn choose_delivery(
    db: &impl GenericClient,
    claim: &Locked,
    choice: &Delivery,
    provider: &str,
) -> Result<(OrderRow, Vec<OrderRow>), tokio_postgres::Error> {
    let failed = payments::fail_claim_orders(db, claim.id).await?;
    let stmt = db.prepare_cached(q!("choose_delivery")).await?;
    db.execute(&stmt, &[&claim.id, &choice.method.as_str(), &choice.fee.0, &choice.address, &choice.phone])
        .await?;
    let bids = claim.package_bids.unwrap_or(0);
    let amount = claim.price + choice.fee.0;
    let order =
        payments::insert_claim_order(db, claim.user_id, claim.id, bids, amount, (provider, choice.pay_by))
            .await?;
    Ok((order, failed))
}

/// A delivery choice, validated.
#[derive(Debug, Clone)]
pub struct Delivery {
    /// `pickup`, `courier` or `region`.
    pub method: DeliveryMethod,
    pub fee: Tyiyn,
    pub address: Option<String>,
    pub phone: Phone,
    /// How its order is paid.
    pub pay_by: PayMethod,
}

/// What passing an offer on changed.
#[derive(Debug, Default)]
pub struct PassedOn {
    /// Notifications to deliver after the commit (`claim_passed` to the next participant).
    pub notifications: Vec<NotificationRow>,
    /// Pending orders of the ended offer, now failed.
    pub failed_orders: Vec<OrderRow>,
}

/// Ends the open offer `claim` (locked by the caller) as `declined` or `lapsed` and offers the
/// item to the previous distinct participant at their own last bid's price; with nobody left, or
/// for a Buy It Now, the offer is `expired` instead of `passed`. `None` when the offer was not open.
pub async fn pass_on(
    db: &impl GenericClient,
    outbox: &Outbox,
    claim: i64,
    reason: EndReason,
    reserve_hours: i32,
) -> Result<Option<PassedOn>, tokio_postgres::Error> {
    // Ended first as `passed`: the next offer may not exist while this one is open.
    let end = db.prepare_cached(q!("end_claim")).await?;
    let Some(ended) = db.query_opt(&end, &[&claim, &ClaimState::Passed.as_str(), &reason.as_str()]).await?
    else {
        return Ok(None);
    };
    let (auction, position, title, package_bids): (Option<i64>, i32, String, Option<i32>) =
        (ended.get(0), ended.get(1), ended.get(2), ended.get(3));
    // A Buy It Now is its buyer's own: it never passes to anyone.
    let auction = auction.filter(|_| ended.get::<_, &str>(4) == "won");
    let mut passed =
        PassedOn { failed_orders: payments::fail_claim_orders(db, claim).await?, ..Default::default() };
    let next = match auction {
        Some(auction) => {
            let hold = db.prepare_cached(q!("lock_auction_key")).await?;
            db.execute(&hold, &[&auction]).await?;
            let stmt = db.prepare_cached(q!("select_next_participant")).await?;
            db.query_opt(&stmt, &[&auction]).await?.map(|r| (auction, r.get::<_, i64>(0), r.get::<_, i64>(1)))
        }
        None => None,
    };
    match next {
        Some((auction, user, price)) => {
            let offer = Offer {
                auction,
                user,
                position: position + 1,
                title: &title,
                price,
                package_bids,
                reserve_hours,
            };
            passed.notifications.push(self::offer(db, outbox, &offer).await?);
        }
        None => {
            let stmt = db.prepare_cached(q!("expire_claim")).await?;
            db.execute(&stmt, &[&claim]).await?;
        }
    }
    Ok(Some(passed))
}

/// Marks a locked, open claim paid.
pub async fn mark_paid(db: &impl GenericClient, claim: i64) -> Result<bool, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("mark_paid")).await?;
    Ok(db.execute(&stmt, &[&claim]).await? == 1)
}

/// Up to `limit` open offers whose reservation has ended, locked (others' locks skipped).
pub async fn lock_lapsed(db: &impl GenericClient, limit: i64) -> Result<Vec<i64>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_lapsed")).await?;
    Ok(db.query(&stmt, &[&limit]).await?.iter().map(|r| r.get(0)).collect())
}

/// Marks up to `limit` open offers ending within `remind_hours` reminded, once each, and stores
/// their notifications: `reservation_expiring` for a won item, `buy_now_expiring` for a Buy It
/// Now purchase (which lapses instead of passing on).
pub async fn remind(
    db: &impl GenericClient,
    outbox: &Outbox,
    remind_hours: i32,
    limit: i64,
) -> Result<Vec<NotificationRow>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("mark_reminded")).await?;
    let mut notices = Vec::new();
    for r in db.query(&stmt, &[&remind_hours, &limit]).await? {
        let (id, user, auction, title, until): (i64, i64, Option<i64>, String, DateTime<Utc>) =
            (r.get(0), r.get(1), r.get(2), r.get(3), r.get(4));
        let (title, claim_id, until) = (Some(title), id, Some(until));
        let notice = match ClaimKind::parse(r.get(5)) {
            ClaimKind::BuyNow => Notice::BuyNowExpiring { title, claim_id, until },
            ClaimKind::Won => Notice::ReservationExpiring { title, claim_id, until },
        };
        notices.push(notifications::insert(db, outbox, user, auction, &notice).await?);
    }
    Ok(notices)
}

/// Paid → shipped (not for pickup) with an optional tracking note; `false` when not allowed.
pub async fn ship(
    db: &impl GenericClient,
    claim: i64,
    tracking: Option<&str>,
) -> Result<bool, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("mark_shipped")).await?;
    Ok(db.query_opt(&stmt, &[&claim, &tracking]).await?.is_some())
}

/// Shipped → delivered, or paid → delivered for pickup; `false` when not allowed.
pub async fn deliver(db: &impl GenericClient, claim: i64) -> Result<bool, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("mark_delivered")).await?;
    Ok(db.query_opt(&stmt, &[&claim]).await?.is_some())
}
