//! A stand-in of GoPay's merchant API (gopay.kg, Kyrgyzstan's ELQR payments), for the server's
//! tests of its `gopay` QR provider, written from GoPay's documentation (doc.gopay.kg/v1 and the
//! Postman collection of `gopay-kg/gopay-api-docs`):
//!
//! - every request is JSON signed with `GoPay-Api-Key`, `GoPay-Nonce` (at most 32 characters) and
//!   `GoPay-Signature`, the upper-case hex HMAC-SHA512 of `nonce\nbody\n` keyed with the secret
//!   key; every answer is HTTP 200, `{"status": "OK", "code", "data"}` or `{"status": "FAIL",
//!   "code", "error_message"}` (4001 bad signature, 4002 missing header, 4004 bad parameter, 4005
//!   duplicate `order_id`, 5001 server error);
//! - `POST /v1/payments` opens a payment (`order_id`, `amount` as `"750.00"`, `lifetime` 300 to
//!   86,400 seconds, `callback_url`, …) and answers its `payment_id`, `status` `CREATED` and
//!   `qr_data`: a real dynamic ELQR link for the amount, written here by hand ([`elqr_link`]);
//! - `POST /v1/payments/query` answers a payment by `payment_id` or `order_id`, `status` one of
//!   `CREATED`, `COMMITTED`, `FAILED`, `EXPIRED`;
//! - [`GoPayStandIn::notify`] posts the signed callback GoPay would send (its body is not
//!   documented: the webhook envelope `{"event": "payment.committed", "data": {payment}}`).
//!
//! Knobs: answer `/v1/payments` late ([`GoPayStandIn::answer_late`]) or with a server error
//! ([`GoPayStandIn::fail_creates`]), write the link for another amount
//! ([`GoPayStandIn::link_amount`]), report another amount or "unpaid" from the query
//! ([`GoPayStandIn::query_amount`], [`GoPayStandIn::query_unpaid`]). Runs on the actix system
//! of the test that starts it (`#[actix_web::test]`).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};
use hmac::{Hmac, KeyInit, Mac};
use serde_json::{Value, json};
use sha2::{Digest, Sha256, Sha512};

/// The merchant's keys the stand-in expects and signs with.
#[derive(Clone, Debug)]
pub struct Keys {
    pub api_key: String,
    pub secret_key: String,
    pub webhook_secret: String,
}

/// A payment the stand-in opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Payment {
    pub payment_id: String,
    pub order_id: String,
    /// In tyiyn.
    pub amount: i64,
    /// `CREATED`, `COMMITTED`, `FAILED`.
    pub status: String,
    /// The ELQR link it answered.
    pub link: String,
    /// Until when it may be paid: its `lifetime` after it was opened.
    pub expires_at: chrono::DateTime<chrono::Utc>,
}

#[derive(Default)]
struct State {
    keys: Option<Keys>,
    payments: Mutex<Vec<Payment>>,
    /// The bodies of `/v1/payments` as received.
    created: Mutex<Vec<Value>>,
    queries: AtomicU64,
    late_ms: AtomicU64,
    failing: AtomicBool,
    link_amount: Mutex<Option<i64>>,
    query_amount: Mutex<Option<i64>>,
    unpaid: AtomicBool,
}

/// A running stand-in.
#[derive(Clone)]
pub struct GoPayStandIn {
    /// Its base URL: the server's `payments.gopay.host`.
    pub url: String,
    state: Arc<State>,
}

/// `GoPay-Signature` of `body` with `nonce`, keyed with `key`.
pub fn sign(key: &str, nonce: &str, body: &[u8]) -> String {
    let mut mac = <Hmac<Sha512> as KeyInit>::new_from_slice(key.as_bytes()).expect("any key length");
    mac.update(nonce.as_bytes());
    mac.update(b"\n");
    mac.update(body);
    mac.update(b"\n");
    hex::encode_upper(mac.finalize().into_bytes())
}

