//! Paying by QR (ELQR links any Kyrgyz bank app pays): a QR order's link for its exact amount,
//! its renewal after it expires, the demo's payment of it, identical callbacks at once crediting
//! once, and the operator's method and provider filters and reconciliation export.

use futures_util::future::join_all;
use serde_json::{Value, json};
use tyiyn::app::provider::PaymentProvider;
use tyiyn::config::Settings;
use tyiyn::payments::demo::Demo;
use tyiyn::payments::elqr;

use crate::claims::{choose, claim_of, pay, people, quick, won};
use crate::helpers::{TestApp, User, expect_error, json_of, spawn_app, spawn_app_with};

const SECRET: &str = "qr-demo-secret";

fn known_secret(s: &mut Settings) {
    s.payments.demo.secret = SECRET.into();
}

/// An amount as the API shows it (som, two decimals at most) in tyiyn.
fn tyiyn_of(som: &Value) -> i64 {
    (som.as_f64().expect("an amount") * 100.0).round() as i64
}

async fn qr_order(user: &User, package: i64) -> Value {
    let res = user.post("/api/payments/orders", json!({"packageId": package, "method": "qr"})).await;
    assert_eq!(res.status(), 201, "a QR order");
    json_of(res).await["order"].clone()
}

/// Posts the demo provider's signed report of `order` (paid) as its servers would.
async fn signed_report(app: &TestApp, settings: &Settings, order: i64) -> reqwest::Response {
    let client = app.pool().await.get().await.expect("client");
    let row = tyiyn::db::payments::order(&client, order).await.expect("read").expect("order");
    let callback = Demo::new(&settings.payments).signed_callback(&row, true).expect("the demo signs");
    app.client.post(app.url("/api/payments/callback/demo")).form(&callback.fields).send().await.expect("sent")
}

#[actix_web::test]
async fn a_qr_order_carries_one_dynamic_link_for_its_exact_amount_behind_every_bank_app() {
    let app = spawn_app().await;
    let user = app.new_user("aidai").await;
    let order = qr_order(&user, 1).await;
    let id = order["id"].as_i64().expect("id");
    assert_eq!((order["method"].as_str(), order["state"].as_str()), (Some("qr"), Some("pending")));
    assert_eq!(order["paymentUrl"], format!("/pay/{id}"), "our own page, not the provider's");
    let link = order["qr"]["link"].as_str().expect("a link");
    assert!(link.starts_with("https://pay.payqr.kg/#"), "{link}");
    let read = elqr::parse_verified(link).expect("a link the standard's parser verifies");
    assert_eq!(read.kind, elqr::Kind::Dynamic, "one payment, not a reusable code");
    assert_eq!(
        read.amount.map(|a| a.0),
        Some(tyiyn_of(&order["amount"])),
        "the order's exact amount, in tyiyn"
    );
    assert_eq!(read.service.transaction_id, Some(id.to_string()), "the order's number travels with it");
    assert_eq!(read.service.amount_editable, Some(false));
    let banks = order["qr"]["banks"].as_array().expect("banks");
    let ids: Vec<&str> = banks.iter().filter_map(|b| b["id"].as_str()).collect();
    assert_eq!(ids, ["payqr", "finik", "mbank", "odengi", "bakai"]);
    for bank in banks {
        let behind = elqr::parse_verified(bank["link"].as_str().expect("link")).expect("verifies");
        assert_eq!(behind, read, "the same payment behind {}", bank["id"]);
    }
    let expires: chrono::DateTime<chrono::Utc> =
        order["qr"]["expiresAt"].as_str().expect("expiry").parse().expect("a time");
    let minutes = (expires - chrono::Utc::now()).num_minutes();
    assert!((13..=15).contains(&minutes), "the configured 15 minutes: {minutes}");
    // The owner reads it back the same; a card order has no link.
    let again = json_of(user.get(&format!("/api/payments/orders/{id}")).await).await;
    assert_eq!(again["order"]["qr"], order["qr"]);
    let card = json_of(user.post("/api/payments/orders", json!({"packageId": 1})).await).await;
    assert_eq!((card["order"]["method"].as_str(), &card["order"]["qr"]), (Some("card"), &Value::Null));
}

