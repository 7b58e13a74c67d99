//! Won items: the claim a human win opens, choosing delivery and paying it through the demo
//! provider (and Freedom Pay's callbacks), declining and lapsing down the list of participants,
//! the reminder, and the admin's moves. The sweeper runs every 100 ms here (config/test.toml);
//! waits poll the database with a deadline and never assert on wall-clock timing. This file holds
//! the shared steps, the win and the delivery choice; `paying`, `passing` and `admin` the rest.

mod admin;
mod passing;
mod paying;

use std::time::Duration;

use serde_json::{Value, json};
use tyiyn::config::Settings;
use tyiyn_testkit::{keep_trying, until};

use crate::helpers::{TestApp, User, expect_error, long_countdowns, spawn_app_with};
use crate::socket::Socket;

/// Long countdowns (only admins end auctions); the 1-second rule is off, as in every test.
pub fn quick(s: &mut Settings) {
    long_countdowns(s);
}

/// An app with settings `tweak`, an admin and two users, asel and bakyt.
pub async fn people(tweak: impl FnOnce(&mut Settings)) -> (TestApp, User, User, User) {
    let app = spawn_app_with(tweak).await;
    let admin = app.new_admin("boss").await;
    let (a, b) = (app.new_user("asel").await, app.new_user("bakyt").await);
    (app, admin, a, b)
}

pub async fn claim_rows(app: &TestApp) -> i64 {
    app.db().await.query_one("select count(*) from claim", &[]).await.unwrap().get(0)
}

/// A live auction; `package` makes it a bid-package auction of that many bids.
pub async fn live_auction(app: &TestApp, admin: &User, title: &str, package: Option<i64>) -> i64 {
    live_auction_with(app, admin, title, package, None).await
}

/// [`live_auction`], with `house_bot` assigned and a house reserve of 10 bids when given.
pub async fn live_auction_with(
    app: &TestApp,
    admin: &User,
    title: &str,
    package: Option<i64>,
    house_bot: Option<i64>,
) -> i64 {
    let res = admin
        .post(
            "/api/admin/auctions",
            json!({"title": title, "description": "", "imageUrl": "/demo/phone.svg", "retailPrice": 1000,
                   "startTime": chrono::Utc::now().to_rfc3339(), "isBidPackage": package.is_some(),
                   "bidPackageBids": package, "houseReserve": house_bot.map(|_| 10),
                   "botIds": house_bot.into_iter().collect::<Vec<_>>()}),
        )
        .await;
    assert_eq!(res.status(), 201, "creating {title}");
    let id = res.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    let (within, every) = (Duration::from_secs(10), Duration::from_millis(10));
    until(&format!("auction {id} did not go live"), within, every, || async {
        let a: Value = app.get(&format!("/api/auctions/{id}")).await.json().await.unwrap();
        a["status"] == "live"
    })
    .await;
    id
}

/// `bidders` bid in order on a new auction, then the admin ends it: the last one wins.
pub async fn won(app: &TestApp, admin: &User, bidders: &[&User], package: Option<i64>) -> i64 {
    let id = live_auction(app, admin, "Смартфон", package).await;
    for user in bidders {
        // Two round trips can take less than the 10 ms one bidder waits between bids.
        tokio::time::sleep(Duration::from_millis(15)).await;
        assert_eq!(user.bid(id).await.status(), 200);
    }
    assert_eq!(admin.post(&format!("/api/admin/auctions/{id}/end"), Value::Null).await.status(), 200);
    id
}

pub async fn claims_of(user: &User) -> Value {
    let res = user.get("/api/users/claims").await;
    assert_eq!(res.status(), 200);
    res.json().await.unwrap()
}

/// The user's newest claim.
pub async fn claim_of(user: &User) -> Value {
    claims_of(user).await["claims"][0].clone()
}

pub async fn choose(user: &User, claim: i64, body: Value) -> reqwest::Response {
    user.post(&format!("/api/claims/{claim}/delivery"), body).await
}

/// Chooses pickup and answers `{claim, order}`.
pub async fn pickup(user: &User, claim: i64) -> Value {
    let res = choose(user, claim, json!({"method": "pickup", "phone": "+996555123456"})).await;
    assert_eq!(res.status(), 201);
    res.json().await.unwrap()
}

