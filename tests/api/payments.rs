//! Buying bids: the catalogue, orders priced by the server, the demo provider's page, and the
//! provider callback that credits exactly once (Freedom Pay's signed form callbacks included).

use futures_util::future::join_all;
use reqwest::Response;
use serde_json::{Value, json};
use tyiyn::config::Settings;
use tyiyn::payments::freedompay::{response_fields, signature};

use crate::helpers::{TestApp, User, expect_error, spawn_app, spawn_app_with};
use crate::socket::Socket;

const KEY: &str = "test-secret-key";

fn freedompay(s: &mut Settings) {
    s.payments.provider = "freedompay".into();
    s.payments.qr_provider = String::new();
    s.payments.freedompay.merchant_id = "545".into();
    s.payments.freedompay.secret_key = KEY.into();
    s.payments.freedompay.check_status = false;
    s.payments.freedompay.testing_mode = true;
}

/// Freedom Pay's result callback for `order`, signed like theirs (script name `freedompay`).
fn callback(order: i64, payment: &str, amount: &str, currency: &str, result: &str) -> Vec<(String, String)> {
    let mut fields: Vec<(String, String)> = [
        ("pg_order_id", order.to_string()),
        ("pg_payment_id", payment.to_owned()),
        ("pg_amount", amount.to_owned()),
        ("pg_currency", currency.to_owned()),
        ("pg_net_amount", amount.to_owned()),
        ("pg_result", result.to_owned()),
        ("pg_payment_date", "2026-11-24 06:00:00".to_owned()),
        ("pg_can_reject", "1".to_owned()),
        ("pg_testing_mode", "1".to_owned()),
        ("pg_salt", format!("salt{payment}")),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v))
    .collect();
    let sig = signature("freedompay", &fields, KEY);
    fields.push(("pg_sig".into(), sig));
    fields
}

async fn post_callback(app: &TestApp, provider: &str, fields: &[(String, String)]) -> Response {
    app.client
        .post(app.url(&format!("/api/payments/callback/{provider}")))
        .form(fields)
        .send()
        .await
        .expect("request sent")
}

/// The XML answer's `pg_status`.
async fn status_of(res: Response) -> String {
    assert_eq!(res.status(), 200);
    let body = res.text().await.expect("text");
    let fields = response_fields(&body);
    let status = fields.iter().find(|(k, _)| k == "pg_status").map(|(_, v)| v.clone()).expect("pg_status");
    let sig = fields.iter().find(|(k, _)| k == "pg_sig").map(|(_, v)| v.clone()).expect("pg_sig");
    assert_eq!(sig, signature("freedompay", &fields, KEY), "the answer is signed: {body}");
    status
}

async fn order(user: &User, package: i64) -> Value {
    let res = user.post("/api/payments/orders", json!({ "packageId": package })).await;
    assert_eq!(res.status(), 201);
    res.json::<Value>().await.unwrap()["order"].clone()
}

async fn balance(user: &User) -> i64 {
    let me: Value = user.get("/api/auth/me").await.json().await.unwrap();
    me["user"]["bidBalance"].as_i64().expect("balance")
}

async fn purchases(app: &TestApp, user: i64) -> Vec<(i64, Option<i64>)> {
    let rows = app
        .db()
        .await
        .query(
            "select delta, order_id from ledger_entry where user_id = $1 and reason = 'purchase'",
            &[&user],
        )
        .await
        .unwrap();
    rows.iter().map(|r| (r.get(0), r.get(1))).collect()
}

async fn order_state(user: &User, id: i64) -> Value {
    user.get(&format!("/api/payments/orders/{id}")).await.json::<Value>().await.unwrap()["order"].clone()
}

