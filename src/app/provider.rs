//! The payment-provider port: what the use cases ask of whoever takes the money (the payment
//! page of an order, a verified reading of the provider's callback, the answer it expects, a
//! confirmation of a payment's status), and the API's views of packages and orders. The use cases
//! own it; its implementations are the adapters in `crate::payments` (Freedom Pay's card page,
//! the demo provider), chosen at start from config (`crate::payments::from_settings`). A provider
//! never credits anything: `app::payments::process` credits, once, in one transaction
//! (docs/rules/payments.md, "Buying bids").

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use futures_util::future::BoxFuture;
use serde::Serialize;
use tyiyn_actors::ids::Tyiyn;
use utoipa::ToSchema;

use crate::db::payments::{OrderRow, PackageRow};
pub use crate::statuses::{OrderKind, OrderState, PayMethod};

/// The currency every order is paid in.
pub const CURRENCY: &str = "KGS";

/// A bid package on sale.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Package {
    pub id: i32,
    /// Bids credited when the package is paid.
    pub bids: i32,
    /// What the package costs.
    pub price: Tyiyn,
    /// The price before the discount.
    pub original_price: Tyiyn,
    /// `originalPrice − price`.
    pub savings: Tyiyn,
    /// Whether the package is the highlighted one.
    pub popular: bool,
    /// The price of one bid: `price / bids`, rounded to the tyiyn.
    pub price_per_bid: Tyiyn,
}

impl From<&PackageRow> for Package {
    fn from(p: &PackageRow) -> Package {
        let bids = i64::from(p.bids.max(1));
        Package {
            id: p.id,
            bids: p.bids,
            price: Tyiyn(p.price),
            original_price: Tyiyn(p.original_price),
            savings: Tyiyn(p.original_price - p.price),
            popular: p.popular,
            price_per_bid: Tyiyn((p.price + bids / 2) / bids),
        }
    }
}

/// A payment: a purchase of a package, or of a won item with its delivery.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Order {
    pub id: i64,
    pub state: OrderState,
    pub kind: OrderKind,
    /// The package bought (`package` orders).
    #[schema(required)]
    pub package_id: Option<i32>,
    /// The won item paid for (`claim` orders).
    #[schema(required)]
    pub claim_id: Option<i64>,
    /// Bids credited when paid (copied from the catalogue when the order was made; for a won
    /// item, the bids of a won bid package, else 0).
    pub bids: i32,
    /// What the order costs (copied from the catalogue when the order was made; for a won item,
    /// its price plus delivery).
    pub amount: Tyiyn,
    /// Always `KGS`.
    #[schema(example = "KGS")]
    pub currency: String,
    /// `card` (the card provider's page) or `qr` (an ELQR link any Kyrgyz bank app pays).
    pub method: PayMethod,
    /// Where the buyer pays: the card provider's page (open it in a new tab), or, for a QR order,
    /// our own page with the QR code and the bank apps' buttons (`/pay/{orderId}`).
    #[schema(example = "/pay/demo/12")]
    pub payment_url: String,
    /// A QR order's payment link while it has one; `null` for a card order.
    #[schema(required)]
    pub qr: Option<QrView>,
    pub created_at: DateTime<Utc>,
    #[schema(required)]
    pub paid_at: Option<DateTime<Utc>>,
}

/// A QR order's payment: one dynamic ELQR link for the order's exact amount.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QrView {
    /// The universal link (`https://pay.payqr.kg/#…`, or the provider's own): on a phone it opens
    /// the payer's bank app; on a screen, its QR code is what a bank app scans.
    #[schema(example = "https://pay.payqr.kg/#000201010212…6304ab12")]
    pub link: String,
    /// Until when it may be paid; after, `POST /api/payments/orders/{orderId}/qr` gives a new one.
    pub expires_at: DateTime<Utc>,
    /// The same payment behind each bank app's own link, the universal router first.
    pub banks: Vec<BankLink>,
}

/// One bank app's link to a payment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BankLink {
    /// `payqr`, `mbank`, `odengi`, `bakai`, `finik`, …
    #[schema(example = "mbank")]
    pub id: String,
    #[schema(example = "MBank")]
    pub name: String,
    pub link: String,
}

/// A QR payment a provider opened for an order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QrPayment {
    /// The ELQR link (`https://pay.payqr.kg/#…` or the provider's own prefix).
    pub link: String,
    /// Until when it may be paid.
    pub expires_at: DateTime<Utc>,
}

