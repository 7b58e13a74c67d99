//! Won items on the wire ([`Claim`], the delivery methods and their fees, the delivery form). The
//! use cases are `crate::app::claims` (docs/rules/won-items.md, "Won items"); the SQL is in `db::claims`.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use tyiyn_actors::ids::Tyiyn;
use utoipa::ToSchema;

use crate::app::provider::{Order, Payments};
use crate::config::ClaimSettings;
use crate::db;
use crate::db::claims::{ClaimRow, Delivery};
use crate::db::payments::OrderRow;
use crate::error::AppError;
use crate::i18n::Msg;
use crate::input::form::required;
use crate::input::parse;
pub use crate::statuses::{ClaimKind, ClaimState, DeliveryMethod, EndReason};
use crate::statuses::{OrderState, PayMethod};

/// A delivery method on offer and what it costs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct DeliveryOption {
    pub method: DeliveryMethod,
    pub fee: Tyiyn,
}

/// The delivery methods with their fees.
pub fn delivery_options(cfg: &ClaimSettings) -> Vec<DeliveryOption> {
    DeliveryMethod::ALL
        .into_iter()
        .map(|method| DeliveryOption { method, fee: Tyiyn(method.fee(cfg)) })
        .collect()
}

/// A won item offered to one participant: the winner (`position` 1) or, after a decline or a
/// lapse, each previous participant in turn (a new claim each time; the old one stays `passed`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Claim {
    pub id: i64,
    /// `null` once the auction is deleted.
    #[schema(required)]
    pub auction_id: Option<i64>,
    pub title: String,
    #[schema(required)]
    pub image_url: Option<String>,
    /// What this participant pays for the item: the final price for the winner, their own last
    /// bid's price further down.
    pub price: Tyiyn,
    /// Bids credited when paid, for a bid-package auction.
    #[schema(required)]
    pub package_bids: Option<i32>,
    pub state: ClaimState,
    /// Why a `passed` or `expired` offer ended.
    #[schema(required)]
    pub end_reason: Option<EndReason>,
    /// 1 for the winner, 2 for the first participant it passed to, …
    pub position: i32,
    /// Until when it is reserved: delivery must be chosen and paid by then.
    pub reserved_until: DateTime<Utc>,
    #[schema(required)]
    pub delivery_method: Option<DeliveryMethod>,
    #[schema(required)]
    pub delivery_fee: Option<Tyiyn>,
    /// `price + deliveryFee`, once delivery is chosen.
    #[schema(required)]
    pub total: Option<Tyiyn>,
    #[schema(required)]
    pub address: Option<String>,
    #[schema(required)]
    pub phone: Option<String>,
    /// The carrier's tracking note, once shipped.
    #[schema(required)]
    pub tracking: Option<String>,
    /// The latest order paying for it.
    #[schema(required)]
    pub order_id: Option<i64>,
    /// The payment page of its pending order; open it in a new tab.
    #[schema(required)]
    pub payment_url: Option<String>,
    pub created_at: DateTime<Utc>,
    #[schema(required)]
    pub paid_at: Option<DateTime<Utc>>,
    #[schema(required)]
    pub shipped_at: Option<DateTime<Utc>>,
    #[schema(required)]
    pub delivered_at: Option<DateTime<Utc>>,
    /// `won`, or `buyNow`: bought after losing the auction (Buy It Now).
    pub kind: ClaimKind,
    /// For a Buy It Now: the retail price and the value of the bids spent, which `price` is the
    /// difference of.
    #[schema(required)]
    pub buy_now: Option<BuyNowPrice>,
}

/// A Buy It Now's price: the retail price less the value of the bids spent on the auction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BuyNowPrice {
    pub retail_price: Tyiyn,
    pub bid_credit: Tyiyn,
}

/// A won item as admins list it: the claim and its holder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminClaim {
    #[serde(flatten)]
    pub claim: Claim,
    pub user_id: i64,
    pub username: String,
}

