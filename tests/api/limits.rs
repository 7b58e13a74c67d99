//! Spend limits and a pause (`/api/users/limits`): validation, the 24-hour rule (stricter at once,
//! looser a day later; the day is moved into the past in PostgreSQL rather than waited for), and
//! their enforcement on bids, pre-bids, auto-bids and package orders (409 `limit_reached` or
//! `paused`, nothing charged), with `tyiyn check` after each test.

use std::time::Duration;

use serde_json::{Value, json};
use tyiyn_testkit::keep_trying;

use crate::helpers::{TestApp, User, expect_error, json_of, long_countdowns, spawn_app_with};

fn settings(s: &mut tyiyn::config::Settings) {
    long_countdowns(s);
    s.auction.min_bid_interval_ms = 0;
}

async fn limits(user: &User) -> Value {
    json_of(user.get("/api/users/limits").await).await
}

async fn balance(user: &User) -> i64 {
    json_of(user.get("/api/auth/me").await).await["user"]["bidBalance"].as_i64().expect("balance")
}

/// Lets every waiting looser setting of `user` take effect now (as if its 24 hours had passed).
async fn a_day_passes(app: &TestApp, user: &User) {
    app.db()
        .await
        .execute("update user_limit set next_at = now() - interval '1 second' where user_id = $1 and next_at is not null", &[&user.id])
        .await
        .expect("moving the wait");
}

#[actix_web::test]
async fn limits_are_validated_and_a_looser_setting_waits_a_day() {
    let app = spawn_app_with(settings).await;
    let aida = app.new_user("aida").await;
    expect_error(app.get("/api/users/limits").await, 401, "unauthorized").await;
    let none = limits(&aida).await;
    assert_eq!(
        (none["dailyBids"].clone(), none["monthlySpend"].clone(), none["pausedUntil"].clone()),
        (Value::Null, Value::Null, Value::Null)
    );
    assert_eq!(none["left"]["dailyBids"], Value::Null);

    for (body, field, code) in [
        (json!({"dailyBids": -1}), "dailyBids", "bids_limit_invalid"),
        (json!({"weeklyBids": 2.5}), "weeklyBids", "bids_limit_invalid"),
        (json!({"monthlyBids": "many"}), "monthlyBids", "bids_limit_invalid"),
        (json!({"monthlySpend": "1.234"}), "monthlySpend", "spend_limit_invalid"),
        (json!({"monthlySpend": 20_000_000}), "monthlySpend", "spend_limit_invalid"),
        (json!({"pause": "forever"}), "pause", "pause_invalid"),
        (json!({"dailyBids": -1, "pause": "1y"}), "pause", "validation_failed"),
    ] {
        let err = expect_error(aida.put("/api/users/limits", body.clone()).await, 400, code).await;
        assert!(err["fields"][field].is_string(), "{body}: {err}");
    }
    assert_eq!(limits(&aida).await["dailyBids"], Value::Null, "a refused change writes nothing");

    // Setting a limit where there was none is stricter: at once. So is lowering it.
    let set =
        json_of(aida.put("/api/users/limits", json!({"dailyBids": 10, "monthlySpend": "1500"})).await).await;
    assert_eq!((set["dailyBids"].as_i64(), set["monthlySpend"].as_f64()), (Some(10), Some(1500.0)));
    assert_eq!(
        (set["left"]["dailyBids"].as_i64(), set["left"]["monthlySpend"].as_f64()),
        (Some(10), Some(1500.0))
    );
    let lowered = json_of(aida.put("/api/users/limits", json!({"dailyBids": 3})).await).await;
    assert_eq!(lowered["dailyBids"], 3);
    assert_eq!(lowered["monthlySpend"], 1500.0, "a limit left out stays");
    assert_eq!(lowered["waiting"]["dailyBids"], Value::Null);

    // Raising waits 24 hours, and asking again does not restart the wait.
    let raised =
        json_of(aida.put("/api/users/limits", json!({"dailyBids": 20, "monthlySpend": null})).await).await;
    assert_eq!(raised["dailyBids"], 3, "still the stricter limit");
    assert_eq!(raised["waiting"]["dailyBids"]["value"], 20);
    assert_eq!(raised["waiting"]["monthlySpend"]["value"], Value::Null);
    let at = raised["waiting"]["dailyBids"]["at"].as_str().expect("when").to_owned();
    let waited = chrono::DateTime::parse_from_rfc3339(&at).expect("rfc3339").to_utc() - chrono::Utc::now();
    assert!(waited > chrono::TimeDelta::hours(23), "{at}");
    // Time moves on, so that a wait restarted by asking again would show a later `at`.
    tokio::time::sleep(Duration::from_millis(5)).await;
    let again = json_of(aida.put("/api/users/limits", json!({"dailyBids": 20})).await).await;
    assert_eq!(again["waiting"]["dailyBids"]["at"], at.as_str());
    // Lowering again cancels the waiting raise.
    let back = json_of(aida.put("/api/users/limits", json!({"dailyBids": 3})).await).await;
    assert_eq!((back["dailyBids"].as_i64(), back["waiting"]["dailyBids"].clone()), (Some(3), Value::Null));
    assert_eq!(back["waiting"]["monthlySpend"]["value"], Value::Null, "the other one still waits");

    a_day_passes(&app, &aida).await;
    let after = limits(&aida).await;
    assert_eq!((after["dailyBids"].as_i64(), after["monthlySpend"].clone()), (Some(3), Value::Null));
    assert_eq!(after["left"]["monthlySpend"], Value::Null);

    // A pause starts at once; ending it waits a day; a longer pause holds at once.
    let paused = json_of(aida.put("/api/users/limits", json!({"pause": "24h"})).await).await;
    let until = paused["pausedUntil"].as_str().expect("paused").to_owned();
    let ending = json_of(aida.put("/api/users/limits", json!({"pause": "end"})).await).await;
    assert_eq!(ending["pausedUntil"], until.as_str());
    assert_eq!(ending["waiting"]["pausedUntil"]["value"], Value::Null);
    let longer = json_of(aida.put("/api/users/limits", json!({"pause": "7d"})).await).await;
    assert!(longer["pausedUntil"].as_str().unwrap() > until.as_str());
    assert_eq!(longer["waiting"]["pausedUntil"], Value::Null);
    a_day_passes(&app, &aida).await;
    assert!(limits(&aida).await["pausedUntil"].is_string(), "nothing was waiting: the pause goes on");
    aida.put("/api/users/limits", json!({"pause": "end"})).await;
    a_day_passes(&app, &aida).await;
    assert_eq!(limits(&aida).await["pausedUntil"], Value::Null);
}