#[actix_web::test]
async fn the_catalogue_is_public_and_shows_the_price_of_one_bid() {
    let app = spawn_app().await;
    let res = app.get("/api/payments/packages").await;
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    let packages = body["packages"].as_array().expect("packages");
    assert_eq!(packages.len(), 5);
    assert_eq!(
        packages[0],
        json!({"id": 1, "bids": 50, "price": 750.0, "originalPrice": 1000.0, "savings": 250.0,
               "popular": false, "pricePerBid": 15.0})
    );
    let bids: Vec<i64> = packages.iter().map(|p| p["bids"].as_i64().unwrap()).collect();
    assert_eq!(bids, [50, 100, 250, 500, 1000]);
    let popular: Vec<i64> =
        packages.iter().filter(|p| p["popular"] == true).map(|p| p["id"].as_i64().unwrap()).collect();
    assert_eq!(popular, [3]);
    assert!(packages.iter().all(|p| p["pricePerBid"] == 15.0));
}

#[actix_web::test]
async fn an_order_is_priced_from_the_catalogue_and_belongs_to_its_buyer() {
    let app = spawn_app().await;
    expect_error(app.post("/api/payments/orders", json!({"packageId": 1})).await, 401, "unauthorized").await;
    let user = app.new_user("aibek").await;
    // The client cannot name the amount or the bids.
    let res = user.post("/api/payments/orders", json!({"packageId": 3, "amount": 1, "bids": 100000})).await;
    assert_eq!(res.status(), 201);
    let first = res.json::<Value>().await.unwrap()["order"].clone();
    let id = first["id"].as_i64().unwrap();
    assert_eq!(
        (&first["state"], &first["packageId"], &first["bids"], &first["amount"], &first["currency"]),
        (&json!("pending"), &json!(3), &json!(250), &json!(3750.0), &json!("KGS"))
    );
    assert_eq!(first["paymentUrl"], format!("/pay/demo/{id}"));
    assert!(first["paidAt"].is_null() && first["createdAt"].is_string());
    for bad in [json!({"packageId": 99}), json!({"packageId": "x"}), json!({}), json!({"packageId": 0})] {
        let body = expect_error(user.post("/api/payments/orders", bad).await, 400, "package_not_found").await;
        assert!(body["fields"]["packageId"].is_string());
    }
    app.db().await.execute("update bid_package set active = false where id = 5", &[]).await.unwrap();
    expect_error(user.post("/api/payments/orders", json!({"packageId": 5})).await, 400, "package_not_found")
        .await;

    let second = order(&user, 1).await;
    let list: Value = user.get("/api/payments/orders").await.json().await.unwrap();
    let ids: Vec<&Value> = list["orders"].as_array().unwrap().iter().map(|o| &o["id"]).collect();
    assert_eq!(ids, [&second["id"], &first["id"]], "newest first");
    assert_eq!(order_state(&user, id).await, first);

    let other = app.new_user("nurlan").await;
    expect_error(other.get(&format!("/api/payments/orders/{id}")).await, 404, "order_not_found").await;
    let paid = other.post(&format!("/api/payments/demo/{id}"), json!({"outcome": "paid"})).await;
    expect_error(paid, 404, "order_not_found").await;
    let list: Value = other.get("/api/payments/orders").await.json().await.unwrap();
    assert_eq!(list["orders"], json!([]));
    expect_error(app.get("/api/payments/orders").await, 401, "unauthorized").await;
    assert_eq!(balance(&user).await, 5);
    app.check().await;
}

#[actix_web::test]
async fn the_demo_page_pays_an_order_once_and_the_owner_sees_it_live() {
    let app = spawn_app().await;
    let user = app.new_user("aibek").await;
    let mut socket = Socket::connect(&app.address, Some(&user.cookie)).await;
    let id = order(&user, 2).await["id"].as_i64().unwrap();

    let res = user.post(&format!("/api/payments/demo/{id}"), json!({"outcome": "paid"})).await;
    assert_eq!(res.status(), 200);
    let paid = res.json::<Value>().await.unwrap()["order"].clone();
    assert_eq!(paid["state"], "paid");
    assert!(paid["paidAt"].is_string());
    assert_eq!(balance(&user).await, 105);
    assert_eq!(purchases(&app, user.id).await, [(100, Some(id))]);

    let update = socket.next_named("orderUpdate").await;
    assert_eq!(update["type"], "order");
    assert_eq!(update["order"]["id"], id);
    assert_eq!(update["order"]["state"], "paid");
    assert_eq!(socket.next_named("bidBalanceUpdate").await["bidBalance"], 105);

    // Paying again, or failing it now, changes nothing.
    for outcome in ["paid", "failed"] {
        let res = user.post(&format!("/api/payments/demo/{id}"), json!({"outcome": outcome})).await;
        assert_eq!(res.json::<Value>().await.unwrap()["order"]["state"], "paid");
    }
    assert_eq!(balance(&user).await, 105);
    assert_eq!(purchases(&app, user.id).await.len(), 1);
    let bad = user.post(&format!("/api/payments/demo/{id}"), json!({"outcome": "free"})).await;
    expect_error(bad, 400, "outcome_invalid").await;
    app.check().await;
}

