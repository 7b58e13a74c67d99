//! GoPay (Kyrgyzstan, gopay.kg): payments by ELQR link, as its merchant API documents it
//! (doc.gopay.kg/v1; the official Postman collection in `gopay-kg/gopay-api-docs`; the Android
//! SDK `gopay-kg/android-sdk`).
//!
//! - Every request is a JSON `POST` to `{host}/v1/…` with the headers `GoPay-Api-Key`,
//!   `GoPay-Nonce` (a fresh random text of at most 32 characters) and `GoPay-Signature`: the
//!   upper-case hex HMAC-SHA512, keyed with the secret key, of `nonce + "\n" + body + "\n"`, over
//!   the very bytes sent ([`signature`]). The answer is always HTTP 200: `{"status": "OK",
//!   "code", "data"}`, or `{"status": "FAIL", "code", "error_message"}` (4001 bad signature, 4002
//!   missing header, 4004 bad parameter, 4005 duplicate `order_id`, 5001 server error).
//! - `POST /v1/payments` with `order_id` (at most 32 characters, unique per merchant), `amount`
//!   (som as a decimal string, `"750.00"`), `description`, `lifetime` (300 to 86,400 seconds),
//!   `callback_url` and `testing_mode` opens a payment: `data` holds `payment_id`, `status`
//!   (`CREATED`), `qr_data` (the ELQR link, `https://pay.payqr.kg#000201…`), `checkout_url`,
//!   `app_links` and `expires_at` ([`GoPay::create_qr`]).
//! - `POST /v1/payments/query` with `payment_id` answers the same `data`, `status` then `CREATED`,
//!   `PENDING`, `COMMITTED` (paid), `FAILED` or `EXPIRED` ([`GoPay::confirm`]).
//! - GoPay posts the outcome to `callback_url` (our `/api/payments/callback/gopay`), signed with
//!   `GoPay-Nonce` and `GoPay-Signature` the same way over the raw body, keyed with the webhook
//!   secret ([`GoPay::parse_callback`]).
//!
//! What the documentation leaves open, and what this module does about it:
//! - The callback's body: it reads the payment either at the top level or under `data` (the
//!   webhook events' envelope, `{"event": "payment.committed", "data": {…}}`), with the fields of
//!   the payment object (`payment_id`, `order_id`, `amount`, `status`); `currency` is `KGS` when
//!   absent, `fee` is read when present. A callback is only a hint: nothing is credited before
//!   `/v1/payments/query` says `COMMITTED` for the same payment, order and amount.
//! - The answer GoPay expects to a callback: none is documented; we answer 200 with JSON in
//!   GoPay's own envelope ([`GoPay::answer`]).
//! - `order_id` must be unique per merchant, and a QR order gets a new link after the first
//!   expires: our order number is `{order id}-{10 random hex digits}` ([`order_number`]).

use std::time::Duration;

use anyhow::Context as _;
use chrono::{DateTime, Utc};
use futures_util::future::BoxFuture;
use hmac::{Hmac, KeyInit, Mac};
use serde::Deserialize;
use serde_json::json;
use serde_json::value::RawValue;
use sha2::Sha512;
use tyiyn_actors::ids::Tyiyn;

use super::{elqr, parse_som, same_signature};
use crate::app::provider::{
    Answer, BankLink, CURRENCY, Callback, CallbackOutcome, PaymentProvider, QrPayment, Rejection, Verdict,
};
use crate::config::{PaymentSettings, Secret};
use crate::db::payments::OrderRow;

#[cfg(test)]
mod tests;

/// The provider's name in paths and rows.
pub const NAME: &str = "gopay";

/// The shortest and longest life GoPay gives a payment, in seconds.
const LIFETIME: (i64, i64) = (300, 86_400);

/// `GoPay-Signature` of `body` sent with `nonce`: the upper-case hex HMAC-SHA512, keyed with
/// `secret`, of `nonce + "\n" + body + "\n"`.
pub fn signature(secret: &str, nonce: &str, body: &[u8]) -> String {
    // HMAC takes a key of any length.
    let mut mac = <Hmac<Sha512> as KeyInit>::new_from_slice(secret.as_bytes()).expect("any key length");
    mac.update(nonce.as_bytes());
    mac.update(b"\n");
    mac.update(body);
    mac.update(b"\n");
    hex::encode_upper(mac.finalize().into_bytes())
}