fn tlv(id: &str, value: &str) -> String {
    format!("{id}{:02}{value}", value.chars().count())
}

/// A dynamic ELQR link (`https://pay.payqr.kg#…`) for `amount` tyiyn, the payment's id as the
/// transaction (32/11), neither amount nor payee editable: fields 00, 01, 32, 52, 53, 54, 59,
/// sealed with 63, the last four hex digits of the SHA-256 of everything before it.
pub fn elqr_link(payment_id: &str, amount: i64) -> String {
    let service =
        [tlv("00", "gopay.kg"), tlv("01", "gopay"), tlv("11", payment_id), tlv("12", "12"), tlv("13", "12")]
            .concat();
    let body = [
        tlv("00", "01"),
        tlv("01", "12"),
        tlv("32", &service),
        tlv("52", "5818"),
        tlv("53", "417"),
        tlv("54", &amount.to_string()),
        tlv("59", "GoPay Tyiyn"),
    ]
    .concat();
    let digest = Sha256::digest(body.as_bytes());
    format!("https://pay.payqr.kg#{body}{}", tlv("63", &hex::encode(&digest[30..])))
}

/// `"750.00"` for 75,000 tyiyn.
fn som(tyiyn: i64) -> String {
    format!("{}.{:02}", tyiyn / 100, tyiyn % 100)
}

/// Tyiyn of a decimal string GoPay accepts (`^\d{0,8}(\.\d{0,2})?$`, 0.01 to 999,999.99).
fn tyiyn(text: &str) -> Option<i64> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.len() > 8 || frac.len() > 2 || !digits(whole) || !digits(frac) || whole.len() + frac.len() == 0 {
        return None;
    }
    let whole: i64 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
    let frac: i64 = if frac.is_empty() { 0 } else { format!("{frac:0<2}").parse().ok()? };
    Some(whole * 100 + frac).filter(|t| (1..=99_999_999).contains(t))
}

fn fail(code: &str, message: &str) -> HttpResponse {
    HttpResponse::Ok().json(json!({ "status": "FAIL", "code": code, "error_message": message }))
}

fn ok(data: Value) -> HttpResponse {
    HttpResponse::Ok().json(json!({ "status": "OK", "code": "0000", "data": data }))
}

impl State {
    /// The body of a request as JSON, or the code and message of the refusal it earns.
    fn checked(&self, req: &HttpRequest, body: &[u8]) -> Result<Value, (&'static str, &'static str)> {
        let keys = self.keys.as_ref().expect("keys");
        let header = |name: &str| req.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_owned);
        let (Some(key), Some(nonce), Some(sig)) =
            (header("GoPay-Api-Key"), header("GoPay-Nonce"), header("GoPay-Signature"))
        else {
            return Err(("4002", "Missing required header"));
        };
        if key != keys.api_key
            || nonce.is_empty()
            || nonce.len() > 32
            || sig != sign(&keys.secret_key, &nonce, body)
        {
            return Err(("4001", "Invalid signature"));
        }
        serde_json::from_slice(body).map_err(|_| ("4004", "Invalid request parameter: body"))
    }

    fn view(&self, p: &Payment, amount: i64, status: &str) -> Value {
        json!({
            "payment_id": p.payment_id, "order_id": p.order_id, "amount": som(amount), "status": status,
            "checkout_url": format!("https://pay.gopay.kg/p/{}/", p.payment_id), "qr_data": p.link,
            "app_links": {}, "created_at": chrono::Utc::now().to_rfc3339(),
            "expires_at": p.expires_at.to_rfc3339(),
        })
    }
}

