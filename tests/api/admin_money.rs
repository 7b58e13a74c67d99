//! The money side of the operator's console: the package catalogue, every order with filters, and
//! refunds of paid orders (docs/rules/payments.md, "Refunds"), with `tyiyn check` after each.

use serde_json::{Value, json};

use tyiyn::app::refund::{Refund, Terms};

use crate::helpers::{TestApp, User, expect_error, spawn_app};
use crate::socket::Socket;

/// A paid order of `package` for `user`, through the demo provider; its id.
async fn bought(user: &User, package: i64) -> i64 {
    let id = placed(user, package).await;
    let res = user.post(&format!("/api/payments/demo/{id}"), json!({"outcome": "paid"})).await;
    assert_eq!(res.json::<Value>().await.unwrap()["order"]["state"], "paid");
    id
}

/// A pending order of `package` for `user`; its id.
async fn placed(user: &User, package: i64) -> i64 {
    let res = user.post("/api/payments/orders", json!({ "packageId": package })).await;
    assert_eq!(res.status(), 201);
    res.json::<Value>().await.unwrap()["order"]["id"].as_i64().expect("order id")
}

async fn balance(user: &User) -> i64 {
    let me: Value = user.get("/api/auth/me").await.json().await.unwrap();
    me["user"]["bidBalance"].as_i64().expect("balance")
}

/// Sets `user`'s balance as `admin` (through the ledger, as an admin adjustment).
async fn set_balance(app: &TestApp, admin: &User, user: &User, bids: i64) {
    let url = app.url(&format!("/api/admin/users/{}", user.id));
    let res = admin.client.patch(url).json(&json!({ "bidBalance": bids })).send().await.unwrap();
    assert_eq!(res.status(), 200);
}

async fn refund(admin: &User, order: i64) -> reqwest::Response {
    admin.post(&format!("/api/admin/orders/{order}/refund"), Value::Null).await
}

/// The `purchase_refund` ledger rows of `order`: their deltas.
async fn taken_back(app: &TestApp, order: i64) -> Vec<i64> {
    let rows = app
        .db()
        .await
        .query("select delta from ledger_entry where order_id = $1 and reason = 'purchase_refund'", &[&order])
        .await
        .unwrap();
    rows.iter().map(|r| r.get(0)).collect()
}

fn field_codes(body: &Value) -> Vec<String> {
    let fields = body["fields"].as_object().expect("fields");
    fields.keys().cloned().collect()
}