#[actix_web::test]
async fn a_bid_limit_and_a_pause_refuse_bids_pre_bids_auto_bids_and_orders() {
    let app = spawn_app_with(settings).await;
    let admin = app.new_admin("boss").await;
    let live = app.create_live_auction(&admin, "Кофемашина").await;
    let start = (chrono::Utc::now() + chrono::TimeDelta::hours(2)).to_rfc3339();
    let upcoming = app.create_auction(&admin, "Наушники", &start).await;
    let (aida, timur) = (app.new_user("aida").await, app.new_user("timur").await);

    // A daily limit of 2: a pre-bid and a bid spend it, the next bid is refused and not charged.
    aida.put("/api/users/limits", json!({"dailyBids": 2})).await;
    assert_eq!(aida.post(&format!("/api/auctions/{upcoming}/prebid"), Value::Null).await.status(), 201);
    assert_eq!(aida.bid(live).await.status(), 200);
    assert_eq!(timur.bid(live).await.status(), 200);
    let before = balance(&aida).await;
    expect_error(aida.bid(live).await, 409, "limit_reached").await;
    assert_eq!(balance(&aida).await, before, "a refused bid costs nothing");
    let left = limits(&aida).await;
    assert_eq!(left["left"]["dailyBids"], 0);
    expect_error(
        aida.put(&format!("/api/auctions/{live}/autobid"), json!({"bids": 5})).await,
        409,
        "limit_reached",
    )
    .await;

    // A pause refuses everything, bids and pre-bids and orders, and says so first.
    timur.put("/api/users/limits", json!({"pause": "24h"})).await;
    expect_error(timur.post(&format!("/api/auctions/{upcoming}/prebid"), Value::Null).await, 409, "paused")
        .await;
    expect_error(timur.post("/api/payments/orders", json!({"packageId": 1})).await, 409, "paused").await;
    expect_error(
        timur.put(&format!("/api/auctions/{live}/autobid"), json!({"bids": 5})).await,
        409,
        "paused",
    )
    .await;
    // timur leads, so let aida's limit pass and make her lead, then timur's bid meets the pause.
    a_day_passes(&app, &aida).await;
    aida.put("/api/users/limits", json!({"dailyBids": null})).await;
    a_day_passes(&app, &aida).await;
    assert_eq!(aida.bid(live).await.status(), 200);
    expect_error(timur.bid(live).await, 409, "paused").await;

    // A monthly spend limit counts pending package orders too (package 1 costs 750 som).
    aida.put("/api/users/limits", json!({"monthlySpend": 1000})).await;
    assert_eq!(aida.post("/api/payments/orders", json!({"packageId": 1})).await.status(), 201);
    expect_error(aida.post("/api/payments/orders", json!({"packageId": 1})).await, 409, "limit_reached")
        .await;
    assert_eq!(limits(&aida).await["left"]["monthlySpend"], 250.0);
    app.check().await;
}