async fn create(state: web::Data<State>, req: HttpRequest, body: web::Bytes) -> HttpResponse {
    let request = match state.checked(&req, &body) {
        Ok(request) => request,
        Err((code, message)) => return fail(code, message),
    };
    state.created.lock().unwrap().push(request.clone());
    let late = state.late_ms.load(Ordering::SeqCst);
    if late > 0 {
        actix_web::rt::time::sleep(Duration::from_millis(late)).await;
    }
    if state.failing.load(Ordering::SeqCst) {
        return fail("5001", "Internal server error");
    }
    let order_id = request["order_id"].as_str().filter(|o| !o.is_empty() && o.len() <= 32);
    let amount = request["amount"].as_str().and_then(tyiyn);
    let lifetime = request.get("lifetime").map_or(Some(3600), Value::as_i64);
    let (Some(order_id), Some(amount), Some(lifetime @ 300..=86_400)) = (order_id, amount, lifetime) else {
        return fail("4004", "Invalid request parameter");
    };
    let mut payments = state.payments.lock().unwrap();
    if payments.iter().any(|p| p.order_id == order_id) {
        return fail("4005", "Duplicate order_id");
    }
    let payment_id = hex::encode(rand::random::<[u8; 16]>());
    let in_link = state.link_amount.lock().unwrap().unwrap_or(amount);
    let link = elqr_link(&payment_id, in_link);
    let expires_at = chrono::Utc::now() + chrono::Duration::seconds(lifetime);
    let (order_id, status) = (order_id.to_owned(), "CREATED".to_owned());
    let payment = Payment { payment_id, order_id, amount, status, link, expires_at };
    payments.push(payment.clone());
    ok(state.view(&payment, amount, "CREATED"))
}

async fn query(state: web::Data<State>, req: HttpRequest, body: web::Bytes) -> HttpResponse {
    let request = match state.checked(&req, &body) {
        Ok(request) => request,
        Err((code, message)) => return fail(code, message),
    };
    state.queries.fetch_add(1, Ordering::SeqCst);
    let payments = state.payments.lock().unwrap();
    let found = match (request["payment_id"].as_str(), request["order_id"].as_str()) {
        (Some(id), _) => payments.iter().find(|p| p.payment_id == id),
        (None, Some(order)) => payments.iter().find(|p| p.order_id == order),
        (None, None) => return fail("4004", "Invalid request parameter: payment_id"),
    };
    let Some(payment) = found else {
        return fail("4004", "Payment not found");
    };
    let amount = state.query_amount.lock().unwrap().unwrap_or(payment.amount);
    let status = if state.unpaid.load(Ordering::SeqCst) { "CREATED" } else { payment.status.as_str() };
    ok(state.view(payment, amount, status))
}

impl GoPayStandIn {
    /// Starts a stand-in expecting `keys` on a free port of 127.0.0.1, on the current actix system.
    pub fn start(keys: Keys) -> GoPayStandIn {
        let state = web::Data::new(State { keys: Some(keys), ..State::default() });
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("stand-in binds");
        let url = format!("http://127.0.0.1:{}", listener.local_addr().expect("address").port());
        let served = state.clone();
        let server = HttpServer::new(move || {
            App::new()
                .app_data(served.clone())
                .route("/v1/payments", web::post().to(create))
                .route("/v1/payments/query", web::post().to(query))
        })
        .workers(1)
        .disable_signals()
        .listen(listener)
        .expect("stand-in listens")
        .run();
        actix_web::rt::spawn(server);
        GoPayStandIn { url, state: state.into_inner() }
    }

    /// `/v1/payments` answers only after `delay` (the server's call times out first).
    pub fn answer_late(&self, delay: Duration) {
        self.state.late_ms.store(delay.as_millis() as u64, Ordering::SeqCst);
    }

    /// `/v1/payments` answers GoPay's server error (`FAIL`, 5001) while `on`.
    pub fn fail_creates(&self, on: bool) {
        self.state.failing.store(on, Ordering::SeqCst);
    }

    /// New links are written for `amount` tyiyn instead of the one asked (`None`: the one asked);
    /// GoPay's own `amount` field still echoes the request.
    pub fn link_amount(&self, amount: Option<i64>) {
        *self.state.link_amount.lock().unwrap() = amount;
    }

    /// The query reports `amount` tyiyn for every payment (`None`: its own).
    pub fn query_amount(&self, amount: Option<i64>) {
        *self.state.query_amount.lock().unwrap() = amount;
    }

