//! Buy It Now over HTTP (`/api/auctions/{id}/buy-now`): who may buy (a participant who lost, while
//! the offer lasts and stock is left), the price (retail less the bids spent at the top-up page's
//! price of a bid), the purchase as a `buyNow` claim with its order, paid through the demo
//! provider like a won item, the offer in the bid history, and `tyiyn check` after it.

use std::time::Duration;

use serde_json::{Value, json};
use tyiyn_testkit::until;

use crate::claims::notices;
use crate::helpers::{TestApp, User, expect_error, json_of, long_countdowns, spawn_app_with};

pub fn settings(s: &mut tyiyn::config::Settings) {
    long_countdowns(s);
    s.auction.min_bid_interval_ms = 0;
}

/// A live auction with `extra` form fields (retail price 1000 som); its id.
pub async fn live(app: &TestApp, admin: &User, title: &str, extra: Value) -> i64 {
    let mut body = json!({"title": title, "retailPrice": 1000, "startTime": chrono::Utc::now().to_rfc3339()});
    body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
    let res = admin.post("/api/admin/auctions", body).await;
    assert_eq!(res.status(), 201, "creating {title}");
    let id = json_of(res).await["id"].as_i64().unwrap();
    let (within, every) = (Duration::from_secs(10), Duration::from_millis(10));
    until(&format!("auction {id} did not go live"), within, every, || async {
        json_of(app.get(&format!("/api/auctions/{id}")).await).await["status"] == "live"
    })
    .await;
    id
}

pub async fn end(admin: &User, id: i64) {
    assert_eq!(admin.post(&format!("/api/admin/auctions/{id}/end"), Value::Null).await.status(), 200);
}

/// Why `user` has no offer at `path` (a 200 answer with `offer: null`).
async fn unavailable(user: &User, path: &str) -> String {
    let res = user.get(path).await;
    assert_eq!(res.status(), 200);
    let answer = json_of(res).await;
    assert!(answer["offer"].is_null(), "{answer}");
    answer["unavailable"].as_str().expect("a reason").to_owned()
}

pub const PICKUP: &str = r#"{"method": "pickup", "phone": "+996555123456"}"#;