#[actix_web::test]
async fn a_failed_payment_marks_the_order_failed_and_credits_nothing() {
    let app = spawn_app().await;
    let user = app.new_user("aibek").await;
    let mut socket = Socket::connect(&app.address, Some(&user.cookie)).await;
    let id = order(&user, 1).await["id"].as_i64().unwrap();
    let res = user.post(&format!("/api/payments/demo/{id}"), json!({"outcome": "failed"})).await;
    assert_eq!(res.json::<Value>().await.unwrap()["order"]["state"], "failed");
    let update = socket.next_named("orderUpdate").await;
    assert_eq!((update["order"]["id"].as_i64(), &update["order"]["state"]), (Some(id), &json!("failed")));
    assert_eq!(balance(&user).await, 5);
    assert!(purchases(&app, user.id).await.is_empty());
    let failed_at: Option<chrono::DateTime<chrono::Utc>> = app
        .db()
        .await
        .query_one("select failed_at from payment_order where id = $1", &[&id])
        .await
        .unwrap()
        .get(0);
    assert!(failed_at.is_some());
    app.check().await;
}

#[actix_web::test]
async fn a_signed_freedom_pay_callback_credits_once_and_is_answered_in_their_xml() {
    let app = spawn_app_with(freedompay).await;
    let user = app.new_user("aibek").await;
    let first = order(&user, 1).await;
    let id = first["id"].as_i64().unwrap();
    let url = first["paymentUrl"].as_str().unwrap();
    assert!(url.starts_with("https://api.freedompay.kg/init_payment.php?pg_merchant_id=545&"), "{url}");
    assert!(url.contains("pg_amount=750&") && url.contains("pg_currency=KGS") && url.contains("pg_sig="));
    // No demo route with a real provider.
    let demo = user.post(&format!("/api/payments/demo/{id}"), json!({"outcome": "paid"})).await;
    expect_error(demo, 404, "demo_payments_off").await;

    assert_eq!(
        status_of(post_callback(&app, "freedompay", &callback(id, "777001", "750", "KGS", "1")).await).await,
        "ok"
    );
    assert_eq!(order_state(&user, id).await["state"], "paid");
    assert_eq!(balance(&user).await, 55);
    // Freedom Pay may call again after a success: answered ok, nothing more credited.
    assert_eq!(
        status_of(post_callback(&app, "freedompay", &callback(id, "777001", "750.00", "KGS", "1")).await)
            .await,
        "ok"
    );
    assert_eq!(balance(&user).await, 55);
    // Another payment of the same paid order is refused.
    assert_eq!(
        status_of(post_callback(&app, "freedompay", &callback(id, "777002", "750", "KGS", "1")).await).await,
        "rejected"
    );
    assert_eq!(balance(&user).await, 55);
    let provider_id: Option<String> = app
        .db()
        .await
        .query_one("select provider_payment_id from payment_order where id = $1", &[&id])
        .await
        .unwrap()
        .get(0);
    assert_eq!(provider_id.as_deref(), Some("777001"));
    // A failure report for a pending order marks it failed.
    let other = order(&user, 2).await["id"].as_i64().unwrap();
    assert_eq!(
        status_of(post_callback(&app, "freedompay", &callback(other, "777003", "1500", "KGS", "0")).await)
            .await,
        "ok"
    );
    assert_eq!(order_state(&user, other).await["state"], "failed");
    assert_eq!(balance(&user).await, 55);
    // The demo provider's path is not served while Freedom Pay is configured.
    expect_error(post_callback(&app, "demo", &[]).await, 404, "provider_not_configured").await;
    app.check().await;
}

