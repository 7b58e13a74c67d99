//! The admin's side of won items (listing, shipping, delivering), a bot's win, and `tyiyn check`
//! on a forged paid claim.

use std::time::Duration;

use serde_json::{Value, json};
use tyiyn_testkit::until;

use super::*;
use crate::helpers::expect_error;
use crate::socket::Socket;

#[actix_web::test]
async fn a_bot_win_opens_no_claim() {
    let app = spawn_app_with(|s| {
        quick(s);
        s.auction.bot_second_ms = 20;
        s.auction.bot_seed = Some(7);
    })
    .await;
    let admin = app.new_admin("boss").await;
    let bot = admin.post("/api/admin/bots", json!({"firstName": "Эрлан", "lastName": "Бейшеев"})).await;
    let bot = bot.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    let auction = live_auction_with(&app, &admin, "Телевизор", None, Some(bot)).await;
    until("the bot never bid", Duration::from_secs(10), Duration::from_millis(20), || async {
        let a: Value = app.get(&format!("/api/auctions/{auction}")).await.json().await.unwrap();
        a["totalBids"] == 1
    })
    .await;
    let ended = admin.post(&format!("/api/admin/auctions/{auction}/end"), Value::Null).await;
    assert_eq!(ended.status(), 200);
    let rows = claim_rows(&app).await;
    assert_eq!(rows, 0);
    let list = admin.get("/api/admin/claims").await.json::<Value>().await.unwrap();
    assert_eq!(list["total"], 0);
    app.check().await;
}

#[actix_web::test]
async fn admins_list_ship_and_deliver_won_items_and_the_holder_is_told() {
    let (app, admin, a, b) = people(quick).await;
    won(&app, &admin, &[&a, &b], None).await;
    won(&app, &admin, &[&b, &a], None).await;
    let courier = claim_of(&b).await["id"].as_i64().unwrap();
    let body = json!({"method": "region", "address": "Ош, Ленина 1", "phone": "+996555123456"});
    let res = choose(&b, courier, body).await.json::<Value>().await.unwrap();
    pay(&b, res["order"]["id"].as_i64().unwrap()).await;
    let office = claim_of(&a).await["id"].as_i64().unwrap();
    let order = pickup(&a, office).await["order"]["id"].as_i64().unwrap();
    pay(&a, order).await;

    expect_error(a.get("/api/admin/claims").await, 403, "forbidden").await;
    expect_error(admin.get("/api/admin/claims?state=lost").await, 400, "claim_state_unknown").await;
    let list = admin.get("/api/admin/claims?state=paid").await.json::<Value>().await.unwrap();
    assert_eq!((&list["total"], &list["page"], &list["pageSize"]), (&json!(2), &json!(1), &json!(20)));
    let first = &list["claims"][0];
    assert_eq!(
        (&first["id"], &first["userId"], &first["username"]),
        (&json!(office), &json!(a.id), &json!("asel"))
    );
    assert_eq!(first["deliveryMethod"], "pickup");

    let long = "x".repeat(201);
    expect_error(ship(&admin, courier, json!({"tracking": long})).await, 400, "tracking_too_long").await;
    expect_error(ship(&admin, office, json!({})).await, 409, "claim_state_invalid").await;
    expect_error(
        admin.post(&format!("/api/admin/claims/{courier}/deliver"), Value::Null).await,
        409,
        "claim_state_invalid",
    )
    .await;
    expect_error(ship(&admin, courier + 100, json!({})).await, 404, "claim_not_found").await;

    let mut socket = Socket::connect(&app.address, Some(&b.cookie)).await;
    let res = ship(&admin, courier, json!({"tracking": "KG123456789"})).await;
    assert_eq!(res.status(), 200);
    let shipped = res.json::<Value>().await.unwrap()["claim"].clone();
    assert_eq!((&shipped["state"], &shipped["tracking"]), (&json!("shipped"), &json!("KG123456789")));
    assert!(shipped["shippedAt"].is_string());
    let live = socket.next_notice().await;
    assert_eq!(
        (&live["type"], &live["claimId"], &live["tracking"]),
        (&json!("itemShipped"), &json!(courier), &json!("KG123456789"))
    );
    expect_error(ship(&admin, courier, json!({})).await, 409, "claim_state_invalid").await;

    let res = admin.post(&format!("/api/admin/claims/{courier}/deliver"), Value::Null).await;
    assert_eq!(res.json::<Value>().await.unwrap()["claim"]["state"], "delivered");
    assert_eq!(socket.next_notice().await["type"], "itemDelivered");
    let res = admin.post(&format!("/api/admin/claims/{office}/deliver"), Value::Null).await;
    assert_eq!(res.json::<Value>().await.unwrap()["claim"]["state"], "delivered", "pickup: paid → delivered");
    assert_eq!(notices(&app, a.id, "item_delivered").await.len(), 1);

    let audit: Vec<String> = app
        .db()
        .await
        .query("select action from audit_entry where target_type = 'claim' order by id", &[])
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(audit, ["claim.ship", "claim.deliver", "claim.deliver"]);
    let all = admin.get("/api/admin/claims").await.json::<Value>().await.unwrap();
    assert_eq!(all["total"], 2);
    app.check().await;
}

#[actix_web::test]
async fn tyiyn_check_names_a_paid_claim_without_its_paid_order() {
    let (app, admin, a, b) = people(quick).await;
    let auction = won(&app, &admin, &[&a, &b], None).await;
    let id = claim_of(&b).await["id"].as_i64().unwrap();
    pickup(&b, id).await;
    app.check().await;
    app.db()
        .await
        .execute("update claim set state = 'paid', paid_at = now() where id = $1", &[&id])
        .await
        .unwrap();
    let report = app.report().await;
    let finding = report.finding(tyiyn::db::check::Invariant::Claims);
    assert_eq!(
        finding.rows,
        [format!("claim {id} on auction {auction} (paid): 0 paid orders, 1 open claims on the auction")]
    );
    assert_eq!(report.violated(), 1, "only the claims:\n{report}");
}

#[actix_web::test]
async fn tyiyn_check_names_a_claim_with_two_orders_that_could_pay_it() {
    let (app, admin, a, b) = people(quick).await;
    let auction = won(&app, &admin, &[&a, &b], None).await;
    let id = claim_of(&b).await["id"].as_i64().unwrap();
    pickup(&b, id).await;
    pickup(&b, id).await;
    app.check().await;
    // What the lock before a delivery choice prevents: the first order left pending beside the new.
    app.db()
        .await
        .execute("update payment_order set state = 'pending', failed_at = null where claim_id = $1", &[&id])
        .await
        .unwrap();
    let report = app.report().await;
    let finding = report.finding(tyiyn::db::check::Invariant::Claims);
    assert_eq!(
        finding.rows,
        [format!(
            "claim {id} on auction {auction} (claimed): 0 paid orders, 1 open claims on the auction, 2 pending orders"
        )]
    );
    assert_eq!(report.violated(), 1, "only the claims:\n{report}");
}
