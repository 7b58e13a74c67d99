//! Fair auction kinds over HTTP: the admin form's `kind`, `winLimited` and `noNewBiddersAfter`
//! (validated, shown on the Auction object), and the actor's refusals (409 `beginners_only`,
//! `win_limit_reached`, `no_new_bidders`) for bids, pre-bids and auto-bidders, with the wins it
//! learns from finishes and reads back from PostgreSQL. `tyiyn check` after each test.

use std::time::Duration;

use serde_json::{Value, json};
use tyiyn_testkit::until;

use crate::helpers::{TestApp, User, expect_error, json_of, long_countdowns, spawn_app_with};

fn settings(s: &mut tyiyn::config::Settings) {
    long_countdowns(s);
    s.auction.min_bid_interval_ms = 0;
}

/// Creates an auction with `extra` form fields, starting at `start` (RFC 3339); its answer.
async fn create(admin: &User, title: &str, start: &str, extra: Value) -> Value {
    let mut body =
        json!({"title": title, "retailPrice": 1000, "startTime": start, "imageUrl": "/demo/phone.svg"});
    body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
    let res = admin.post("/api/admin/auctions", body).await;
    assert_eq!(res.status(), 201, "creating {title}");
    json_of(res).await
}

/// A live auction with `extra` form fields; its id.
async fn live(app: &TestApp, admin: &User, title: &str, extra: Value) -> i64 {
    let id = create(admin, title, &chrono::Utc::now().to_rfc3339(), extra).await["id"].as_i64().unwrap();
    let (within, every) = (Duration::from_secs(10), Duration::from_millis(10));
    until(&format!("auction {id} did not go live"), within, every, || async {
        json_of(app.get(&format!("/api/auctions/{id}")).await).await["status"] == "live"
    })
    .await;
    id
}

/// `user` wins a new auction titled `title`: bids on it, and the admin ends it now; its id.
async fn win(app: &TestApp, admin: &User, user: &User, title: &str) -> i64 {
    let id = app.create_live_auction(admin, title).await;
    assert_eq!(user.bid(id).await.status(), 200);
    let res = admin.post(&format!("/api/admin/auctions/{id}/end"), Value::Null).await;
    assert_eq!(res.status(), 200, "ending {title}");
    id
}

#[actix_web::test]
async fn the_admin_form_sets_the_kinds_and_the_auction_shows_them() {
    let app = spawn_app_with(settings).await;
    let admin = app.new_admin("boss").await;
    let start = (chrono::Utc::now() + chrono::TimeDelta::hours(1)).to_rfc3339();
    let plain = create(&admin, "Обычный", &start, json!({})).await;
    assert_eq!(
        (plain["kind"].clone(), plain["winLimited"].clone(), plain["noNewBiddersAfter"].clone()),
        (json!("standard"), json!(false), Value::Null)
    );
    let fair = create(
        &admin,
        "Честный",
        &start,
        json!({"kind": "beginner", "winLimited": true, "noNewBiddersAfter": {"price": "5", "at": null}}),
    )
    .await;
    assert_eq!(fair["kind"], "beginner");
    assert_eq!(fair["winLimited"], true);
    assert_eq!(fair["noNewBiddersAfter"], json!({"price": 5.0, "at": null}));

    for (extra, field, code) in [
        (json!({"kind": "vip"}), "kind", "kind_invalid"),
        (json!({"noNewBiddersAfter": {"price": "abc"}}), "noNewBiddersAfter", "no_new_bidders_invalid"),
        (json!({"noNewBiddersAfter": {"at": "tomorrow"}}), "noNewBiddersAfter", "no_new_bidders_invalid"),
        (json!({"noNewBiddersAfter": 5}), "noNewBiddersAfter", "no_new_bidders_invalid"),
    ] {
        let mut body = json!({"title": "Лот", "retailPrice": 1000, "startTime": start});
        body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        let err = expect_error(admin.post("/api/admin/auctions", body).await, 400, code).await;
        assert!(err["fields"][field].is_string(), "{extra}: {err}");
    }
    // Editing an upcoming auction changes them too.
    let id = fair["id"].as_i64().unwrap();
    let edit = json!({"title": "Честный", "retailPrice": 1000, "startTime": start, "kind": "standard"});
    let edited = json_of(admin.put(&format!("/api/admin/auctions/{id}"), edit).await).await;
    assert_eq!(
        (edited["kind"].clone(), edited["noNewBiddersAfter"].clone()),
        (json!("standard"), Value::Null)
    );
}