#[actix_web::test]
async fn twenty_concurrent_identical_callbacks_credit_once() {
    let app = spawn_app_with(freedompay).await;
    let user = app.new_user("aibek").await;
    let id = order(&user, 3).await["id"].as_i64().unwrap();
    let fields = callback(id, "555", "3750", "KGS", "1");
    let answers = join_all((0..20).map(|_| post_callback(&app, "freedompay", &fields))).await;
    for res in answers {
        assert_eq!(status_of(res).await, "ok");
    }
    assert_eq!(balance(&user).await, 255);
    assert_eq!(purchases(&app, user.id).await, [(250, Some(id))]);
    let outcomes = app
        .db()
        .await
        .query(
            "select outcome, count(*) from payment_callback where order_id = $1 group by outcome order by 1",
            &[&id],
        )
        .await
        .unwrap();
    let outcomes: Vec<(String, i64)> = outcomes.iter().map(|r| (r.get(0), r.get(1))).collect();
    assert_eq!(outcomes, [("credited".to_owned(), 1), ("duplicate".to_owned(), 19)]);
    app.check().await;
}

#[actix_web::test]
async fn unsigned_mis_signed_and_mismatched_callbacks_change_nothing_and_are_recorded() {
    let app = spawn_app_with(freedompay).await;
    let user = app.new_user("aibek").await;
    let id = order(&user, 1).await["id"].as_i64().unwrap();

    let good = callback(id, "9001", "750", "KGS", "1");
    let unsigned: Vec<(String, String)> = good.iter().filter(|(k, _)| k != "pg_sig").cloned().collect();
    let mut mis_signed = good.clone();
    mis_signed.iter_mut().find(|(k, _)| k == "pg_amount").unwrap().1 = "7.50".into();
    let mut wrong_key = unsigned.clone();
    wrong_key.push(("pg_sig".into(), signature("freedompay", &unsigned, "not-the-key")));
    let cases = [
        (unsigned, "error", "unsigned"),
        (mis_signed, "error", "bad_signature"),
        (wrong_key, "error", "bad_signature"),
        (callback(id, "9001", "7.50", "KGS", "1"), "rejected", "amount_mismatch"),
        (callback(id, "9001", "750", "USD", "1"), "rejected", "currency_mismatch"),
        (callback(id + 1000, "9001", "750", "KGS", "1"), "rejected", "unknown_order"),
    ];
    for (fields, status, _) in &cases {
        assert_eq!(&status_of(post_callback(&app, "freedompay", fields).await).await, status);
    }
    assert_eq!(order_state(&user, id).await["state"], "pending");
    assert_eq!(balance(&user).await, 5);
    assert!(purchases(&app, user.id).await.is_empty());
    let recorded =
        app.db().await.query("select outcome, payload from payment_callback order by id", &[]).await.unwrap();
    let outcomes: Vec<String> = recorded.iter().map(|r| r.get(0)).collect();
    let expected: Vec<&str> = cases.iter().map(|(_, _, outcome)| *outcome).collect();
    assert_eq!(outcomes, expected);
    let payload: Value = recorded[3].get(1);
    assert_eq!(payload["pg_amount"], "7.50");
    app.check().await;
}

#[actix_web::test]
async fn tyiyn_check_names_a_paid_order_without_its_purchase() {
    let app = spawn_app().await;
    let user = app.new_user("aibek").await;
    let paid = order(&user, 1).await["id"].as_i64().unwrap();
    user.post(&format!("/api/payments/demo/{paid}"), json!({"outcome": "paid"})).await;
    let forged = order(&user, 2).await["id"].as_i64().unwrap();
    app.check().await;
    app.db()
        .await
        .execute(
            "update payment_order set state = 'paid', paid_at = now(), provider_payment_id = 'x' where id = $1",
            &[&forged],
        )
        .await
        .unwrap();
    let report = app.report().await;
    let finding = report.finding(tyiyn::db::check::Invariant::Purchases);
    assert_eq!(
        finding.rows,
        [format!("order {forged} of {} (aibek) (paid, 100 bids): 0 ledger rows crediting 0", user.id)]
    );
    assert_eq!(finding.examined, 2);
    assert_eq!(report.violated(), 1, "only the purchases:\n{report}");
}