#[actix_web::test]
async fn a_method_other_than_card_or_qr_is_refused_and_nothing_is_ordered() {
    let app = spawn_app().await;
    let user = app.new_user("bakyt").await;
    for method in [json!("bank"), json!(5), json!(["qr"]), json!("")] {
        let res = user.post("/api/payments/orders", json!({"packageId": 1, "method": method})).await;
        let body = expect_error(res, 400, "payment_method_invalid").await;
        assert!(body["fields"]["method"].is_string(), "{method}: {body}");
    }
    let orders = json_of(user.get("/api/payments/orders").await).await;
    assert_eq!(orders["orders"], json!([]));
}

#[actix_web::test]
async fn with_qr_off_a_qr_order_is_refused_and_the_card_still_works() {
    let app = spawn_app_with(|s| s.payments.qr_provider = String::new()).await;
    let user = app.new_user("chyngyz").await;
    let res = user.post("/api/payments/orders", json!({"packageId": 1, "method": "qr"})).await;
    expect_error(res, 503, "qr_unavailable").await;
    assert_eq!(json_of(user.get("/api/payments/orders").await).await["orders"], json!([]), "no order left");
    let card = user.post("/api/payments/orders", json!({"packageId": 1, "method": "card"})).await;
    assert_eq!(card.status(), 201);
}

#[actix_web::test]
async fn a_new_link_only_after_the_old_one_expired_and_a_late_payment_still_counts() {
    let app = spawn_app().await;
    let user = app.new_user("dinara").await;
    let order = qr_order(&user, 1).await;
    let id = order["id"].as_i64().expect("id");
    let renew = |user: &User| user.posting(&format!("/api/payments/orders/{id}/qr"), json!({}));
    expect_error(renew(&user).await, 409, "qr_not_expired").await;
    let stranger = app.new_user("erkin").await;
    expect_error(renew(&stranger).await, 404, "order_not_found").await;
    let card = json_of(user.post("/api/payments/orders", json!({"packageId": 1})).await).await;
    let card_id = card["order"]["id"].as_i64().expect("id");
    let res = user.post(&format!("/api/payments/orders/{card_id}/qr"), json!({})).await;
    expect_error(res, 409, "not_a_qr_order").await;

    let expire = "update payment_order set qr_expires_at = now() - interval '1 minute' where id = $1";
    app.db().await.execute(expire, &[&id]).await.expect("expired");
    let renewed = json_of(renew(&user).await).await["order"].clone();
    assert_ne!(renewed["qr"]["expiresAt"], order["qr"]["expiresAt"]);
    elqr::parse_verified(renewed["qr"]["link"].as_str().expect("link")).expect("a new link that verifies");

    // Paid after its link expired: a confirmed payment is never refused.
    app.db().await.execute(expire, &[&id]).await.expect("expired again");
    let before = user.balance().await;
    let paid = user.post(&format!("/api/payments/demo/{id}"), json!({"outcome": "paid"})).await;
    assert_eq!(json_of(paid).await["order"]["state"], "paid");
    assert_eq!(user.balance().await, before + 50);
    expect_error(renew(&user).await, 409, "order_not_pending").await;
    app.check().await;
}

#[actix_web::test]
async fn eight_identical_reports_of_one_qr_payment_at_once_credit_it_once() {
    let mut settings = None;
    let app = spawn_app_with(|s| {
        known_secret(s);
        settings = Some(s.clone());
    })
    .await;
    let settings = settings.expect("the app's settings");
    let user = app.new_user("farida").await;
    let id = qr_order(&user, 1).await["id"].as_i64().expect("id");
    let before = user.balance().await;
    let answers = join_all((0..8).map(|_| signed_report(&app, &settings, id))).await;
    let mut words = Vec::new();
    for res in answers {
        assert_eq!(res.status(), 200);
        words.push(json_of(res).await["description"].as_str().expect("word").to_owned());
    }
    words.sort();
    assert_eq!(words.iter().filter(|w| *w == "credited").count(), 1, "{words:?}");
    assert_eq!(words.iter().filter(|w| *w == "duplicate").count(), 7, "{words:?}");
    assert_eq!(user.balance().await, before + 50, "the package's bids, once");
    app.check().await;
}