/// The wire form of `row`; `pending` is its latest order when that one awaits payment.
pub fn view(row: &ClaimRow, pending: Option<&OrderRow>, payments: &Payments, lang: &str) -> Claim {
    let fee = row.delivery_fee;
    Claim {
        id: row.id,
        auction_id: row.auction_id,
        title: row.title.clone(),
        image_url: row.image_url.clone(),
        price: Tyiyn(row.price),
        package_bids: row.package_bids,
        state: row.state,
        end_reason: row.end_reason,
        position: row.position,
        reserved_until: row.reserved_until,
        delivery_method: row.delivery_method,
        delivery_fee: fee.map(Tyiyn),
        total: fee.map(|f| Tyiyn(row.price + f)),
        address: row.address.clone(),
        phone: row.phone.clone(),
        tracking: row.tracking.clone(),
        order_id: row.order.as_ref().map(|(id, _)| *id),
        payment_url: pending
            .filter(|o| o.state == OrderState::Pending)
            .map(|o| crate::app::provider::payment_url(o, payments, lang)),
        created_at: row.created_at,
        paid_at: row.paid_at,
        shipped_at: row.shipped_at,
        delivered_at: row.delivered_at,
        kind: row.kind,
        buy_now: row
            .buy_now
            .map(|(retail, credit)| BuyNowPrice { retail_price: Tyiyn(retail), bid_credit: Tyiyn(credit) }),
    }
}

/// The wire forms of `rows`, with the payment pages of their pending orders (one query).
pub async fn views(
    db: &impl deadpool_postgres::GenericClient,
    rows: &[ClaimRow],
    payments: &Payments,
    lang: &str,
) -> Result<Vec<Claim>, tokio_postgres::Error> {
    let pending: Vec<i64> = rows
        .iter()
        .filter_map(|r| r.order.as_ref().filter(|(_, s)| *s == OrderState::Pending).map(|(id, _)| *id))
        .collect();
    let orders =
        if pending.is_empty() { Vec::new() } else { db::payments::orders_by_id(db, &pending).await? };
    Ok(rows
        .iter()
        .map(|r| {
            let order = r.order.as_ref().and_then(|(id, _)| orders.iter().find(|o| o.id == *id));
            view(r, order, payments, lang)
        })
        .collect())
}

/// One won item.
#[derive(Serialize, ToSchema)]
pub struct ClaimBody {
    pub claim: Claim,
}

/// The won item with its delivery chosen, and the order that pays for it.
#[derive(Serialize, ToSchema)]
pub struct ClaimOrder {
    pub claim: Claim,
    /// A `claim` order of the item's price plus delivery; open its `paymentUrl`.
    pub order: Order,
}

/// The delivery form.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryBody {
    /// `pickup`, `courier` or `region`.
    #[schema(value_type = String, required, pattern = "^(pickup|courier|region)$", example = "courier")]
    method: Option<String>,
    /// Where to deliver (courier and region: 5–300 characters; ignored for pickup).
    #[schema(example = "Бишкек, ул. Киевская 77, кв. 5")]
    address: Option<String>,
    /// `+996` and nine digits.
    #[schema(value_type = String, required, example = "+996555123456")]
    phone: Option<String>,
    /// How the order is paid: `card` (absent: `card`) or `qr` (an ELQR link any bank app pays).
    #[schema(value_type = Option<String>, pattern = "^(card|qr)$", example = "qr")]
    payment_method: Option<String>,
}

/// The form, validated: the method, the address it needs, the phone.
pub fn delivery(body: &DeliveryBody, cfg: &ClaimSettings) -> Result<Delivery, AppError> {
    let mut errors = Vec::new();
    let method = body.method.as_deref().map(str::trim).and_then(DeliveryMethod::parse);
    if method.is_none() {
        errors.push(("method", Msg::DeliveryMethodInvalid));
    }
    let address = body.address.as_deref().map(str::trim).filter(|a| !a.is_empty());
    let address = match method {
        Some(m) if m.needs_address() => match address {
            Some(a) if (5..=300).contains(&a.chars().count()) => Some(a.to_owned()),
            _ => {
                errors.push(("address", Msg::AddressRequired));
                None
            }
        },
        _ => None,
    };
    let phone = required(&mut errors, "phone", body.phone.as_deref(), Msg::PhoneInvalid, parse::phone);
    let pay_by = match body.payment_method.as_deref().map(str::trim) {
        None => Some(PayMethod::Card),
        Some(word) => PayMethod::from_request(word),
    };
    if pay_by.is_none() {
        errors.push(("paymentMethod", Msg::PayMethodInvalid));
    }
    AppError::check(errors)?;
    let (Some(method), Some(phone), Some(pay_by)) = (method, phone, pay_by) else {
        return Err(AppError::BadRequest(Msg::ValidationFailed));
    };
    Ok(Delivery { method, fee: Tyiyn(method.fee(cfg)), address, phone, pay_by })
}
