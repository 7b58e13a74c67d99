//! Passing a won item on: declined, lapsed (also while the server was down), and the reminder
//! before the end of a reservation.

use std::time::Duration;

use serde_json::{Value, json};
use tyiyn_testkit::{keep_trying, until};

use super::*;
use crate::helpers::spawn_app_on;

#[actix_web::test]
async fn a_declined_item_passes_to_each_previous_distinct_participant_then_expires() {
    let (app, admin, a, b) = people(quick).await;
    let c = app.new_user("chyngyz").await;
    let auction = won(&app, &admin, &[&b, &a, &b, &a, &c], None).await;
    let first = claim_of(&c).await;
    let order = pickup(&c, first["id"].as_i64().unwrap()).await["order"]["id"].as_i64().unwrap();

    let res = c.post(&format!("/api/claims/{}/decline", first["id"]), Value::Null).await;
    assert_eq!(res.status(), 200);
    let declined = res.json::<Value>().await.unwrap()["claim"].clone();
    assert_eq!((&declined["state"], &declined["endReason"]), (&json!("passed"), &json!("declined")));
    let old = c.get(&format!("/api/payments/orders/{order}")).await.json::<Value>().await.unwrap();
    assert_eq!(old["order"]["state"], "failed", "its pending order failed");

    // asel bid last before chyngyz: hers at her own last bid's price.
    let second = claim_of(&a).await;
    assert_eq!((&second["state"], &second["position"]), (&json!("reserved"), &json!(2)));
    assert_eq!(second["price"].as_f64().unwrap(), last_bid(&app, auction, a.id).await);
    let passed = notices(&app, a.id, "claim_passed").await;
    assert_eq!(passed.len(), 1);
    assert_eq!(passed[0]["claimId"], second["id"]);
    expect_error(
        c.post(&format!("/api/claims/{}/decline", first["id"]), Value::Null).await,
        409,
        "claim_not_open",
    )
    .await;
    expect_error(
        b.post(&format!("/api/claims/{}/decline", second["id"]), Value::Null).await,
        404,
        "claim_not_found",
    )
    .await;

    assert_eq!(a.post(&format!("/api/claims/{}/decline", second["id"]), Value::Null).await.status(), 200);
    let third = claim_of(&b).await;
    assert_eq!((&third["position"], &third["state"]), (&json!(3), &json!("reserved")));
    assert_eq!(third["price"].as_f64().unwrap(), last_bid(&app, auction, b.id).await);

    let res = b.post(&format!("/api/claims/{}/decline", third["id"]), Value::Null).await;
    let last = res.json::<Value>().await.unwrap()["claim"].clone();
    assert_eq!((&last["state"], &last["endReason"]), (&json!("expired"), &json!("declined")), "nobody left");
    let rows = claim_rows(&app).await;
    assert_eq!(rows, 3, "the history is kept");
    app.check().await;
}

#[actix_web::test]
async fn a_lapsed_reservation_passes_on_by_the_sweeper_and_expires_when_nobody_is_left() {
    let (app, admin, a, b) = people(quick).await;
    won(&app, &admin, &[&a, &b], None).await;
    let first = claim_of(&b).await;
    let id = first["id"].as_i64().unwrap();
    let order = pickup(&b, id).await["order"]["id"].as_i64().unwrap();
    lapse(&app, id).await;

    let gone = wait_claim(&b, |c| c["state"] == "passed").await;
    assert_eq!(gone["endReason"], "lapsed");
    let old = b.get(&format!("/api/payments/orders/{order}")).await.json::<Value>().await.unwrap();
    assert_eq!(old["order"]["state"], "failed");
    let next = claim_of(&a).await;
    assert_eq!((&next["state"], &next["position"]), (&json!("reserved"), &json!(2)));
    assert_eq!(notices(&app, a.id, "claim_passed").await.len(), 1);

    lapse(&app, next["id"].as_i64().unwrap()).await;
    let end = wait_claim(&a, |c| c["state"] == "expired").await;
    assert_eq!(end["endReason"], "lapsed");
    // Exactly once: later sweeps find nothing more to do.
    tokio::time::sleep(Duration::from_millis(400)).await;
    let rows = claim_rows(&app).await;
    assert_eq!(rows, 2);
    assert_eq!(notices(&app, a.id, "claim_passed").await.len(), 1);

    // The paying page was still open: the money arrives for an item that passed on. It is
    // recorded paid, the item stays passed, and the order waits for an admin's refund.
    assert_eq!(pay(&b, order).await["state"], "paid");
    assert_eq!(claim_of(&b).await["state"], "passed");
    app.check().await;
}

#[actix_web::test]
async fn a_reservation_that_lapsed_while_the_server_was_down_passes_on_after_a_restart() {
    // The first server sweeps once at start, then not for an hour.
    let (first, admin, a, b) = people(|s| {
        quick(s);
        s.claims.sweep_interval_ms = 3_600_000;
    })
    .await;
    won(&first, &admin, &[&a, &b], None).await;
    let id = claim_of(&b).await["id"].as_i64().unwrap();
    first.server.stop(true).await;
    lapse(&first, id).await;

    let second = spawn_app_on(first.db_name(), quick).await;
    let db = second.db().await;
    let passed = keep_trying(Duration::from_secs(10), Duration::from_millis(50), || async {
        let state: String =
            db.query_one("select state from claim where id = $1", &[&id]).await.unwrap().get(0);
        if state == "passed" { Ok(()) } else { Err(state) }
    });
    if let Err(state) = passed.await {
        panic!("never passed on: {state}");
    }
    let next: i64 = db.query_one("select user_id from claim where position = 2", &[]).await.unwrap().get(0);
    assert_eq!(next, a.id);
    second.check().await;
}

#[actix_web::test]
async fn a_reservation_near_its_end_is_reminded_once() {
    let (app, admin, a, b) = people(quick).await;
    won(&app, &admin, &[&a, &b], None).await;
    let id = claim_of(&b).await["id"].as_i64().unwrap();
    // A quiet period: a reminder that must not come cannot be awaited.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(notices(&app, b.id, "reservation_expiring").await.is_empty(), "not yet due");
    app.db()
        .await
        .execute("update claim set reserved_until = now() + interval '5 hours' where id = $1", &[&id])
        .await
        .unwrap();
    until("no reminder", Duration::from_secs(10), Duration::from_millis(50), || async {
        !notices(&app, b.id, "reservation_expiring").await.is_empty()
    })
    .await;
    // A quiet period: a second reminder that must not come cannot be awaited.
    tokio::time::sleep(Duration::from_millis(400)).await;
    let sent = notices(&app, b.id, "reservation_expiring").await;
    assert_eq!(sent.len(), 1, "once");
    assert_eq!(sent[0]["claimId"], id);
    assert_eq!(claim_of(&b).await["state"], "reserved");
    app.check().await;
}