/// A provider's callback as it arrived.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Callback {
    /// The form fields (or the query's); for a JSON body, its top-level members, each as text.
    pub fields: Vec<(String, String)>,
    /// The body as sent, for a provider that signs it whole.
    pub body: Vec<u8>,
    /// The request's headers, names in lowercase.
    pub headers: Vec<(String, String)>,
}

impl Callback {
    /// A callback of form fields only (the demo's own, and tests').
    pub fn of_fields(fields: Vec<(String, String)>) -> Callback {
        Callback { fields, ..Callback::default() }
    }

    /// The value of header `name` (lowercase).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }
}

/// What a verified callback says about a payment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallbackOutcome {
    /// Our order id.
    pub order_id: i64,
    /// The provider's id of the payment: crediting is keyed on it.
    pub payment_id: String,
    /// What was paid, in tyiyn.
    pub amount: i64,
    /// In which currency.
    pub currency: String,
    /// Paid (`true`) or failed.
    pub paid: bool,
    /// What the provider kept, in tyiyn, where it says (the reconciliation export shows it).
    pub fee: Option<i64>,
}

/// Why a callback was refused before it named an order we could act on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rejection {
    /// No signature.
    Unsigned,
    /// A signature that does not match.
    BadSignature,
    /// Signed, but a field is missing or unreadable.
    Malformed(&'static str),
}

impl Rejection {
    /// The word recorded in `payment_callback.outcome`.
    pub fn outcome(&self) -> &'static str {
        match self {
            Rejection::Unsigned => "unsigned",
            Rejection::BadSignature => "bad_signature",
            Rejection::Malformed(_) => "malformed",
        }
    }
}

/// What we tell the provider about its callback.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Received and processed (credited, already credited, or a failure recorded).
    Ok,
    /// We refuse the payment (unknown order, wrong amount or currency): the provider should not
    /// complete it.
    Rejected,
    /// The callback could not be trusted or read (no or bad signature, missing fields).
    Error,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Ok => "ok",
            Verdict::Rejected => "rejected",
            Verdict::Error => "error",
        }
    }
}

/// An answer to the provider: a content type and a body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    pub content_type: &'static str,
    pub body: String,
}

/// A payment provider. Implementations are cheap to share (`Arc<dyn PaymentProvider>`).
pub trait PaymentProvider: Send + Sync {
    /// `freedompay`, `finik` or `demo`: the `{provider}` of the callback path and
    /// `payment_order.provider`.
    fn name(&self) -> &'static str;

    /// The page where the buyer pays `order` (in `lang`, `ru`/`en`/`ka`/`ky`).
    fn payment_url(&self, order: &OrderRow, lang: &str) -> String;

    /// Verifies the callback's signature and reads it.
    fn parse_callback(&self, callback: &Callback) -> Result<CallbackOutcome, Rejection>;

    /// The answer the provider expects for a callback judged `verdict`, with a description.
    fn answer(&self, verdict: Verdict, description: &str) -> Answer;

    /// Asks the provider whether the payment really succeeded; `Ok(true)` when it did (or when the
    /// provider has no such call or it is not configured).
    fn confirm<'a>(&'a self, _outcome: &'a CallbackOutcome) -> BoxFuture<'a, anyhow::Result<bool>> {
        Box::pin(async { Ok(true) })
    }

    /// The signed callback of `order`, paid or failed, as the provider itself would send it; only
    /// a provider whose payment page is our own (the demo's) can, the others answer `None`.
    fn signed_callback(&self, _order: &OrderRow, _paid: bool) -> Option<Callback> {
        None
    }

    /// Whether it takes payments by QR ([`PaymentProvider::create_qr`]).
    fn takes_qr(&self) -> bool {
        false
    }

    /// Opens a QR payment for `order`'s exact amount, payable until `expires_at`: its ELQR link.
    /// A provider that calls out fails on a timeout or a refusal; nothing is credited either way.
    fn create_qr<'a>(
        &'a self,
        _order: &'a OrderRow,
        _expires_at: DateTime<Utc>,
    ) -> BoxFuture<'a, anyhow::Result<QrPayment>> {
        Box::pin(async { anyhow::bail!("this provider takes no QR payments") })
    }

    /// The same QR payment behind each bank app's own link (`link` as [`QrPayment::link`]).
    fn bank_links(&self, _link: &str) -> Vec<BankLink> {
        Vec::new()
    }
}