pub async fn pay(user: &User, order: i64) -> Value {
    let res = user.post(&format!("/api/payments/demo/{order}"), json!({"outcome": "paid"})).await;
    assert_eq!(res.status(), 200);
    res.json::<Value>().await.unwrap()["order"].clone()
}

pub async fn balance(user: &User) -> i64 {
    let me: Value = user.get("/api/auth/me").await.json().await.unwrap();
    me["user"]["bidBalance"].as_i64().unwrap()
}

/// The stored notifications of `kind` to `user`, as their payloads, oldest first.
pub async fn notices(app: &TestApp, user: i64, kind: &str) -> Vec<Value> {
    let rows = app
        .db()
        .await
        .query(
            "select payload from notification where user_id = $1 and kind = $2 order by id",
            &[&user, &kind],
        )
        .await
        .unwrap();
    rows.iter().map(|r| r.get(0)).collect()
}

/// The last bid amount of `user` on `auction`, as the wire's som number.
pub async fn last_bid(app: &TestApp, auction: i64, user: i64) -> f64 {
    let amount: i64 = app
        .db()
        .await
        .query_one(
            "select amount from bid where auction_id = $1 and user_id = $2 order by id desc limit 1",
            &[&auction, &user],
        )
        .await
        .unwrap()
        .get(0);
    amount as f64 / 100.0
}

/// Polls until `user`'s newest claim satisfies `done`; panics after ten seconds.
pub async fn wait_claim(user: &User, done: impl Fn(&Value) -> bool) -> Value {
    let got_there = keep_trying(Duration::from_secs(10), Duration::from_millis(50), || async {
        let claim = claim_of(user).await;
        if done(&claim) { Ok(claim) } else { Err(claim) }
    });
    got_there.await.unwrap_or_else(|claim| panic!("the claim never got there: {claim:#}"))
}

pub async fn ship(admin: &User, id: i64, body: Value) -> reqwest::Response {
    admin.post(&format!("/api/admin/claims/{id}/ship"), body).await
}

pub async fn lapse(app: &TestApp, claim: i64) {
    let db = app.db().await;
    db.execute("update claim set reserved_until = now() - interval '1 minute' where id = $1", &[&claim])
        .await
        .unwrap();
}

#[actix_web::test]
async fn a_human_win_opens_a_claim_reserved_for_the_winner_and_tells_them_live() {
    let (app, admin, a, b) = people(quick).await;
    let mut socket = Socket::connect(&app.address, Some(&b.cookie)).await;
    let auction = won(&app, &admin, &[&a, &b], None).await;

    let body = claims_of(&b).await;
    assert_eq!(
        body["deliveryMethods"],
        json!([{"method": "pickup", "fee": 0.0}, {"method": "courier", "fee": 200.0},
               {"method": "region", "fee": 350.0}])
    );
    let claim = &body["claims"][0];
    let shown: Value = app.get(&format!("/api/auctions/{auction}")).await.json().await.unwrap();
    assert_eq!(
        (&claim["auctionId"], &claim["title"], &claim["state"], &claim["position"], &claim["price"]),
        (&json!(auction), &json!("Смартфон"), &json!("reserved"), &json!(1), &shown["currentPrice"])
    );
    assert_eq!(claim["imageUrl"], "/demo/phone.svg");
    for empty in ["endReason", "deliveryMethod", "total", "orderId", "paymentUrl", "packageBids", "paidAt"] {
        assert!(claim[empty].is_null(), "{empty} in {claim}");
    }
    let until = chrono::DateTime::parse_from_rfc3339(claim["reservedUntil"].as_str().unwrap()).unwrap();
    let hours = (until.with_timezone(&chrono::Utc) - chrono::Utc::now()).num_minutes() as f64 / 60.0;
    assert!((47.9..=48.0).contains(&hours), "reserved for 48 hours: {hours}");

    let notice = socket.next_notice().await;
    assert_eq!((&notice["type"], &notice["claimId"]), (&json!("auctionWon"), &claim["id"]));
    assert_eq!((&notice["auctionId"], &notice["title"]), (&json!(auction), &json!("Смартфон")));
    assert!(notice["id"].is_i64() && notice["until"].is_string(), "{notice}");
    let stored = notices(&app, b.id, "auction_won").await;
    assert_eq!(stored.len(), 1);
    assert_eq!(stored[0]["claimId"], claim["id"]);
    assert!(claims_of(&a).await["claims"].as_array().unwrap().is_empty(), "the loser has none");
    expect_error(app.get("/api/users/claims").await, 401, "unauthorized").await;
    app.check().await;
}

