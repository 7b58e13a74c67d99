//! GoPay (gopay.kg) as the QR provider, against a stand-in of its API written from GoPay's
//! documentation (`tyiyn_testkit::gopay_standin`): a QR order's link comes from GoPay and
//! verifies; a signed callback credits only what GoPay's status call confirms, once, however
//! often and however concurrently it comes; forged, mis-priced and unknown callbacks are refused in
//! GoPay's JSON, never with a 500; GoPay failing to open a payment fails the order with 503.

use std::time::Duration;

use futures_util::future::join_all;
use serde_json::{Value, json};
use tyiyn::payments::elqr;
use tyiyn_testkit::gopay_standin::{GoPayStandIn, Keys, Payment, sign};

use crate::helpers::{TestApp, User, expect_error, json_of, spawn_app_with};

fn keys() -> Keys {
    Keys { api_key: "gp-api-key".into(), secret_key: "gp-secret".into(), webhook_secret: "gp-hook".into() }
}

/// The app with GoPay (the stand-in) as its QR provider; a call to GoPay may take a second.
async fn with_gopay(standin: &GoPayStandIn) -> TestApp {
    let (host, keys) = (standin.url.clone(), keys());
    spawn_app_with(move |s| {
        s.payments.qr_provider = "gopay".into();
        s.payments.gopay.api_key = keys.api_key.into();
        s.payments.gopay.secret_key = keys.secret_key.into();
        s.payments.gopay.webhook_secret = keys.webhook_secret.into();
        s.payments.gopay.host = host;
        s.payments.gopay.timeout_secs = 1;
    })
    .await
}

async fn qr_order(user: &User) -> Value {
    let res = user.post("/api/payments/orders", json!({"packageId": 1, "method": "qr"})).await;
    assert_eq!(res.status(), 201, "a QR order");
    json_of(res).await["order"].clone()
}

/// The stand-in's payment of our order `id`.
fn payment_of(standin: &GoPayStandIn, id: i64) -> Payment {
    let prefix = format!("{id}-");
    standin.payments().into_iter().rev().find(|p| p.order_id.starts_with(&prefix)).expect("GoPay's payment")
}

/// GoPay's view of our answer: 200 always, JSON `status` and `code`.
async fn answered(res: reqwest::Response) -> (String, String) {
    assert_eq!(res.status(), 200, "answered, never a 500");
    let body: Value = res.json().await.expect("JSON");
    (body["status"].as_str().unwrap_or("").to_owned(), body["code"].as_str().unwrap_or("").to_owned())
}

fn ok() -> (String, String) {
    ("OK".into(), "0000".into())
}

fn fail(code: &str) -> (String, String) {
    ("FAIL".into(), code.into())
}

/// The recorded outcomes of the callbacks about order `id`, in order.
async fn outcomes(app: &TestApp, id: i64) -> Vec<String> {
    let sql = "select outcome from payment_callback where order_id = $1 order by id";
    app.db().await.query(sql, &[&id]).await.expect("reads").iter().map(|r| r.get(0)).collect()
}

async fn state(user: &User, id: i64) -> Value {
    json_of(user.get(&format!("/api/payments/orders/{id}")).await).await["order"]["state"].clone()
}