#[actix_web::test]
async fn an_auto_bidder_stops_at_its_owners_limit() {
    let app = spawn_app_with(|s| {
        settings(s);
        s.auction.autobid_earliest_ms = 3_599_900;
        s.auction.autobid_latest_ms = 3_599_800;
    })
    .await;
    let admin = app.new_admin("boss").await;
    let live = app.create_live_auction(&admin, "Чайник").await;
    let (aida, timur) = (app.new_user("aida").await, app.new_user("timur").await);
    aida.put("/api/users/limits", json!({"dailyBids": 1})).await;
    let set = aida.put(&format!("/api/auctions/{live}/autobid"), json!({"bids": 5})).await;
    assert_eq!(set.status(), 200);
    app.wait_for_bids(live, |b| b.len() == 1).await;
    // timur outbids; the auto-bidder's next bid meets the limit and the auto-bidder stops.
    assert_eq!(timur.bid(live).await.status(), 200);
    let stopped = keep_trying(Duration::from_secs(10), Duration::from_millis(20), || async {
        let order = json_of(aida.get(&format!("/api/auctions/{live}/autobid")).await).await;
        if order["autobid"]["active"] == false { Ok(order) } else { Err(order) }
    });
    let order = stopped.await.unwrap_or_else(|order| panic!("the auto-bidder never stopped: {order}"));
    assert_eq!(order["autobid"]["bidsLeft"], 4, "one bid placed, the rest never taken");
    let bids = app.wait_for_bids(live, |b| b.len() == 2).await;
    assert_eq!(bids[0]["user"]["username"], "timur");
    app.check().await;
}

#[actix_web::test]
async fn an_admin_sees_a_user_s_own_limits_and_pause_but_cannot_change_them() {
    let app = spawn_app_with(settings).await;
    let admin = app.new_admin("boss").await;
    let (aida, nurlan) = (app.new_user("aida").await, app.new_user("nurlan").await);
    let path = format!("/api/admin/users/{}/limits", aida.id);
    expect_error(app.get(&path).await, 401, "unauthorized").await;
    expect_error(nurlan.get(&path).await, 403, "forbidden").await;
    expect_error(admin.get("/api/admin/users/999999/limits").await, 404, "user_not_found").await;
    let none = json_of(admin.get(&path).await).await;
    assert_eq!((none["dailyBids"].clone(), none["pausedUntil"].clone()), (Value::Null, Value::Null));

    let set =
        aida.put("/api/users/limits", json!({"dailyBids": 5, "monthlySpend": 1500, "pause": "7d"})).await;
    assert_eq!(set.status(), 200);
    let seen = json_of(admin.get(&path).await).await;
    assert_eq!(seen, limits(&aida).await, "the admin sees what the user sees");
    assert_eq!((seen["dailyBids"].as_i64(), seen["monthlySpend"].as_f64()), (Some(5), Some(1500.0)));
    assert!(seen["pausedUntil"].is_string(), "{seen}");
    // There is no admin route that writes them: only the user does (and a looser one waits).
    let res = admin.put(&path, json!({"pause": "end"})).await;
    assert!(res.status() == 404 || res.status() == 405, "{}", res.status());
    assert!(limits(&aida).await["pausedUntil"].is_string());
    app.check().await;
}