#[actix_web::test]
async fn admins_create_and_edit_packages_and_a_deactivated_one_is_not_sold() {
    let app = spawn_app().await;
    let admin = app.new_admin("boss").await;
    let user = app.new_user("aibek").await;
    expect_error(user.get("/api/admin/packages").await, 403, "forbidden").await;

    let all: Value = admin.get("/api/admin/packages").await.json().await.unwrap();
    assert_eq!(all["packages"].as_array().unwrap().len(), 5);
    assert_eq!(
        all["packages"][2],
        json!({"id": 3, "bids": 250, "price": 3750.0, "originalPrice": 5000.0, "savings": 1250.0,
               "popular": true, "pricePerBid": 15.0, "active": true, "position": 3})
    );

    let body = expect_error(
        admin
            .post(
                "/api/admin/packages",
                json!({"bids": 0, "price": "abc", "originalPrice": 1, "position": -2}),
            )
            .await,
        400,
        "validation_failed",
    )
    .await;
    assert_eq!(field_codes(&body), ["bids", "position", "price"]);
    let body = expect_error(
        admin.post("/api/admin/packages", json!({"bids": 10, "price": 200, "originalPrice": 100})).await,
        400,
        "original_price_below_price",
    )
    .await;
    assert!(body["fields"]["originalPrice"].is_string());

    let res = admin
        .post(
            "/api/admin/packages",
            json!({"bids": 20, "price": "250.50", "originalPrice": 400, "position": 6}),
        )
        .await;
    assert_eq!(res.status(), 201);
    let created = res.json::<Value>().await.unwrap()["package"].clone();
    assert_eq!(
        created,
        json!({"id": 6, "bids": 20, "price": 250.5, "originalPrice": 400.0, "savings": 149.5,
               "popular": false, "pricePerBid": 12.53, "active": true, "position": 6})
    );
    let public: Value = app.get("/api/payments/packages").await.json().await.unwrap();
    assert_eq!(public["packages"][5]["id"], 6);

    // Deactivated: listed for admins, off the public catalogue, and no longer sold.
    let res = admin.put("/api/admin/packages/6", json!({"active": false, "popular": true})).await;
    assert_eq!(res.status(), 200);
    let edited = res.json::<Value>().await.unwrap()["package"].clone();
    assert_eq!(
        (&edited["active"], &edited["popular"], &edited["bids"]),
        (&json!(false), &json!(true), &json!(20))
    );
    let public: Value = app.get("/api/payments/packages").await.json().await.unwrap();
    assert!(public["packages"].as_array().unwrap().iter().all(|p| p["id"] != 6));
    let res = user.post("/api/payments/orders", json!({"packageId": 6})).await;
    expect_error(res, 400, "package_not_found").await;
    let all: Value = admin.get("/api/admin/packages").await.json().await.unwrap();
    assert_eq!(all["packages"].as_array().unwrap().len(), 6);

    expect_error(
        admin.put("/api/admin/packages/6", json!({"price": 500})).await,
        400,
        "original_price_below_price",
    )
    .await;
    expect_error(
        admin.put("/api/admin/packages/99", json!({"active": true})).await,
        404,
        "package_not_found",
    )
    .await;
    expect_error(user.put("/api/admin/packages/6", json!({"active": true})).await, 403, "forbidden").await;

    let audit: Value = admin.get("/api/admin/audit").await.json().await.unwrap();
    let actions: Vec<&str> =
        audit["entries"].as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["package.update", "package.create"]);
    assert_eq!(audit["entries"][0]["after"], json!({"active": false, "popular": true}));
    app.check().await;
}

#[actix_web::test]
async fn orders_are_listed_for_admins_with_filters() {
    let app = spawn_app().await;
    let admin = app.new_admin("boss").await;
    let aibek = app.new_user("aibek").await;
    let nurlan = app.new_user("nurlan").await;
    let paid = bought(&aibek, 1).await;
    let pending = placed(&nurlan, 2).await;
    let failed = placed(&aibek, 1).await;
    let res = aibek.post(&format!("/api/payments/demo/{failed}"), json!({"outcome": "failed"})).await;
    assert_eq!(res.status(), 200);

    let ids = |page: &Value| -> Vec<i64> {
        page["orders"].as_array().unwrap().iter().map(|o| o["id"].as_i64().unwrap()).collect()
    };
    let all: Value = admin.get("/api/admin/orders").await.json().await.unwrap();
    assert_eq!(ids(&all), [failed, pending, paid]);
    assert_eq!((&all["total"], &all["page"], &all["pageSize"]), (&json!(3), &json!(1), &json!(20)));
    let first = &all["orders"][2];
    assert_eq!(
        (&first["state"], &first["bids"], &first["amount"]),
        (&json!("paid"), &json!(50), &json!(750.0))
    );
    assert_eq!(
        (&first["userId"], &first["username"], &first["provider"]),
        (&json!(aibek.id), &json!("aibek"), &json!("demo"))
    );
    assert!(first["providerPaymentId"].is_string());
    assert_eq!(
        (&first["refundBids"], &first["refundAmount"], &first["refundedAt"]),
        (&Value::Null, &Value::Null, &Value::Null)
    );

    let page: Value = admin.get("/api/admin/orders?state=paid").await.json().await.unwrap();
    assert_eq!((ids(&page), &page["total"]), (vec![paid], &json!(1)));
    let page: Value = admin.get("/api/admin/orders?q=NURL").await.json().await.unwrap();
    assert_eq!(ids(&page), [pending]);
    let page: Value = admin.get(&format!("/api/admin/orders?q=%23{failed}")).await.json().await.unwrap();
    assert_eq!(ids(&page), [failed]);
    let page: Value =
        admin.get("/api/admin/orders?kind=package&q=aibek&limit=1&page=2").await.json().await.unwrap();
    assert_eq!(
        (ids(&page), &page["total"], &page["page"], &page["pageSize"]),
        (vec![paid], &json!(2), &json!(2), &json!(1))
    );
    let page: Value = admin.get("/api/admin/orders?kind=claim").await.json().await.unwrap();
    assert_eq!((ids(&page), &page["total"]), (vec![], &json!(0)));
    let page: Value = admin.get("/api/admin/orders?page=9").await.json().await.unwrap();
    assert_eq!((ids(&page), &page["total"]), (vec![], &json!(3)));

    let body = expect_error(
        admin.get("/api/admin/orders?state=lost&kind=gift&page=0").await,
        400,
        "validation_failed",
    )
    .await;
    assert_eq!(field_codes(&body), ["kind", "page", "state"]);
    expect_error(admin.get("/api/admin/orders?state=lost").await, 400, "order_state_invalid").await;
    expect_error(aibek.get("/api/admin/orders").await, 403, "forbidden").await;
    app.check().await;
}