/// A GoPay `order_id` for a new link of `order`: our order id, a dash and 10 random hex digits
/// (GoPay refuses an `order_id` twice, and a renewed link is a new payment; at most 30 characters).
pub fn order_number(order: i64) -> String {
    format!("{order}-{}", hex::encode(rand::random::<[u8; 5]>()))
}

/// Our order id in GoPay's `order_id` ([`order_number`]).
pub fn our_order(number: &str) -> Option<i64> {
    let id = number.split_once('-').map_or(number, |(id, _)| id);
    id.parse().ok().filter(|id| *id > 0)
}

/// Tyiyn from an amount as JSON gives it, exactly: `"750.00"` or `750.5` (never through a float).
fn amount_of(raw: &RawValue) -> Option<i64> {
    let text = raw.get();
    match text.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
        Some(quoted) => parse_som(quoted),
        None => parse_som(text),
    }
}

/// GoPay's answer: `status` `OK` with `data`, or `FAIL` with a code and a message.
#[derive(Debug, Deserialize)]
struct Envelope<'a> {
    status: String,
    #[serde(default)]
    code: serde_json::Value,
    #[serde(default)]
    error_message: Option<String>,
    #[serde(borrow)]
    data: Option<Payment<'a>>,
}

/// A payment as GoPay describes it (`data` of `/v1/payments` and `/v1/payments/query`).
#[derive(Debug, Deserialize)]
struct Payment<'a> {
    payment_id: String,
    order_id: String,
    #[serde(borrow)]
    amount: &'a RawValue,
    status: String,
    #[serde(default)]
    qr_data: Option<String>,
    #[serde(default)]
    expires_at: Option<DateTime<Utc>>,
}

/// The payment of an `OK` answer; an error naming the code and message of a `FAIL`.
fn payment_of<'a>(text: &'a str, call: &str) -> anyhow::Result<Payment<'a>> {
    let envelope: Envelope<'a> =
        serde_json::from_str(text).with_context(|| format!("{call}: an answer that is not GoPay's JSON"))?;
    if envelope.status != "OK" {
        let message = envelope.error_message.unwrap_or_default();
        anyhow::bail!("{call}: {} (code {})", message, envelope.code);
    }
    envelope.data.with_context(|| format!("{call}: OK without data"))
}

/// The QR payment GoPay opened for `order` as order `number`, once its link is checked: GoPay's
/// own fields name that order and amount, and its ELQR link verifies and carries the order's
/// exact amount (field 54). Anything else is refused: a link for another amount is never shown.
fn checked_qr(
    order: &OrderRow,
    number: &str,
    payment: &Payment<'_>,
    asked: DateTime<Utc>,
) -> anyhow::Result<QrPayment> {
    if payment.order_id != number {
        anyhow::bail!("GoPay opened order {:?}, not {number:?}", payment.order_id);
    }
    if amount_of(payment.amount) != Some(order.amount) {
        anyhow::bail!(
            "GoPay opened {} som, not {}",
            payment.amount.get(),
            Tyiyn(order.amount).to_som_string()
        );
    }
    let link = payment.qr_data.as_deref().filter(|l| !l.is_empty()).context("GoPay gave no qr_data")?;
    let read = elqr::parse_verified(link).context("GoPay's qr_data is not a valid ELQR link")?;
    if read.amount != Some(Tyiyn(order.amount)) {
        let found = read.amount.map_or("none".to_owned(), |a| a.to_som_string());
        anyhow::bail!(
            "GoPay's link is for {found} som, the order for {}",
            Tyiyn(order.amount).to_som_string()
        );
    }
    Ok(QrPayment { link: link.to_owned(), expires_at: payment.expires_at.unwrap_or(asked) })
}

/// The GoPay adapter.
pub struct GoPay {
    api_key: Secret,
    secret_key: Secret,
    webhook_secret: Secret,
    host: String,
    testing_mode: bool,
    callback_url: String,
    client: reqwest::Client,
}