/// The configured providers: the card's, the QR payments' (when any), and the demo provider again
/// when it is one of them (its route signs callbacks, which only it can).
#[derive(Clone)]
pub struct Payments {
    /// Card payments (`[payments] provider`).
    pub provider: Arc<dyn PaymentProvider>,
    /// QR payments (`[payments] qr_provider`); `None`: QR is off.
    pub qr: Option<Arc<dyn PaymentProvider>>,
    pub demo: Option<Arc<dyn PaymentProvider>>,
    /// How long a QR link may be paid.
    pub qr_ttl: chrono::Duration,
    /// How many refused callbacks may still be stored this minute.
    pub refused: Arc<RecordBudget>,
}

impl Payments {
    /// The provider of `method`; `None`: that method is off.
    pub fn for_method(&self, method: PayMethod) -> Option<&Arc<dyn PaymentProvider>> {
        match method {
            PayMethod::Card => Some(&self.provider),
            PayMethod::Qr => self.qr.as_ref(),
        }
    }

    /// The configured provider named `name` (the callback path's and the order's).
    pub fn named(&self, name: &str) -> Option<&Arc<dyn PaymentProvider>> {
        std::iter::once(&self.provider).chain(self.qr.as_ref()).find(|p| p.name() == name)
    }
}

/// A budget of records per fixed one-minute window: refused callbacks past it are counted
/// (`tyiyn_payment_callbacks_unrecorded_total`), not stored, so junk posted by anyone cannot grow
/// the `payment_callback` table without bound.
pub struct RecordBudget {
    per_minute: u32,
    window: Mutex<(Instant, u32)>,
}

impl RecordBudget {
    pub fn new(per_minute: u32) -> RecordBudget {
        RecordBudget { per_minute, window: Mutex::new((Instant::now(), 0)) }
    }

    /// Whether one more record may be stored now; counts it as unrecorded otherwise.
    pub fn admit(&self) -> bool {
        // A poisoned lock only means another request panicked mid-count: the count is still usable.
        let mut window = self.window.lock().unwrap_or_else(|e| e.into_inner());
        if window.0.elapsed() >= Duration::from_secs(60) {
            *window = (Instant::now(), 0);
        }
        window.1 = window.1.saturating_add(1);
        let admitted = window.1 <= self.per_minute;
        if !admitted {
            metrics::counter!(crate::metrics::PAYMENT_CALLBACKS_UNRECORDED).increment(1);
        }
        admitted
    }
}

/// Where the buyer pays `order`: its card provider's page, or our page of a QR order.
pub fn payment_url(order: &OrderRow, payments: &Payments, lang: &str) -> String {
    match order.method {
        PayMethod::Qr => format!("/pay/{}", order.id),
        PayMethod::Card => {
            payments.named(&order.provider).unwrap_or(&payments.provider).payment_url(order, lang)
        }
    }
}

/// An order as the API shows it: a card order with its provider's payment page, a QR order with
/// our page and its link (the bank apps' links from its provider).
pub fn order_view(order: &OrderRow, payments: &Payments, lang: &str) -> Order {
    let provider = payments.named(&order.provider).unwrap_or(&payments.provider);
    let qr = match (order.method, &order.qr_link, order.qr_expires_at) {
        (PayMethod::Qr, Some(link), Some(expires_at)) => {
            Some(QrView { link: link.clone(), expires_at, banks: provider.bank_links(link) })
        }
        _ => None,
    };
    let payment_url = payment_url(order, payments, lang);
    Order {
        id: order.id,
        state: order.state,
        kind: order.kind,
        package_id: order.package_id,
        claim_id: order.claim_id,
        bids: order.bids,
        amount: Tyiyn(order.amount),
        currency: order.currency.clone(),
        method: order.method,
        payment_url,
        qr,
        created_at: order.created_at,
        paid_at: order.paid_at,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_package_shows_its_savings_and_the_price_of_one_bid() {
        let p = Package::from(&PackageRow {
            id: 1,
            bids: 50,
            price: 75_000,
            original_price: 100_000,
            popular: false,
        });
        assert_eq!((p.savings, p.price_per_bid), (Tyiyn(25_000), Tyiyn(1_500)));
    }
}