#[actix_web::test]
async fn a_refund_of_unspent_bids_takes_them_all_back_and_returns_the_whole_amount() {
    let app = spawn_app().await;
    let admin = app.new_admin("boss").await;
    let user = app.new_user("aibek").await;
    let id = bought(&user, 2).await;
    assert_eq!(balance(&user).await, 105);
    let mut socket = Socket::connect(&app.address, Some(&user.cookie)).await;

    let res = refund(&admin, id).await;
    assert_eq!(res.status(), 200);
    let order = res.json::<Value>().await.unwrap()["order"].clone();
    assert_eq!((&order["id"], &order["state"]), (&json!(id), &json!("refunded")));
    assert_eq!((&order["refundBids"], &order["refundAmount"]), (&json!(100), &json!(1500.0)));
    assert!(order["refundedAt"].is_string());
    assert_eq!(balance(&user).await, 5);
    assert_eq!(taken_back(&app, id).await, [-100]);

    let update = socket.next_named("orderUpdate").await;
    assert_eq!((&update["order"]["id"], &update["order"]["state"]), (&json!(id), &json!("refunded")));
    assert_eq!(socket.next_named("bidBalanceUpdate").await["bidBalance"], 5);
    let own: Value = user.get(&format!("/api/payments/orders/{id}")).await.json().await.unwrap();
    assert_eq!(own["order"]["state"], "refunded");

    let audit: Value = admin.get("/api/admin/audit").await.json().await.unwrap();
    assert_eq!(audit["entries"][0]["action"], "order.refund");
    assert_eq!(audit["entries"][0]["targetId"], id);
    let refunded: Value = admin.get("/api/admin/orders?state=refunded").await.json().await.unwrap();
    assert_eq!(refunded["total"], 1);

    // The provider calling again after the refund credits nothing again.
    let res = user.post(&format!("/api/payments/demo/{id}"), json!({"outcome": "paid"})).await;
    assert_eq!(res.json::<Value>().await.unwrap()["order"]["state"], "refunded");
    assert_eq!(balance(&user).await, 5);
    app.check().await;
}