impl GoPay {
    pub fn new(settings: &PaymentSettings) -> anyhow::Result<GoPay> {
        let gp = &settings.gopay;
        if gp.api_key.is_empty() || gp.secret_key.is_empty() {
            anyhow::bail!("payments.gopay: api_key and secret_key are required for qr_provider gopay");
        }
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(gp.timeout_secs.clamp(1, 60)))
            .build()
            .context("building the GoPay HTTP client")?;
        let public_url = settings.public_url.trim_end_matches('/');
        Ok(GoPay {
            api_key: gp.api_key.clone(),
            secret_key: gp.secret_key.clone(),
            webhook_secret: if gp.webhook_secret.is_empty() {
                gp.secret_key.clone()
            } else {
                gp.webhook_secret.clone()
            },
            host: gp.host.trim_end_matches('/').to_owned(),
            testing_mode: gp.testing_mode,
            callback_url: format!("{public_url}/api/payments/callback/{NAME}"),
            client,
        })
    }

    /// The body of `/v1/payments` for `order`, as order `number`, payable until `expires_at`.
    fn create_body(&self, order: &OrderRow, number: &str, expires_at: DateTime<Utc>) -> serde_json::Value {
        let description = match order.claim_id {
            Some(claim) => format!("Tyiyn: won item {claim}"),
            None => format!("Tyiyn: {} bids", order.bids),
        };
        let lifetime = (expires_at - Utc::now()).num_seconds().clamp(LIFETIME.0, LIFETIME.1);
        let mut body = json!({
            "order_id": number,
            "amount": Tyiyn(order.amount).to_som_string(),
            "description": description,
            "lifetime": lifetime,
            "callback_url": self.callback_url,
        });
        if self.testing_mode {
            body["testing_mode"] = json!(true);
        }
        body
    }

    /// Calls `path` with `body`, signed: the answer's text.
    async fn call(&self, path: &str, body: &serde_json::Value) -> anyhow::Result<String> {
        let body = serde_json::to_string(body).context("writing the request")?;
        let nonce = hex::encode(rand::random::<[u8; 16]>());
        let sig = signature(self.secret_key.expose(), &nonce, body.as_bytes());
        let res = self
            .client
            .post(format!("{}{path}", self.host))
            .header("content-type", "application/json")
            .header("GoPay-Api-Key", self.api_key.expose())
            .header("GoPay-Nonce", nonce)
            .header("GoPay-Signature", sig)
            .body(body)
            .send()
            .await
            .with_context(|| format!("calling GoPay {path}"))?;
        let res = res.error_for_status().with_context(|| format!("GoPay {path} answered"))?;
        res.text().await.with_context(|| format!("reading GoPay {path}"))
    }

    /// Whether `/v1/payments/query` says `outcome`'s payment is `COMMITTED` for its order and
    /// amount. A `FAIL` (an unknown payment) is a no; GoPay's own server error (5xxx) is an error,
    /// so the callback is answered 503 and comes again.
    async fn committed(&self, outcome: &CallbackOutcome) -> anyhow::Result<bool> {
        let path = "/v1/payments/query";
        let text = self.call(path, &json!({ "payment_id": outcome.payment_id })).await?;
        let envelope: Envelope<'_> = serde_json::from_str(&text).context("GoPay's query answer")?;
        let Some(payment) = envelope.data.filter(|_| envelope.status == "OK") else {
            let code = envelope.code.as_str().map_or(envelope.code.to_string(), str::to_owned);
            if code.starts_with('5') {
                anyhow::bail!("GoPay {path}: {} (code {code})", envelope.error_message.unwrap_or_default());
            }
            return Ok(false);
        };
        Ok(payment.status == "COMMITTED"
            && payment.payment_id == outcome.payment_id
            && our_order(&payment.order_id) == Some(outcome.order_id)
            && amount_of(payment.amount) == Some(outcome.amount))
    }
}

/// The top-level members of a JSON object, each as it was written.
type Members = std::collections::BTreeMap<String, Box<RawValue>>;

