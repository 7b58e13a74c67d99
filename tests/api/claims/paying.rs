//! Paying for won items: the demo page, Freedom Pay's repeated callbacks, the notifications of
//! every paid order.

use futures_util::future::join_all;
use serde_json::{Value, json};
use tyiyn::payments::freedompay::signature;

use super::*;

#[actix_web::test]
async fn paying_a_won_bid_package_marks_it_paid_and_credits_its_bids_once() {
    let (app, admin, a, b) = people(quick).await;
    won(&app, &admin, &[&a, &b], Some(100)).await;
    let claim = claim_of(&b).await;
    assert_eq!(claim["packageBids"], 100);
    let id = claim["id"].as_i64().unwrap();
    let chosen = pickup(&b, id).await;
    let order = chosen["order"]["id"].as_i64().unwrap();
    assert_eq!(chosen["order"]["bids"], 100);
    let before = balance(&b).await;

    let mut socket = Socket::connect(&app.address, Some(&b.cookie)).await;
    assert_eq!(pay(&b, order).await["state"], "paid");
    assert_eq!(pay(&b, order).await["state"], "paid", "paying again changes nothing");
    assert_eq!(balance(&b).await, before + 100);
    let paid = claim_of(&b).await;
    assert_eq!(paid["state"], "paid");
    assert!(paid["paidAt"].is_string() && paid["paymentUrl"].is_null());
    let received = notices(&app, b.id, "payment_received").await;
    assert_eq!(
        received,
        [
            json!({"orderId": order, "amount": (claim["price"].as_f64().unwrap() * 100.0).round() as i64, "claimId": id})
        ]
    );
    assert_eq!(notices(&app, b.id, "bids_credited").await, [json!({"orderId": order, "bids": 100})]);
    let live = socket.next_notice().await;
    assert_eq!((&live["type"], &live["orderId"]), (&json!("paymentReceived"), &json!(order)));
    assert_eq!(socket.next_notice().await["type"], "bidsCredited");

    expect_error(
        choose(&b, id, json!({"method": "pickup", "phone": "+996555123456"})).await,
        409,
        "claim_not_open",
    )
    .await;
    expect_error(b.post(&format!("/api/claims/{id}/decline"), Value::Null).await, 409, "claim_not_open")
        .await;
    app.check().await;
}

#[actix_web::test]
async fn buying_a_package_tells_the_buyer_the_payment_and_the_bids() {
    let app = spawn_app_with(quick).await;
    let user = app.new_user("aibek").await;
    let res = user.post("/api/payments/orders", json!({"packageId": 1})).await;
    let order = res.json::<Value>().await.unwrap()["order"].clone();
    assert_eq!(
        (&order["kind"], &order["packageId"], &order["claimId"]),
        (&json!("package"), &json!(1), &Value::Null)
    );
    let id = order["id"].as_i64().unwrap();
    pay(&user, id).await;
    assert_eq!(notices(&app, user.id, "payment_received").await, [json!({"orderId": id, "amount": 75000})]);
    assert_eq!(notices(&app, user.id, "bids_credited").await, [json!({"orderId": id, "bids": 50})]);
    app.check().await;
}

const KEY: &str = "test-secret-key";

#[actix_web::test]
async fn twenty_concurrent_identical_callbacks_pay_a_claim_once() {
    let (app, admin, a, b) = people(|s| {
        quick(s);
        s.payments.provider = "freedompay".into();
        s.payments.qr_provider = String::new();
        s.payments.freedompay.merchant_id = "545".into();
        s.payments.freedompay.secret_key = KEY.into();
        s.payments.freedompay.check_status = false;
    })
    .await;
    won(&app, &admin, &[&a, &b], Some(250)).await;
    let id = claim_of(&b).await["id"].as_i64().unwrap();
    let order = pickup(&b, id).await["order"].clone();
    let before = balance(&b).await;
    let mut fields: Vec<(String, String)> = [
        ("pg_order_id", order["id"].to_string()),
        ("pg_payment_id", "888".to_owned()),
        ("pg_amount", format!("{:.2}", order["amount"].as_f64().unwrap())),
        ("pg_currency", "KGS".to_owned()),
        ("pg_result", "1".to_owned()),
        ("pg_salt", "salt".to_owned()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v))
    .collect();
    let sig = signature("freedompay", &fields, KEY);
    fields.push(("pg_sig".into(), sig));
    let url = app.url("/api/payments/callback/freedompay");
    let answers = join_all((0..20).map(|_| app.client.post(&url).form(&fields).send())).await;
    for res in answers {
        let body = res.unwrap().text().await.unwrap();
        assert!(body.contains("<pg_status>ok</pg_status>"), "{body}");
    }
    assert_eq!(balance(&b).await, before + 250);
    assert_eq!(claim_of(&b).await["state"], "paid");
    let outcomes = app
        .db()
        .await
        .query("select outcome, count(*) from payment_callback group by outcome order by 1", &[])
        .await
        .unwrap();
    let outcomes: Vec<(String, i64)> = outcomes.iter().map(|r| (r.get(0), r.get(1))).collect();
    assert_eq!(outcomes, [("credited".to_owned(), 1), ("duplicate".to_owned(), 19)]);
    assert_eq!(notices(&app, b.id, "bids_credited").await.len(), 1);
    app.check().await;
}

#[actix_web::test]
async fn a_replaced_order_cannot_pay_and_a_paid_item_takes_no_second_payment() {
    let (app, admin, a, b) = people(quick).await;
    won(&app, &admin, &[&a, &b], None).await;
    let id = claim_of(&b).await["id"].as_i64().unwrap();
    let body = json!({"method": "courier", "address": "Бишкек, Киевская 77", "phone": "+996555123456"});
    let replaced = choose(&b, id, body).await.json::<Value>().await.unwrap()["order"]["id"].as_i64().unwrap();
    let current = pickup(&b, id).await["order"]["id"].as_i64().unwrap();

    assert_eq!(pay(&b, replaced).await["state"], "failed", "refused: a newer choice replaced it");
    assert_eq!(claim_of(&b).await["state"], "claimed");
    assert_eq!(pay(&b, current).await["state"], "paid");
    assert_eq!(claim_of(&b).await["state"], "paid");
    assert_eq!(pay(&b, replaced).await["state"], "failed", "refused: the item is paid");
    let outcomes: Vec<String> = app
        .db()
        .await
        .query("select outcome from payment_callback order by id", &[])
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(outcomes, ["order_superseded", "credited", "claim_already_paid"]);
    app.check().await;
}