#[actix_web::test]
async fn tyiyn_check_names_a_refund_that_does_not_match_its_ledger() {
    let app = spawn_app().await;
    let admin = app.new_admin("boss").await;
    let user = app.new_user("aibek").await;
    let id = bought(&user, 1).await;
    assert_eq!(refund(&admin, id).await.status(), 200);
    app.db().await.execute("update payment_order set refund_bids = 10 where id = $1", &[&id]).await.unwrap();
    let report = app.report().await;
    assert_eq!(report.violated(), 1, "only the refunds:\n{report}");
    let finding = report.finding(tyiyn::db::check::Invariant::Refunds);
    assert_eq!(
        finding.rows,
        [format!(
            "order {id} of {} (aibek) (refunded, 50 bids, refund_bids 10): 1 purchase_refund rows taking back 50 from users {}",
            user.id, user.id
        )]
    );
}

#[actix_web::test]
async fn a_refund_after_some_bids_were_spent_takes_back_what_is_left_and_its_share_of_the_money() {
    let app = spawn_app().await;
    let admin = app.new_admin("boss").await;
    let user = app.new_user("aibek").await;
    let id = bought(&user, 1).await;
    assert_eq!(balance(&user).await, 55);
    // Spent: 35 of them are gone (an admin adjustment stands in for 35 bids here).
    set_balance(&app, &admin, &user, 20).await;

    let order = refund(&admin, id).await.json::<Value>().await.unwrap()["order"].clone();
    // 20 of the 50 bids are taken back: 20/50 of 750 som.
    assert_eq!(
        (&order["state"], &order["refundBids"], &order["refundAmount"]),
        (&json!("refunded"), &json!(20), &json!(300.0))
    );
    assert_eq!(balance(&user).await, 0);
    assert_eq!(taken_back(&app, id).await, [-20]);
    app.check().await;

    // All spent: nothing to take back, nothing returned, still recorded as refunded.
    let second = bought(&user, 1).await;
    set_balance(&app, &admin, &user, 0).await;
    let order = refund(&admin, second).await.json::<Value>().await.unwrap()["order"].clone();
    assert_eq!(
        (&order["state"], &order["refundBids"], &order["refundAmount"]),
        (&json!("refunded"), &json!(0), &json!(0.0))
    );
    assert!(taken_back(&app, second).await.is_empty());
    app.check().await;
}

#[actix_web::test]
async fn only_a_paid_order_is_refunded_and_only_once() {
    let app = spawn_app().await;
    let admin = app.new_admin("boss").await;
    let user = app.new_user("aibek").await;
    let pending = placed(&user, 1).await;
    let failed = placed(&user, 1).await;
    user.post(&format!("/api/payments/demo/{failed}"), json!({"outcome": "failed"})).await;
    let paid = bought(&user, 1).await;

    expect_error(refund(&admin, pending).await, 409, "order_not_refundable").await;
    expect_error(refund(&admin, failed).await, 409, "order_not_refundable").await;
    expect_error(refund(&user, paid).await, 403, "forbidden").await;
    expect_error(refund(&admin, 999_999).await, 404, "order_not_found").await;
    assert_eq!(refund(&admin, paid).await.status(), 200);
    expect_error(refund(&admin, paid).await, 409, "order_not_refundable").await;
    assert_eq!(taken_back(&app, paid).await, [-50]);
    assert_eq!(balance(&user).await, 5);

    // Concurrent refunds of one order: one wins, the others find it refunded.
    let again = bought(&user, 1).await;
    let answers = futures_util::future::join_all((0..5).map(|_| refund(&admin, again))).await;
    let mut statuses: Vec<u16> = answers.iter().map(|r| r.status().as_u16()).collect();
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409, 409, 409, 409]);
    assert_eq!(taken_back(&app, again).await, [-50]);
    app.check().await;
}

