//! Operators and sign-ups at the same instant: a refund is made once, balance edits keep the
//! balance equal to its ledger, one username or email is one account with one sign-up bonus, a
//! first spend limit sent several times keeps the strictest, and partial bot-settings edits all
//! land (docs/rules/concurrency.md, "Concurrency").

use reqwest::Method;
use serde_json::{Value, json};

use super::{N, at_once, expect};
use crate::helpers::{json_of, spawn_app};

#[actix_web::test]
async fn a_refund_sent_at_once_is_made_once_and_balance_edits_stay_on_the_ledger() {
    let app = spawn_app().await;
    let (admin, second) = (app.new_admin("boss").await, app.new_admin("deputy").await);
    let aida = app.new_user("aida").await;
    let order = json_of(aida.post("/api/payments/orders", json!({"packageId": 1})).await).await;
    let id = order["order"]["id"].as_i64().unwrap();
    assert_eq!(
        aida.post(&format!("/api/payments/demo/{id}"), json!({"outcome": "paid"})).await.status(),
        200
    );
    let bought = aida.balance().await;

    // Two admins press Refund N times between them, at once; repeated callbacks for the order
    // race with them too.
    let path = format!("/api/admin/orders/{id}/refund");
    let refunds = (0..N).map(|i| if i % 2 == 0 { &admin } else { &second }.posting(&path, Value::Null));
    let (tally, _) = at_once(refunds).await;
    assert_eq!(tally, expect(&[(200, "", 1), (409, "order_not_refundable", N - 1)]));
    assert_eq!(aida.balance().await, 5, "the {} bought bids taken back once", bought - 5);
    let taken: i64 = app
        .db()
        .await
        .query_one(
            "select count(*) from ledger_entry where order_id = $1 and reason = 'purchase_refund'",
            &[&id],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(taken, 1);

    // N balance edits at once from two admins: each is applied whole, one after another, and the
    // ledger follows every one of them (tyiyn check).
    let path = format!("/api/admin/users/{}", aida.id);
    let edits = (0..N).map(|i| {
        let who = if i % 2 == 0 { &admin } else { &second };
        who.sending(Method::PATCH, &path, json!({"bidBalance": 10 + i}))
    });
    let (tally, _) = at_once(edits).await;
    assert_eq!(tally, expect(&[(200, "", N)]));
    assert!((10..10 + N as i64).contains(&aida.balance().await));
    app.check().await;
}

#[actix_web::test]
async fn one_username_or_email_sent_at_once_makes_one_account_with_one_bonus() {
    let app = spawn_app().await;
    let register = |name: &str, email: &str| {
        let request = app.client.post(app.url("/api/auth/register"));
        let body = json!({"username": name, "email": email, "password": "secret1"});
        let request = request.json(&body);
        async move { request.send().await.expect("request sent") }
    };
    // The same username N times (different addresses), then the same address under N names.
    let (tally, _) = at_once((0..N).map(|i| register("aibek", &format!("a{i}@example.kg")))).await;
    assert_eq!(tally, expect(&[(201, "", 1), (409, "username_taken", N - 1)]));
    let (tally, _) = at_once((0..N).map(|i| register(&format!("nurlan{i}"), "same@example.kg"))).await;
    assert_eq!(tally, expect(&[(201, "", 1), (409, "email_taken", N - 1)]));
    let db = app.db().await;
    let accounts: i64 = db.query_one("select count(*) from app_user", &[]).await.unwrap().get(0);
    let bonuses: i64 = db
        .query_one("select count(*) from ledger_entry where reason = 'signup_bonus'", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!((accounts, bonuses), (2, 2));
    app.check().await;
}

#[actix_web::test]
async fn a_first_limit_sent_at_once_keeps_the_strictest_and_bot_settings_edits_all_land() {
    let app = spawn_app().await;
    let admin = app.new_admin("boss").await;
    let aida = app.new_user("aida").await;
    // No limit yet; N settings at once. Whatever their order, a looser one waits a day, so the
    // limit in force is the strictest sent.
    let sets = (0..N).map(|i| aida.sending(Method::PUT, "/api/users/limits", json!({"dailyBids": 20 - i})));
    let (tally, _) = at_once(sets).await;
    assert_eq!(tally, expect(&[(200, "", N)]));
    let limits = json_of(aida.get("/api/users/limits").await).await;
    assert_eq!(limits["dailyBids"], 20 - (N as i64 - 1), "{limits}");

    // Partial bot-settings edits at once, each changing its own field: all of them land.
    let edits =
        [json!({"minDelay": 2}), json!({"maxDelay": 9}), json!({"activeBots": 4}), json!({"enabled": false})];
    let (tally, _) = at_once(
        edits.into_iter().cycle().take(N).map(|e| admin.sending(Method::PUT, "/api/admin/bot-settings", e)),
    )
    .await;
    assert_eq!(tally, expect(&[(200, "", N)]));
    let settings = json_of(admin.get("/api/admin/bot-settings").await).await;
    assert_eq!(
        (&settings["minDelay"], &settings["maxDelay"], &settings["activeBots"], &settings["enabled"]),
        (&json!(2), &json!(9), &json!(4), &json!(false)),
        "{settings}"
    );
    app.check().await;
}

/// Migration 0025 checks a bid's auction with a statement trigger instead of a foreign key: an
/// auction deleted while N bids on it commit leaves no bid behind, and every bid that was taken
/// was given back (docs/rules/database.md, "References checked once per statement").
#[actix_web::test]
async fn an_auction_deleted_while_bids_arrive_keeps_no_bid_and_gives_every_one_back() {
    let app = spawn_app().await;
    let admin = app.new_admin("boss").await;
    let live = app.create_live_auction(&admin, "Телефон").await;
    let mut bidders = Vec::with_capacity(N);
    for i in 0..N {
        bidders.push(app.new_user(&format!("bidder{i}")).await);
    }
    let path = format!("/api/admin/auctions/{live}");
    let ((tally, _), deleted) =
        tokio::join!(at_once(bidders.iter().map(|b| b.bid(live))), admin.delete(&path));
    assert_eq!(deleted.status(), 200, "{tally:?}");
    assert_eq!(tally.values().sum::<usize>(), N);
    for bidder in &bidders {
        assert_eq!(bidder.balance().await, 5, "{tally:?}");
    }
    let left: i64 = app
        .db()
        .await
        .query_one("select count(*) from bid where auction_id = $1", &[&live])
        .await
        .unwrap()
        .get(0);
    assert_eq!(left, 0);
    app.check().await;
}