#[actix_web::test]
async fn a_loser_buys_the_item_now_for_its_price_less_their_bids_once_while_stock_lasts() {
    let app = spawn_app_with(settings).await;
    let admin = app.new_admin("boss").await;
    let (aida, timur, nurlan, guest) = (
        app.new_user("aida").await,
        app.new_user("timur").await,
        app.new_user("nurlan").await,
        app.new_user("guest").await,
    );
    let id = live(&app, &admin, "Пылесос", json!({"buyNowStock": 1})).await;
    assert_eq!(json_of(app.get(&format!("/api/auctions/{id}")).await).await["buyNowStock"], 1);
    let path = format!("/api/auctions/{id}/buy-now");
    for user in [&aida, &timur, &aida, &nurlan] {
        assert_eq!(user.bid(id).await.status(), 200);
    }
    assert_eq!(unavailable(&aida, &path).await, "buy_now_not_offered");
    end(&admin, id).await;

    // The winner has a won item; someone who never bid has nothing to be credited.
    expect_error(app.get(&path).await, 401, "unauthorized").await;
    assert_eq!(unavailable(&nurlan, &path).await, "buy_now_not_eligible");
    assert_eq!(unavailable(&guest, &path).await, "buy_now_not_eligible");
    // Aida spent 2 bids; a bid is worth 15 som (the packages' price of a bid): 1000 − 30 = 970.
    let offer = json_of(aida.get(&path).await).await;
    assert_eq!(
        offer["offer"],
        json!({"retailPrice": 1000.0, "bidsSpent": 2, "bidValue": 15.0, "credit": 30.0, "price": 970.0,
               "until": offer["offer"]["until"], "left": 1, "claimId": null})
    );
    assert!(offer["unavailable"].is_null());
    assert_eq!(offer["deliveryMethods"].as_array().map(Vec::len), Some(3));
    // The bid history offers it to the losers, not to the winner.
    let history = json_of(aida.get("/api/bids/user").await).await;
    assert!(history[0]["auction"]["buyNowUntil"].is_string(), "{history}");
    let won = json_of(nurlan.get("/api/bids/user").await).await;
    assert!(won[0]["auction"].get("buyNowUntil").is_none());

    // Buying: the delivery form's checks, then a buyNow claim and its order (pickup is free).
    let err =
        expect_error(aida.post(&path, json!({"method": "drone"})).await, 400, "validation_failed").await;
    assert!(err["fields"]["method"].is_string());
    let bought = aida.post(&path, serde_json::from_str(PICKUP).unwrap()).await;
    assert_eq!(bought.status(), 201);
    let bought = json_of(bought).await;
    assert_eq!(
        (bought["claim"]["kind"].as_str(), bought["claim"]["price"].as_f64()),
        (Some("buyNow"), Some(970.0))
    );
    assert_eq!(bought["claim"]["buyNow"], json!({"retailPrice": 1000.0, "bidCredit": 30.0}));
    assert_eq!(
        (bought["order"]["amount"].as_f64(), bought["order"]["state"].as_str()),
        (Some(970.0), Some("pending"))
    );
    expect_error(aida.post(&path, serde_json::from_str(PICKUP).unwrap()).await, 409, "buy_now_taken").await;
    assert_eq!(json_of(aida.get(&path).await).await["offer"]["claimId"], bought["claim"]["id"]);
    // Stock was 1: Timur, who lost too, finds it sold out.
    assert_eq!(unavailable(&timur, &path).await, "buy_now_sold_out");
    expect_error(timur.post(&path, serde_json::from_str(PICKUP).unwrap()).await, 409, "buy_now_sold_out")
        .await;

    // Paid through the payment flow, it is paid like a won item, among aida's won items.
    let order = bought["order"]["id"].as_i64().unwrap();
    let res = aida.post(&format!("/api/payments/demo/{order}"), json!({"outcome": "paid"})).await;
    assert_eq!(res.status(), 200);
    let claims = json_of(aida.get("/api/users/claims").await).await;
    let mine =
        claims["claims"].as_array().unwrap().iter().find(|c| c["kind"] == "buyNow").expect("the purchase");
    assert_eq!(mine["state"], "paid");
    app.check().await;
}

#[actix_web::test]
async fn the_offer_ends_after_its_window_and_only_offered_items_are_sold() {
    let app = spawn_app_with(settings).await;
    let admin = app.new_admin("boss").await;
    let (aida, nurlan) = (app.new_user("aida").await, app.new_user("nurlan").await);
    let plain = live(&app, &admin, "Лампа", json!({})).await;
    let offered = live(&app, &admin, "Кресло", json!({"buyNowStock": 5})).await;
    for id in [plain, offered] {
        assert_eq!(aida.bid(id).await.status(), 200);
        assert_eq!(nurlan.bid(id).await.status(), 200);
        end(&admin, id).await;
    }
    assert_eq!(unavailable(&aida, &format!("/api/auctions/{plain}/buy-now")).await, "buy_now_not_offered");
    expect_error(aida.get("/api/auctions/999999/buy-now").await, 404, "auction_not_found").await;
    // A paused buyer may not start one.
    aida.put("/api/users/limits", json!({"pause": "24h"})).await;
    let path = format!("/api/auctions/{offered}/buy-now");
    expect_error(aida.post(&path, serde_json::from_str(PICKUP).unwrap()).await, 409, "paused").await;
    // 72 hours after the end the offer is over (the end moved back, then restored for the check).
    let db = app.db().await;
    let shift = "update auction set end_time = end_time + $2 * interval '73 hours' where id = $1";
    db.execute(shift, &[&offered, &-1.0_f64]).await.unwrap();
    assert_eq!(unavailable(&aida, &path).await, "buy_now_closed");
    db.execute(shift, &[&offered, &1.0_f64]).await.unwrap();
    // The stock is validated in the admin form.
    let start = (chrono::Utc::now() + chrono::TimeDelta::hours(1)).to_rfc3339();
    let err = expect_error(
        admin
            .post(
                "/api/admin/auctions",
                json!({"title": "Лот", "retailPrice": 10, "startTime": start, "buyNowStock": -1}),
            )
            .await,
        400,
        "buy_now_stock_invalid",
    )
    .await;
    assert!(err["fields"]["buyNowStock"].is_string());
    app.check().await;
}