/// The value of member `name` as text: a string's contents, or a number as written.
fn text(members: &Members, name: &str) -> Option<String> {
    let raw = members.get(name)?.get();
    if raw.starts_with('"') {
        serde_json::from_str(raw).ok()
    } else {
        raw.parse::<serde_json::Number>().is_ok().then(|| raw.to_owned())
    }
}

/// Reads a callback's body, whose signature was verified: the payment at the top level or under
/// `data`; names the first missing or unreadable field.
pub fn read_callback(body: &[u8]) -> Result<CallbackOutcome, Rejection> {
    let top: Members = serde_json::from_slice(body).map_err(|_| Rejection::Malformed("body"))?;
    let inner = match top.get("data") {
        Some(data) if data.get().starts_with('{') => {
            Some(serde_json::from_str::<Members>(data.get()).map_err(|_| Rejection::Malformed("data"))?)
        }
        _ => None,
    };
    let p = inner.as_ref().unwrap_or(&top);
    let order_id = text(p, "order_id").and_then(|n| our_order(&n)).ok_or(Rejection::Malformed("order_id"))?;
    let payment_id =
        text(p, "payment_id").filter(|id| !id.trim().is_empty()).ok_or(Rejection::Malformed("payment_id"))?;
    let amount = p.get("amount").and_then(|a| amount_of(a)).ok_or(Rejection::Malformed("amount"))?;
    let event = text(&top, "event").unwrap_or_default();
    let paid = match text(p, "status").as_deref() {
        Some("COMMITTED") => true,
        Some("FAILED" | "EXPIRED") => false,
        None if event == "payment.committed" => true,
        None if event == "payment.failed" => false,
        _ => return Err(Rejection::Malformed("status")),
    };
    Ok(CallbackOutcome {
        order_id,
        payment_id: payment_id.trim().to_owned(),
        amount,
        currency: text(p, "currency").unwrap_or_else(|| CURRENCY.to_owned()),
        paid,
        fee: text(p, "fee").and_then(|fee| parse_som(&fee)),
    })
}

impl PaymentProvider for GoPay {
    fn name(&self) -> &'static str {
        NAME
    }

    /// Cards are not GoPay's here: the order's page is our own QR page.
    fn payment_url(&self, order: &OrderRow, _lang: &str) -> String {
        format!("/pay/{}", order.id)
    }

    fn parse_callback(&self, callback: &Callback) -> Result<CallbackOutcome, Rejection> {
        let present = |name| callback.header(name).map(str::trim).filter(|v| !v.is_empty());
        let (Some(sig), Some(nonce)) = (present("gopay-signature"), present("gopay-nonce")) else {
            return Err(Rejection::Unsigned);
        };
        if !same_signature(sig, &signature(self.webhook_secret.expose(), nonce, &callback.body)) {
            return Err(Rejection::BadSignature);
        }
        read_callback(&callback.body)
    }

    fn answer(&self, verdict: Verdict, description: &str) -> Answer {
        let body = match verdict {
            Verdict::Ok => json!({ "status": "OK", "code": "0000", "message": description }),
            other => json!({ "status": "FAIL", "code": other.as_str(), "error_message": description }),
        };
        Answer { content_type: "application/json", body: body.to_string() }
    }

    fn confirm<'a>(&'a self, outcome: &'a CallbackOutcome) -> BoxFuture<'a, anyhow::Result<bool>> {
        Box::pin(async move {
            if !outcome.paid {
                return Ok(true);
            }
            self.committed(outcome).await
        })
    }

    fn takes_qr(&self) -> bool {
        true
    }

    fn create_qr<'a>(
        &'a self,
        order: &'a OrderRow,
        expires_at: DateTime<Utc>,
    ) -> BoxFuture<'a, anyhow::Result<QrPayment>> {
        Box::pin(async move {
            let number = order_number(order.id);
            let text = self.call("/v1/payments", &self.create_body(order, &number, expires_at)).await?;
            checked_qr(order, &number, &payment_of(&text, "GoPay /v1/payments")?, expires_at)
        })
    }

    fn bank_links(&self, link: &str) -> Vec<BankLink> {
        elqr::bank_links(link)
    }
}