    /// The query reports every payment `CREATED` (unpaid) while `on`.
    pub fn query_unpaid(&self, on: bool) {
        self.state.unpaid.store(on, Ordering::SeqCst);
    }

    /// The bodies of `/v1/payments` received, in order.
    pub fn created(&self) -> Vec<Value> {
        self.state.created.lock().unwrap().clone()
    }

    /// The payments opened, in order.
    pub fn payments(&self) -> Vec<Payment> {
        self.state.payments.lock().unwrap().clone()
    }

    /// How many queries were answered.
    pub fn queries(&self) -> u64 {
        self.state.queries.load(Ordering::SeqCst)
    }

    /// Sets payment `payment_id`'s status (`COMMITTED` when the buyer's bank paid): the payment.
    pub fn settle(&self, payment_id: &str, status: &str) -> Payment {
        let mut payments = self.state.payments.lock().unwrap();
        let payment = payments.iter_mut().find(|p| p.payment_id == payment_id).expect("a payment it opened");
        payment.status = status.to_owned();
        payment.clone()
    }

    /// The callback body GoPay sends about `payment` in `status` (`COMMITTED` or `FAILED`).
    pub fn event(payment: &Payment, status: &str) -> String {
        let event = if status == "COMMITTED" { "payment.committed" } else { "payment.failed" };
        json!({
            "event": event,
            "data": {
                "payment_id": payment.payment_id, "order_id": payment.order_id,
                "amount": som(payment.amount), "status": status,
                "committed_at": (status == "COMMITTED").then(|| chrono::Utc::now().to_rfc3339()),
            },
        })
        .to_string()
    }

    /// Posts `body` to `url` as GoPay does, signed with the webhook secret.
    pub async fn post_signed(&self, url: &str, body: &str) -> reqwest::Response {
        let key = &self.state.keys.as_ref().expect("keys").webhook_secret;
        let nonce = hex::encode(rand::random::<[u8; 16]>());
        let sig = sign(key, &nonce, body.as_bytes());
        self.post(url, body, &nonce, &sig).await
    }

    /// Posts `body` to `url` with the given nonce and signature headers.
    pub async fn post(&self, url: &str, body: &str, nonce: &str, signature: &str) -> reqwest::Response {
        reqwest::Client::new()
            .post(url)
            .header("content-type", "application/json")
            .header("GoPay-Nonce", nonce)
            .header("GoPay-Signature", signature)
            .body(body.to_owned())
            .send()
            .await
            .expect("callback sent")
    }

    /// Settles `payment_id` in `status` and posts its signed callback to `url` (the server's
    /// `/api/payments/callback/gopay`).
    pub async fn notify(&self, url: &str, payment_id: &str, status: &str) -> reqwest::Response {
        let payment = self.settle(payment_id, status);
        self.post_signed(url, &GoPayStandIn::event(&payment, status)).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_read_as_gopay_validates_them() {
        assert_eq!(tyiyn("750.00"), Some(75_000));
        assert_eq!(tyiyn("750.5"), Some(75_050));
        assert_eq!(tyiyn(".5"), Some(50));
        for refused in ["", "0.00", "1.001", "-1", "123456789", "1e3"] {
            assert_eq!(tyiyn(refused), None, "{refused}");
        }
        assert_eq!(som(75_050), "750.50");
    }

    #[test]
    fn the_link_is_sealed_with_the_last_four_hex_digits_of_its_sha256() {
        let link = elqr_link("a1b2", 75_000);
        let (_, payload) = link.split_once('#').expect("a fragment");
        let (body, sealed) = payload.split_at(payload.len() - 8);
        assert!(sealed.starts_with("6304"), "{payload}");
        let digest = Sha256::digest(body.as_bytes());
        assert_eq!(&sealed[4..], hex::encode(&digest[30..]));
        assert!(body.starts_with("000201010212"), "{body}");
        assert!(body.contains("540575000"), "{body}");
    }
}