#[actix_web::test]
async fn an_unpaid_purchase_near_its_end_is_reminded_that_it_lapses() {
    let app = spawn_app_with(settings).await;
    let admin = app.new_admin("boss").await;
    let (aida, nurlan) = (app.new_user("aida").await, app.new_user("nurlan").await);
    let id = live(&app, &admin, "Кофемашина", json!({"buyNowStock": 2})).await;
    assert_eq!(aida.bid(id).await.status(), 200);
    assert_eq!(nurlan.bid(id).await.status(), 200);
    end(&admin, id).await;
    let path = format!("/api/auctions/{id}/buy-now");
    let bought = json_of(aida.post(&path, serde_json::from_str(PICKUP).unwrap()).await).await;
    let claim = bought["claim"]["id"].as_i64().unwrap();

    // Five hours before its end the sweeper reminds her once, in the words of a purchase that
    // lapses (a won item's reminder says it passes to the next participant: this one never does).
    app.db()
        .await
        .execute("update claim set reserved_until = now() + interval '5 hours' where id = $1", &[&claim])
        .await
        .unwrap();
    until("no reminder", Duration::from_secs(10), Duration::from_millis(50), || async {
        !notices(&app, aida.id, "buy_now_expiring").await.is_empty()
    })
    .await;
    let sent = notices(&app, aida.id, "buy_now_expiring").await;
    assert_eq!(sent[0]["claimId"], claim);
    assert!(notices(&app, aida.id, "reservation_expiring").await.is_empty());
    // Her list shows it (beside the outbid notice of Nurlan's bid, which may be written before or
    // after it: that notice leaves after its bid's commit).
    let listed = json_of(aida.get("/api/notifications").await).await;
    let about_claim: Vec<_> = listed["notifications"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["claimId"] == claim)
        .map(|n| n["type"].as_str())
        .collect();
    assert_eq!(about_claim, [Some("buyNowExpiring")]);
    app.check().await;
}

#[actix_web::test]
async fn deleting_a_finished_auction_refunds_the_losers_but_not_who_holds_its_item() {
    let app = spawn_app_with(settings).await;
    let admin = app.new_admin("boss").await;
    let (aida, timur, nurlan) =
        (app.new_user("aida").await, app.new_user("timur").await, app.new_user("nurlan").await);
    let id = live(&app, &admin, "Утюг", json!({"buyNowStock": 1})).await;
    for user in [&aida, &timur, &nurlan] {
        assert_eq!(user.bid(id).await.status(), 200);
    }
    end(&admin, id).await;
    // Aida buys it now, her bid credited against its price; Nurlan won it.
    let path = format!("/api/auctions/{id}/buy-now");
    assert_eq!(aida.post(&path, serde_json::from_str(PICKUP).unwrap()).await.status(), 201);
    assert_eq!((aida.balance().await, timur.balance().await, nurlan.balance().await), (4, 4, 4));
    assert_eq!(admin.delete(&format!("/api/admin/auctions/{id}")).await.status(), 200);
    // Only Timur, who holds nothing of it, gets his bid back.
    assert_eq!((aida.balance().await, timur.balance().await, nurlan.balance().await), (4, 5, 4));
    app.check().await;
}