#[actix_web::test]
async fn the_operator_filters_by_method_and_provider_and_exports_the_day_for_the_accountant() {
    let app = spawn_app().await;
    let admin = app.new_admin("gulnara").await;
    let user = app.new_user("ilim").await;
    let qr = qr_order(&user, 1).await["id"].as_i64().expect("id");
    let card = json_of(user.post("/api/payments/orders", json!({"packageId": 2})).await).await;
    let card = card["order"]["id"].as_i64().expect("id");
    user.post(&format!("/api/payments/demo/{qr}"), json!({"outcome": "paid"})).await;
    user.post(&format!("/api/payments/demo/{card}"), json!({"outcome": "paid"})).await;

    let ids = |page: Value| -> Vec<i64> {
        page["orders"].as_array().expect("orders").iter().filter_map(|o| o["id"].as_i64()).collect()
    };
    assert_eq!(ids(json_of(admin.get("/api/admin/orders?method=qr").await).await), [qr]);
    assert_eq!(ids(json_of(admin.get("/api/admin/orders?method=card").await).await), [card]);
    assert_eq!(ids(json_of(admin.get("/api/admin/orders?provider=demo").await).await), [card, qr]);
    assert_eq!(
        ids(json_of(admin.get("/api/admin/orders?provider=freedompay").await).await),
        Vec::<i64>::new()
    );
    let bad = expect_error(
        admin.get("/api/admin/orders?method=cash&provider=Demo!").await,
        400,
        "validation_failed",
    )
    .await;
    assert!(bad["fields"]["method"].is_string() && bad["fields"]["provider"].is_string(), "{bad}");
    expect_error(admin.get("/api/admin/orders?provider=Demo!").await, 400, "provider_invalid").await;

    let res = admin.get("/api/admin/orders.csv").await;
    assert_eq!(res.status(), 200);
    assert!(res.headers()["content-type"].to_str().unwrap().starts_with("text/csv"));
    assert!(
        res.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .starts_with("attachment; filename=\"tyiyn-orders-")
    );
    let bytes = res.bytes().await.expect("body");
    assert!(bytes.starts_with(b"\xEF\xBB\xBF"), "a byte-order mark for spreadsheets");
    let text = std::str::from_utf8(&bytes[3..]).expect("UTF-8");
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some(
            "order_id,created_at,paid_at,refunded_at,state,kind,method,provider,provider_payment_id,user_id,username,amount,currency,fee,refund_amount"
        )
    );
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 2, "both paid orders: {text}");
    let row = rows.iter().find(|r| r[0] == qr.to_string()).expect("the QR order");
    assert_eq!(
        (row[4], row[6], row[7], row[10], row[11], row[12]),
        ("paid", "qr", "demo", "ilim", "750.00", "KGS")
    );
    assert_eq!(row[8], format!("demo-{qr}"), "the provider's reference");

    let far = admin.get("/api/admin/orders.csv?from=2020-01-01&to=2020-01-02").await;
    assert_eq!(far.text().await.expect("text").lines().count(), 1, "the header only");
    for days in ["from=2026-12-07&to=2026-12-01", "from=7.12.2026", "from=2024-01-01&to=2026-01-01"] {
        let body =
            expect_error(admin.get(&format!("/api/admin/orders.csv?{days}")).await, 400, "day_invalid").await;
        assert!(body["fields"]["from"].is_string(), "{days}: {body}");
    }
    expect_error(user.get("/api/admin/orders.csv").await, 403, "forbidden").await;
}

#[actix_web::test]
async fn a_won_item_is_paid_by_qr_too() {
    let (app, admin, a, b) = people(quick).await;
    won(&app, &admin, &[&a, &b], None).await;
    let claim = claim_of(&b).await;
    let id = claim["id"].as_i64().expect("claim id");
    let bad = json!({"method": "pickup", "phone": "+996555123456", "paymentMethod": "qrcode"});
    let err = expect_error(choose(&b, id, bad).await, 400, "payment_method_invalid").await;
    assert!(err["fields"]["paymentMethod"].is_string(), "{err}");
    let body = json!({"method": "pickup", "phone": "+996555123456", "paymentMethod": "qr"});
    let res = choose(&b, id, body).await;
    assert_eq!(res.status(), 201);
    let chosen = json_of(res).await;
    let order = &chosen["order"];
    let order_id = order["id"].as_i64().expect("order id");
    assert_eq!(
        (order["method"].as_str(), order["paymentUrl"].clone()),
        (Some("qr"), json!(format!("/pay/{order_id}")))
    );
    assert_eq!(
        chosen["claim"]["paymentUrl"],
        json!(format!("/pay/{order_id}")),
        "the won item points to the same page"
    );
    let read = elqr::parse_verified(order["qr"]["link"].as_str().expect("link")).expect("verifies");
    assert_eq!(read.amount.map(|t| t.0), Some(tyiyn_of(&order["amount"])), "price plus delivery, exactly");
    assert_eq!(pay(&b, order_id).await["state"], "paid");
    assert_eq!(claim_of(&b).await["state"], "paid");
    app.check().await;
}