#[actix_web::test]
async fn a_winner_is_refused_by_beginner_and_win_limited_auctions() {
    let app = spawn_app_with(settings).await;
    let admin = app.new_admin("boss").await;
    let (aida, nurlan) = (app.new_user("aida").await, app.new_user("nurlan").await);
    win(&app, &admin, &aida, "Чайник Tefal").await;

    let beginners = live(&app, &admin, "Наушники", json!({"kind": "beginner"})).await;
    expect_error(aida.bid(beginners).await, 409, "beginners_only").await;
    expect_error(
        aida.put(&format!("/api/auctions/{beginners}/autobid"), json!({"bids": 3})).await,
        409,
        "beginners_only",
    )
    .await;
    assert_eq!(nurlan.bid(beginners).await.status(), 200, "one who never won may bid");
    let start = (chrono::Utc::now() + chrono::TimeDelta::hours(1)).to_rfc3339();
    let upcoming =
        create(&admin, "Колонка", &start, json!({"kind": "beginner"})).await["id"].as_i64().unwrap();
    expect_error(
        aida.post(&format!("/api/auctions/{upcoming}/prebid"), Value::Null).await,
        409,
        "beginners_only",
    )
    .await;

    // The same item (its title, whatever the case and spaces) within 7 days: refused; another: fine.
    let same = live(&app, &admin, "  чайник   TEFAL ", json!({"winLimited": true})).await;
    expect_error(aida.bid(same).await, 409, "win_limit_reached").await;
    let other = live(&app, &admin, "Утюг", json!({"winLimited": true})).await;
    assert_eq!(aida.bid(other).await.status(), 200);

    // What the actors consult after a restart is read from PostgreSQL.
    let pool = app.pool().await;
    let wins = tyiyn::db::auctions::wins(&pool.get().await.unwrap()).await.unwrap();
    assert!(wins.has_won(tyiyn_actors::UserId(aida.id)));
    assert!(!wins.has_won(tyiyn_actors::UserId(nurlan.id)));
    app.check().await;
}

#[actix_web::test]
async fn no_new_bidders_once_the_price_is_reached() {
    let app = spawn_app_with(settings).await;
    let admin = app.new_admin("boss").await;
    let (aida, nurlan, timur) =
        (app.new_user("aida").await, app.new_user("nurlan").await, app.new_user("timur").await);
    // The price starts at 0.01; from 0.03 on, only those who already bid may go on.
    let id = live(&app, &admin, "Часы", json!({"noNewBiddersAfter": {"price": 0.03}})).await;
    assert_eq!(aida.bid(id).await.status(), 200);
    assert_eq!(nurlan.bid(id).await.status(), 200, "0.02 → 0.03: still open");
    expect_error(timur.bid(id).await, 409, "no_new_bidders").await;
    assert_eq!(aida.bid(id).await.status(), 200, "one who already bid goes on");
    expect_error(
        timur.put(&format!("/api/auctions/{id}/autobid"), json!({"bids": 3})).await,
        409,
        "no_new_bidders",
    )
    .await;

    // By time: from a moment already past, nobody new.
    let past = (chrono::Utc::now() - chrono::TimeDelta::minutes(1)).to_rfc3339();
    let closed = live(&app, &admin, "Лампа", json!({"noNewBiddersAfter": {"at": past}})).await;
    expect_error(timur.bid(closed).await, 409, "no_new_bidders").await;
    app.check().await;
}

#[actix_web::test]
async fn a_deleted_auction_s_win_no_longer_bars_its_winner() {
    let app = spawn_app_with(settings).await;
    let admin = app.new_admin("boss").await;
    let aida = app.new_user("aida").await;
    let won = win(&app, &admin, &aida, "Чайник Tefal").await;
    let beginners = live(&app, &admin, "Наушники", json!({"kind": "beginner"})).await;
    expect_error(aida.bid(beginners).await, 409, "beginners_only").await;

    // The admin deletes the finished auction (its bids refunded): the win is gone from the book
    // the actors consult now, as from what PostgreSQL gives after a restart.
    assert_eq!(admin.delete(&format!("/api/admin/auctions/{won}")).await.status(), 200);
    assert_eq!(aida.bid(beginners).await.status(), 200, "no win left to bar her");
    let pool = app.pool().await;
    let wins = tyiyn::db::auctions::wins(&pool.get().await.unwrap()).await.unwrap();
    assert!(!wins.has_won(tyiyn_actors::UserId(aida.id)));
    app.check().await;
}