/// A won item's claim in `state` with its paid claim order (`bids` credited on payment, with
/// their `purchase` row, as the payment callback does); returns (claim, order).
async fn paid_claim(app: &TestApp, user: i64, state: &str, bids: i32) -> (i64, i64) {
    let db = app.db().await;
    let claim: i64 = db
        .query_one(
            "insert into claim (user_id, position, title, price, package_bids, state, reserved_until,
                                delivery_method, delivery_fee, paid_at)
             values ($1, 1, 'Phone', 1000000, $2, $3, now() + interval '1 day', 'courier', 20000, now())
             returning id",
            &[&user, &(bids > 0).then_some(bids), &state],
        )
        .await
        .unwrap()
        .get(0);
    let order: i64 = db
        .query_one(
            "insert into payment_order (user_id, kind, claim_id, bids, amount, provider, state,
                                        provider_payment_id, paid_at)
             values ($1, 'claim', $2, $3, 1020000, 'demo', 'paid', $4, now())
             returning id",
            &[&user, &claim, &bids, &format!("demo-claim-{claim}")],
        )
        .await
        .unwrap()
        .get(0);
    if bids > 0 {
        db.execute(
            "insert into ledger_entry (user_id, delta, reason, order_id) values ($1, $2, 'purchase', $3)",
            &[&user, &i64::from(bids), &order],
        )
        .await
        .unwrap();
        db.execute(
            "update app_user set bid_balance = bid_balance + $2 where id = $1",
            &[&user, &i64::from(bids)],
        )
        .await
        .unwrap();
    }
    (claim, order)
}

async fn claim_state(app: &TestApp, claim: i64) -> (String, Option<String>, bool) {
    let row = app
        .db()
        .await
        .query_one("select state, end_reason, ended_at is not null from claim where id = $1", &[&claim])
        .await
        .unwrap();
    (row.get(0), row.get(1), row.get(2))
}

/// Refunds `order` as admin `admin` through the library, in its own transaction. (The route
/// answers with the buyer's `Order` of a claim order, which needs the claims branch's nullable
/// `packageId`; the refund itself is all here.)
async fn refund_in_db(app: &TestApp, order: i64, admin: i64) -> Refund {
    let pool = tyiyn::db::connect(&app.db_url, 1, tyiyn::db::DEFAULT_TIMEOUT).await.expect("pool");
    let mut client = pool.get().await.expect("connection");
    let tx = client.transaction().await.unwrap();
    let outcome = tyiyn::app::refund::refund(&tx, order, admin).await.expect("refund runs");
    tx.commit().await.unwrap();
    outcome
}

#[actix_web::test]
async fn a_paid_won_item_is_refunded_in_full_until_it_ships_and_then_ends_expired() {
    let app = spawn_app().await;
    let admin = app.new_admin("boss").await;
    let user = app.new_user("aibek").await;

    let (claim, order) = paid_claim(&app, user.id, "paid", 0).await;
    let outcome = refund_in_db(&app, order, admin.id).await;
    let terms = Terms { bids: 0, amount: 1_020_000 };
    assert_eq!(outcome, Refund::Done { user: user.id, terms, balance: None, expired_claim: Some(claim) });
    assert_eq!(claim_state(&app, claim).await, ("expired".into(), Some("declined".into()), true));
    assert_eq!(balance(&user).await, 5);
    assert_eq!(refund_in_db(&app, order, admin.id).await, Refund::NotRefundable);

    let (shipped, order) = paid_claim(&app, user.id, "shipped", 0).await;
    expect_error(refund(&admin, order).await, 409, "order_not_refundable").await;
    assert_eq!(claim_state(&app, shipped).await.0, "shipped");

    // A won bid package: its credited bids come back like a package's.
    let (package, order) = paid_claim(&app, user.id, "paid", 100).await;
    assert_eq!(balance(&user).await, 105);
    let outcome = refund_in_db(&app, order, admin.id).await;
    let terms = Terms { bids: 100, amount: 1_020_000 };
    assert_eq!(
        outcome,
        Refund::Done { user: user.id, terms, balance: Some(5), expired_claim: Some(package) }
    );
    assert_eq!(balance(&user).await, 5);
    assert_eq!(taken_back(&app, order).await, [-100]);
    assert_eq!(claim_state(&app, package).await.0, "expired");
    app.check().await;
}
