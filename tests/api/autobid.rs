//! Auto-bidders over HTTP (`/api/auctions/{id}/autobid`): validation, set, the bids the auction
//! places for its owner (marked `isAuto` in the history and `auto` in the public record), the count
//! going down with each committed bid, never against its owner, cancel, and what a finished auction
//! answers. Countdowns are an hour long and the auto-bidders' window its first 100–200 ms, so they
//! answer at once; waits poll with a deadline and never assert on wall-clock timing.

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tyiyn_testkit::{keep_trying, read_until};

use crate::helpers::{TestApp, User, expect_error, json_of, long_countdowns, spawn_app_with};

fn quick_autobids(s: &mut tyiyn::config::Settings) {
    long_countdowns(s);
    s.auction.autobid_earliest_ms = 3_599_900;
    s.auction.autobid_latest_ms = 3_599_800;
    s.auction.min_bid_interval_ms = 0;
}

/// An admin sets `user`'s balance through the API (the ledger records the adjustment).
async fn set_balance(app: &TestApp, admin: &User, user: &User, bids: i64) {
    let res = admin
        .client
        .patch(app.url(&format!("/api/admin/users/{}", user.id)))
        .json(&json!({"bidBalance": bids}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
}

async fn autobid_of(user: &User, auction: i64) -> Value {
    json_of(user.get(&format!("/api/auctions/{auction}/autobid")).await).await["autobid"].clone()
}

#[actix_web::test]
async fn an_auto_bidder_answers_others_for_its_owner_until_its_count_is_spent() {
    let app = spawn_app_with(quick_autobids).await;
    let admin = app.new_admin("boss").await;
    let id = app.create_live_auction(&admin, "Кофемашина").await;
    let (aibek, dana) = (app.new_user("aibek").await, app.new_user("dana").await);
    let path = format!("/api/auctions/{id}/autobid");

    // Who and what: logged in, 1–500 bids, a price in som.
    expect_error(app.get(&path).await, 401, "unauthorized").await;
    assert_eq!(json_of(aibek.get(&path).await).await, json!({"autobid": null}), "none set: an answer");
    for (body, field, code) in [
        (json!({}), "bids", "autobid_bids_invalid"),
        (json!({"bids": 0}), "bids", "autobid_bids_invalid"),
        (json!({"bids": 501}), "bids", "autobid_bids_invalid"),
        (json!({"bids": 2.5}), "bids", "autobid_bids_invalid"),
        (json!({"bids": 5, "maxPrice": "abc"}), "maxPrice", "price_invalid"),
        (json!({"bids": 5, "maxPrice": 0}), "maxPrice", "price_invalid"),
        (json!({"bids": -1, "maxPrice": 0}), "maxPrice", "validation_failed"),
    ] {
        let err = expect_error(aibek.put(&path, body.clone()).await, 400, code).await;
        assert!(err["fields"][field].is_string(), "{body}: {err}");
    }
    expect_error(
        aibek.put("/api/auctions/999999/autobid", json!({"bids": 2})).await,
        404,
        "auction_not_found",
    )
    .await;

    // Set 2 bids, up to 10 som. Nobody leads yet: it opens the bidding for aibek.
    let set = json_of(aibek.put(&path, json!({"bids": 2, "maxPrice": "10"})).await).await;
    assert_eq!(set["autobid"], json!({"bids": 2, "bidsLeft": 2, "maxPrice": 10.0, "active": true}));
    let bids = app.wait_for_bids(id, |b| !b.is_empty()).await;
    assert_eq!(
        (bids[0]["user"]["username"].as_str(), bids[0]["isAuto"].as_bool()),
        (Some("aibek"), Some(true))
    );
    // It never bids against its owner; dana's bid is answered, and that spends the count.
    assert_eq!(dana.bid(id).await.status(), 200);
    let bids = app.wait_for_bids(id, |b| b.len() >= 3).await;
    let who: Vec<(&str, bool)> = bids
        .iter()
        .map(|b| (b["user"]["username"].as_str().unwrap(), b["isAuto"].as_bool().unwrap()))
        .collect();
    assert_eq!(who, [("aibek", true), ("dana", false), ("aibek", true)]);
    let spent = autobid_of(&aibek, id).await;
    assert_eq!(spent, json!({"bids": 2, "bidsLeft": 0, "maxPrice": 10.0, "active": false}));
    let me = json_of(aibek.get("/api/auth/me").await).await;
    assert_eq!(me["user"]["bidBalance"], 3, "two of the five signup bids, taken as placed");

    // Set again: a new count. Then cancel it; cancelling twice finds none.
    let again = json_of(aibek.put(&path, json!({"bids": 7})).await).await;
    assert_eq!(again["autobid"], json!({"bids": 7, "bidsLeft": 7, "maxPrice": null, "active": true}));
    assert_eq!(aibek.delete(&path).await.status(), 204);
    expect_error(aibek.delete(&path).await, 404, "autobid_not_found").await;

    // The public record tells the auto-bids apart; the chain and the ledger hold.
    let record = json_of(app.get(&format!("/api/auctions/{id}/record")).await).await;
    let kinds: Vec<&str> =
        record["entries"].as_array().unwrap().iter().map(|e| e["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["auto", "person", "auto"]);
    app.check().await;

    // Finished: nothing to set or cancel; the owner still reads what it did.
    assert_eq!(admin.post(&format!("/api/admin/auctions/{id}/end"), Value::Null).await.status(), 200);
    expect_error(aibek.put(&path, json!({"bids": 2})).await, 409, "auction_finished").await;
    expect_error(aibek.delete(&path).await, 409, "auction_finished").await;
    assert_eq!(json_of(dana.get(&path).await).await, json!({"autobid": null}));
    app.check().await;
}

#[actix_web::test]
async fn an_auto_bidder_whose_balance_runs_out_stops_with_its_unused_bids_untaken() {
    let app = spawn_app_with(quick_autobids).await;
    let admin = app.new_admin("boss").await;
    let id = app.create_live_auction(&admin, "Наушники").await;
    let (aibek, dana) = (app.new_user("aibek").await, app.new_user("dana").await);
    let db = app.db().await;
    // aibek has one bid left (an admin adjustment through the API keeps the ledger true).
    set_balance(&app, &admin, &aibek, 1).await;
    let path = format!("/api/auctions/{id}/autobid");
    // With no bid at all it is refused at once.
    set_balance(&app, &admin, &dana, 0).await;
    expect_error(dana.put(&path, json!({"bids": 5})).await, 409, "insufficient_bids").await;
    set_balance(&app, &admin, &dana, 5).await;
    assert_eq!(aibek.put(&path, json!({"bids": 5})).await.status(), 200);
    app.wait_for_bids(id, |b| !b.is_empty()).await;
    assert_eq!(dana.bid(id).await.status(), 200);
    // Its second bid is refused for balance: it stops, its other bids never taken.
    let deadline = Instant::now() + Duration::from_secs(10);
    let stopped = keep_trying(Duration::from_secs(10), Duration::from_millis(20), || async {
        let order = autobid_of(&aibek, id).await;
        if order["active"] == false { Ok(order) } else { Err(order) }
    });
    let order = stopped.await.unwrap_or_else(|order| panic!("the auto-bidder never stopped: {order}"));
    assert_eq!(order["bidsLeft"], 4);
    // The actor saves the stopped order after it stops it: wait for the row (not for a clock).
    let read = || async {
        let row = db
            .query_one("select bids_left, active from autobid where user_id = $1", &[&aibek.id])
            .await
            .unwrap();
        (row.get::<_, i32>(0), row.get::<_, bool>(1))
    };
    let within = deadline.saturating_duration_since(Instant::now());
    let stored = read_until(within, Duration::from_millis(20), read, |stored: &(i32, bool)| !stored.1).await;
    assert_eq!(stored, (4, false));
    assert_eq!(app.wait_for_bids(id, |b| b.len() >= 2).await.len(), 2, "dana leads");
    app.check().await;
}