/// A stand-in for Freedom Pay's `get_status2.php`: checks the request's signature and answers,
/// signed, that payment ids starting with `ok` succeeded and every other failed.
async fn status_server() -> String {
    use actix_web::{App, HttpResponse, HttpServer, web};
    async fn status(body: web::Bytes) -> HttpResponse {
        let fields: Vec<(String, String)> = serde_urlencoded::from_bytes(&body).unwrap_or_default();
        let get =
            |name: &str| fields.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()).unwrap_or_default();
        let signed = get("pg_sig") == signature("get_status2.php", &fields, KEY);
        let paid = signed && get("pg_merchant_id") == "545" && get("pg_payment_id").starts_with("ok");
        let mut answer: Vec<(String, String)> = vec![
            ("pg_status".into(), if signed { "ok" } else { "error" }.into()),
            ("pg_payment_id".into(), get("pg_payment_id")),
            ("pg_payment_status".into(), if paid { "success" } else { "error" }.into()),
            ("pg_salt".into(), "s".into()),
        ];
        let sig = signature("get_status2.php", &answer, KEY);
        answer.push(("pg_sig".into(), sig));
        let xml: String = answer.iter().map(|(k, v)| format!("<{k}>{v}</{k}>")).collect();
        HttpResponse::Ok()
            .content_type("application/xml")
            .body(format!("<?xml version=\"1.0\"?><response>{xml}</response>"))
    }
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let server = HttpServer::new(|| App::new().route("/get_status2.php", web::post().to(status)))
        .workers(1)
        .listen(listener)
        .unwrap()
        .run();
    actix_web::rt::spawn(server);
    format!("http://127.0.0.1:{port}")
}

#[actix_web::test]
async fn a_paid_callback_is_credited_only_when_the_status_call_confirms_it() {
    let host = status_server().await;
    let app = spawn_app_with(|s| {
        freedompay(s);
        s.payments.freedompay.check_status = true;
        s.payments.freedompay.host = host;
    })
    .await;
    let user = app.new_user("aibek").await;
    let refused = order(&user, 1).await["id"].as_i64().unwrap();
    let res = post_callback(&app, "freedompay", &callback(refused, "bad-1", "750", "KGS", "1")).await;
    assert_eq!(status_of(res).await, "rejected");
    assert_eq!(order_state(&user, refused).await["state"], "pending");
    assert_eq!(balance(&user).await, 5);

    let confirmed = order(&user, 1).await["id"].as_i64().unwrap();
    let res = post_callback(&app, "freedompay", &callback(confirmed, "ok-2", "750", "KGS", "1")).await;
    assert_eq!(status_of(res).await, "ok");
    assert_eq!(order_state(&user, confirmed).await["state"], "paid");
    assert_eq!(balance(&user).await, 55);
    app.check().await;
}

#[actix_web::test]
async fn an_unreachable_status_call_is_answered_503_so_the_provider_calls_again() {
    // A port nothing listens on.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let app = spawn_app_with(|s| {
        freedompay(s);
        s.payments.freedompay.check_status = true;
        s.payments.freedompay.host = format!("http://127.0.0.1:{closed}");
    })
    .await;
    let user = app.new_user("aibek").await;
    let id = order(&user, 1).await["id"].as_i64().unwrap();
    let res = post_callback(&app, "freedompay", &callback(id, "ok-1", "750", "KGS", "1")).await;
    assert_eq!(res.status(), 503);
    assert_eq!(order_state(&user, id).await["state"], "pending");
    assert_eq!(balance(&user).await, 5);
    let outcome: String = app
        .db()
        .await
        .query_one("select outcome from payment_callback where order_id = $1", &[&id])
        .await
        .unwrap()
        .get(0);
    assert_eq!(outcome, "status_check_failed");
    app.check().await;
}