#[actix_web::test]
async fn delivery_is_validated_and_answers_an_order_of_price_plus_fee() {
    let (app, admin, a, b) = people(quick).await;
    won(&app, &admin, &[&a, &b], None).await;
    let claim = claim_of(&b).await;
    let id = claim["id"].as_i64().unwrap();

    let cases = [
        (json!({"method": "drone", "phone": "+996555123456"}), "delivery_method_invalid", "method"),
        (json!({"phone": "+996555123456"}), "delivery_method_invalid", "method"),
        (json!({"method": "courier", "phone": "+996555123456"}), "address_required", "address"),
        (
            json!({"method": "region", "address": " Ош ", "phone": "+996555123456"}),
            "address_required",
            "address",
        ),
        (json!({"method": "pickup", "phone": "0555 12 34 56"}), "phone_invalid", "phone"),
        (json!({"method": "pickup"}), "phone_invalid", "phone"),
    ];
    for (body, code, field) in cases {
        let err = expect_error(choose(&b, id, body).await, 400, code).await;
        assert!(err["fields"][field].is_string(), "{err}");
    }
    expect_error(
        choose(&a, id, json!({"method": "pickup", "phone": "+996555123456"})).await,
        404,
        "claim_not_found",
    )
    .await;
    expect_error(
        choose(&b, id + 100, json!({"method": "pickup", "phone": "+996555123456"})).await,
        404,
        "claim_not_found",
    )
    .await;

    let body = json!({"method": "courier", "address": "Бишкек, Киевская 77", "phone": "+996555123456"});
    let res = choose(&b, id, body).await;
    assert_eq!(res.status(), 201);
    let first: Value = res.json().await.unwrap();
    let price = claim["price"].as_f64().unwrap();
    let order = &first["order"];
    assert_eq!(
        (&order["kind"], &order["claimId"], &order["packageId"]),
        (&json!("claim"), &json!(id), &Value::Null)
    );
    assert_eq!((&order["state"], &order["bids"]), (&json!("pending"), &json!(0)));
    assert_eq!(order["amount"].as_f64().unwrap(), price + 200.0);
    let c = &first["claim"];
    assert_eq!(
        (&c["state"], &c["deliveryMethod"], &c["deliveryFee"]),
        (&json!("claimed"), &json!("courier"), &json!(200.0))
    );
    assert_eq!(c["total"].as_f64().unwrap(), price + 200.0);
    assert_eq!((&c["orderId"], &c["paymentUrl"]), (&order["id"], &order["paymentUrl"]));
    assert_eq!(c["address"], "Бишкек, Киевская 77");

    // Choosing again replaces the pending order.
    let second = pickup(&b, id).await;
    assert_eq!(second["order"]["amount"].as_f64().unwrap(), price);
    assert!(second["claim"]["address"].is_null());
    let old = b.get(&format!("/api/payments/orders/{}", order["id"])).await.json::<Value>().await.unwrap();
    assert_eq!(old["order"]["state"], "failed");
    assert_eq!(claim_of(&b).await["orderId"], second["order"]["id"]);

    // A reservation that has ended takes no choice, even before the sweeper passes it on.
    app.db().await.execute("update claim set reserved_until = now() where id = $1", &[&id]).await.unwrap();
    let late = choose(&b, id, json!({"method": "pickup", "phone": "+996555123456"})).await;
    if late.status() == 409 {
        let code = late.json::<Value>().await.unwrap()["code"].clone();
        assert!(code == "claim_expired" || code == "claim_not_open", "{code}");
    } else {
        panic!("a late choice was accepted: {}", late.status());
    }
    app.check().await;
}