#[actix_web::test]
async fn a_qr_order_gets_gopays_link_for_its_exact_amount_and_it_verifies() {
    let standin = GoPayStandIn::start(keys());
    let app = with_gopay(&standin).await;
    let user = app.new_user("aibek").await;
    let order = qr_order(&user).await;
    let id = order["id"].as_i64().expect("id");
    assert_eq!(
        (order["state"].as_str(), order["paymentUrl"].as_str()),
        (Some("pending"), Some(&*format!("/pay/{id}")))
    );
    let link = order["qr"]["link"].as_str().expect("a link");
    let read = elqr::parse_verified(link).expect("GoPay's link verifies");
    assert_eq!(read.amount.map(|a| a.0), Some(75_000), "the order's exact amount");
    assert_eq!(link, payment_of(&standin, id).link, "the very link GoPay answered");
    let asked = standin.created();
    assert_eq!(asked.len(), 1);
    assert_eq!(asked[0]["amount"], "750.00");
    assert!(asked[0]["order_id"].as_str().is_some_and(|o| o.starts_with(&format!("{id}-"))), "{}", asked[0]);
    let expires: chrono::DateTime<chrono::Utc> =
        order["qr"]["expiresAt"].as_str().expect("expiry").parse().expect("a time");
    let minutes = (expires - chrono::Utc::now()).num_minutes();
    assert!((13..=15).contains(&minutes), "GoPay's expiry, the configured 15 minutes: {minutes}");
    let lifetime = asked[0]["lifetime"].as_i64().expect("lifetime");
    assert!((890..=900).contains(&lifetime), "the link's 15 minutes, in seconds: {lifetime}");
    let callback = asked[0]["callback_url"].as_str().expect("a callback URL");
    assert!(callback.ends_with("/api/payments/callback/gopay"), "{callback}");
    let (_, fragment) = link.split_once('#').expect("a fragment");
    let banks = order["qr"]["banks"].as_array().expect("banks");
    assert_eq!(banks[0]["link"], format!("{}#{fragment}", elqr::ROUTER), "the universal router first");
    for bank in banks {
        let behind = elqr::parse_verified(bank["link"].as_str().expect("link")).expect("verifies");
        assert_eq!(behind, read, "the same payment behind {}", bank["id"]);
    }

    // After the link expires a new one is a new GoPay payment: GoPay refuses an order_id twice.
    let expire = "update payment_order set qr_expires_at = now() - interval '1 minute' where id = $1";
    app.db().await.execute(expire, &[&id]).await.expect("expired");
    let renewed = user.post(&format!("/api/payments/orders/{id}/qr"), json!({})).await;
    assert_eq!(renewed.status(), 200, "a new link");
    let renewed = json_of(renewed).await["order"].clone();
    assert_ne!(renewed["qr"]["link"], order["qr"]["link"]);
    let asked = standin.created();
    assert_eq!(asked.len(), 2);
    assert_ne!(asked[0]["order_id"], asked[1]["order_id"]);
    app.check().await;
}

#[actix_web::test]
async fn a_paid_callback_that_gopay_confirms_credits_once() {
    let standin = GoPayStandIn::start(keys());
    let app = with_gopay(&standin).await;
    let user = app.new_user("aibek").await;
    let id = qr_order(&user).await["id"].as_i64().expect("id");
    let before = user.balance().await;
    let payment = payment_of(&standin, id);
    let url = app.url("/api/payments/callback/gopay");
    assert_eq!(answered(standin.notify(&url, &payment.payment_id, "COMMITTED").await).await, ok());
    assert_eq!(state(&user, id).await, "paid");
    assert_eq!(user.balance().await, before + 50);
    assert!(standin.queries() >= 1, "confirmed with GoPay's status call");
    // GoPay calls again: already credited, answered OK, nothing more.
    assert_eq!(answered(standin.notify(&url, &payment.payment_id, "COMMITTED").await).await, ok());
    assert_eq!(user.balance().await, before + 50);
    assert_eq!(outcomes(&app, id).await, ["credited", "duplicate"]);
    app.check().await;
}

#[actix_web::test]
async fn a_callback_gopays_status_call_does_not_confirm_credits_nothing() {
    let standin = GoPayStandIn::start(keys());
    let app = with_gopay(&standin).await;
    let user = app.new_user("aibek").await;
    let id = qr_order(&user).await["id"].as_i64().expect("id");
    let before = user.balance().await;
    let payment = payment_of(&standin, id);
    let url = app.url("/api/payments/callback/gopay");
    // GoPay's status call says it is unpaid, then paid but for 7.50 som.
    standin.query_unpaid(true);
    assert_eq!(
        answered(standin.notify(&url, &payment.payment_id, "COMMITTED").await).await,
        fail("rejected")
    );
    standin.query_unpaid(false);
    standin.query_amount(Some(750));
    assert_eq!(
        answered(standin.notify(&url, &payment.payment_id, "COMMITTED").await).await,
        fail("rejected")
    );
    assert_eq!((state(&user, id).await, user.balance().await), (json!("pending"), before));
    // Once GoPay says paid for the order's amount, the same callback credits.
    standin.query_amount(None);
    assert_eq!(answered(standin.notify(&url, &payment.payment_id, "COMMITTED").await).await, ok());
    assert_eq!(user.balance().await, before + 50);
    assert_eq!(outcomes(&app, id).await, ["not_confirmed", "not_confirmed", "credited"]);
    app.check().await;
}

#[actix_web::test]
async fn forged_mispriced_and_unknown_callbacks_are_refused_in_gopays_answer() {
    let standin = GoPayStandIn::start(keys());
    let app = with_gopay(&standin).await;
    let user = app.new_user("aibek").await;
    let id = qr_order(&user).await["id"].as_i64().expect("id");
    let before = user.balance().await;
    let payment = standin.settle(&payment_of(&standin, id).payment_id, "COMMITTED");
    let url = app.url("/api/payments/callback/gopay");
    let good = GoPayStandIn::event(&payment, "COMMITTED");
    let nonce = "0123456789abcdef0123456789abcdef";
    let sig = sign(&keys().webhook_secret, nonce, good.as_bytes());
    // Tampered after signing, signed with the API key instead, not signed at all.
    let tampered = good.replace("750.00", "7.50");
    assert_eq!(answered(standin.post(&url, &tampered, nonce, &sig).await).await, fail("error"));
    let api_signed = sign(&keys().secret_key, nonce, good.as_bytes());
    assert_eq!(answered(standin.post(&url, &good, nonce, &api_signed).await).await, fail("error"));
    assert_eq!(answered(standin.post(&url, &good, "", "").await).await, fail("error"));
    // Signed, but for another amount, or for an order we never made.
    let cheap = Payment { amount: 750, ..payment.clone() };
    let res = standin.post_signed(&url, &GoPayStandIn::event(&cheap, "COMMITTED")).await;
    assert_eq!(answered(res).await, fail("rejected"));
    let stranger =
        Payment { payment_id: "f".repeat(32), order_id: format!("{}-1", id + 1000), ..payment.clone() };
    let res = standin.post_signed(&url, &GoPayStandIn::event(&stranger, "COMMITTED")).await;
    assert_eq!(answered(res).await, fail("rejected"));
    assert_eq!((state(&user, id).await, user.balance().await), (json!("pending"), before));
    let sql = "select outcome from payment_callback where provider = 'gopay' order by id";
    let all: Vec<String> = app.db().await.query(sql, &[]).await.unwrap().iter().map(|r| r.get(0)).collect();
    assert_eq!(all, ["bad_signature", "bad_signature", "unsigned", "amount_mismatch", "unknown_order"]);
    app.check().await;
}

#[actix_web::test]
async fn gopay_timing_out_erring_or_mispricing_the_link_fails_the_order_with_503() {
    let standin = GoPayStandIn::start(keys());
    let app = with_gopay(&standin).await;
    let user = app.new_user("aibek").await;
    let before = user.balance().await;
    standin.answer_late(Duration::from_secs(3));
    let res = user.post("/api/payments/orders", json!({"packageId": 1, "method": "qr"})).await;
    expect_error(res, 503, "qr_unavailable").await;
    standin.answer_late(Duration::ZERO);
    standin.fail_creates(true);
    let res = user.post("/api/payments/orders", json!({"packageId": 1, "method": "qr"})).await;
    expect_error(res, 503, "qr_unavailable").await;
    standin.fail_creates(false);
    // A link for 7.50 som on a 750-som order is never shown.
    standin.link_amount(Some(750));
    let res = user.post("/api/payments/orders", json!({"packageId": 1, "method": "qr"})).await;
    expect_error(res, 503, "qr_unavailable").await;
    let orders = json_of(user.get("/api/payments/orders").await).await["orders"].clone();
    let states: Vec<&str> =
        orders.as_array().expect("orders").iter().filter_map(|o| o["state"].as_str()).collect();
    assert_eq!(states, ["failed", "failed", "failed"]);
    assert!(orders.as_array().unwrap().iter().all(|o| o["qr"].is_null()), "no link kept: {orders}");
    standin.link_amount(None);
    assert_eq!(qr_order(&user).await["state"], "pending", "GoPay back: QR works again");
    assert_eq!(user.balance().await, before);
    app.check().await;
}

#[actix_web::test]
async fn eight_identical_callbacks_at_once_credit_once() {
    let standin = GoPayStandIn::start(keys());
    let app = with_gopay(&standin).await;
    let user = app.new_user("aibek").await;
    let id = qr_order(&user).await["id"].as_i64().expect("id");
    let before = user.balance().await;
    let payment = standin.settle(&payment_of(&standin, id).payment_id, "COMMITTED");
    let url = app.url("/api/payments/callback/gopay");
    let body = GoPayStandIn::event(&payment, "COMMITTED");
    let nonce = "00112233445566778899aabbccddeeff";
    let sig = sign(&keys().webhook_secret, nonce, body.as_bytes());
    let answers = join_all((0..8).map(|_| standin.post(&url, &body, nonce, &sig))).await;
    for res in answers {
        assert_eq!(answered(res).await, ok());
    }
    assert_eq!(user.balance().await, before + 50, "the package's bids, once");
    let mut seen = outcomes(&app, id).await;
    seen.sort();
    assert_eq!(
        seen,
        [
            "credited",
            "duplicate",
            "duplicate",
            "duplicate",
            "duplicate",
            "duplicate",
            "duplicate",
            "duplicate"
        ]
    );
    let sql = "select count(*) from ledger_entry where order_id = $1 and reason = 'purchase'";
    let rows: i64 = app.db().await.query_one(sql, &[&id]).await.unwrap().get(0);
    assert_eq!(rows, 1);
    app.check().await;
}
