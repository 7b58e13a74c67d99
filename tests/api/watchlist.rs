//! The watchlist: starring and unstarring an auction (idempotent, 404 for an unknown one, the cap,
//! 401 for a visitor), the list as lobby cards, and the "starting" notice. The sweep is called
//! directly with the instant it runs at (the runtime clock's reading, driven here): the server's
//! own sweeper runs on the real clock, for which every auction here starts an hour away or more.

use std::sync::Mutex;

use chrono::{DateTime, Duration, Utc};
use serde_json::{Value, json};
use tyiyn::app::effects::Effects;
use tyiyn::app::provider::Order;
use tyiyn::app::watchlist::sweep;
use tyiyn::config::WatchlistSettings;
use tyiyn::db::notifications::{Notice, NotificationRow};
use tyiyn::db::outbox::Outbox;
use tyiyn_actors::clock::UnixMillis;
use tyiyn_actors::ids::UserId;
use tyiyn_actors::outlets::Outlets;

use crate::helpers::{TestApp, User, expect_error, json_of, long_countdowns, spawn_app, spawn_app_with};

/// A pushed notice: its user, auction and start.
type Told = (i64, Option<i64>, DateTime<Utc>);

/// The notices the sweep pushed after its commits (no message leaves: every channel is off).
struct Pushed(Mutex<Vec<Told>>, Outbox);

impl Default for Pushed {
    fn default() -> Self {
        Pushed(Mutex::default(), Outbox::off())
    }
}

impl Effects for Pushed {
    fn balance_changed(&self, _: UserId, _: i64) {}
    fn order_changed(&self, _: UserId, _: Order) {}
    fn notify(&self, notices: &[NotificationRow]) {
        for n in notices {
            let Some(Notice::AuctionStarting { starts_at, .. }) = n.notice else {
                panic!("the sweep pushes only auction_starting: {n:?}")
            };
            self.0.lock().unwrap().push((n.user_id, n.auction_id, starts_at));
        }
    }
    fn signed_out(&self, _: UserId) {}
    fn outbox(&self) -> &Outbox {
        &self.1
    }
    fn outlets(&self) -> Outlets {
        unreachable!("no auction runs through these effects")
    }
}

impl Pushed {
    fn count(&self) -> usize {
        self.0.lock().unwrap().len()
    }
}

/// A pool of its own on the app's database, with room for sweeps that run at once.
async fn pool(app: &TestApp) -> deadpool_postgres::Pool {
    tyiyn::db::connect(&app.db_url, 4, std::time::Duration::from_secs(5)).await.expect("pool connects")
}

/// The runtime clock's reading at `t`.
fn at(t: DateTime<Utc>) -> UnixMillis {
    UnixMillis(t.timestamp_millis())
}

/// An upcoming auction starting `start`, created by `admin`.
async fn upcoming(app: &TestApp, admin: &User, title: &str, start: DateTime<Utc>) -> i64 {
    app.create_auction(admin, title, &start.to_rfc3339()).await
}

async fn star(user: &User, auction: i64) -> reqwest::Response {
    user.put(&format!("/api/auctions/{auction}/watch"), Value::Null).await
}

async fn unstar(user: &User, auction: i64) -> reqwest::Response {
    user.delete(&format!("/api/auctions/{auction}/watch")).await
}

/// The stored `auction_starting` notices of `user`, oldest first.
async fn starting(app: &TestApp, user: i64) -> Vec<(Option<i64>, Value)> {
    let rows = app
        .db()
        .await
        .query(
            "select auction_id, payload from notification where user_id = $1 and kind = 'auction_starting' order by id",
            &[&user],
        )
        .await
        .unwrap();
    rows.iter().map(|r| (r.get(0), r.get(1))).collect()
}

#[actix_web::test]
async fn starring_and_unstarring_are_idempotent_and_the_list_shows_the_latest_star_first() {
    let app = spawn_app().await;
    let admin = app.new_admin("aibek").await;
    let asel = app.new_user("asel").await;
    let start = Utc::now() + Duration::hours(2);
    let first = upcoming(&app, &admin, "Чайник", start).await;
    let second = upcoming(&app, &admin, "Смартфон", start).await;

    for _ in 0..2 {
        let res = star(&asel, first).await;
        assert_eq!(res.status(), 200);
        assert_eq!(json_of(res).await, json!({"auctionId": first, "watched": true}));
    }
    assert_eq!(star(&asel, second).await.status(), 200);

    let list = json_of(asel.get("/api/me/watchlist").await).await;
    assert_eq!(list["ids"], json!([second, first]), "the latest star first");
    assert_eq!((&list["total"], &list["totalPages"]), (&json!(2), &json!(1)));
    let cards = list["auctions"].as_array().expect("cards");
    assert_eq!(cards.len(), 2);
    assert_eq!((&cards[0]["id"], &cards[0]["title"]), (&json!(second), &json!("Смартфон")));
    assert_eq!(cards[0]["status"], "upcoming");
    assert!(
        cards[0]["currentPrice"].is_number() && cards[0]["slug"].is_string(),
        "a lobby card: {}",
        cards[0]
    );

    // One a page: the ids stay whole, the cards follow the page.
    let page = json_of(asel.get("/api/me/watchlist?page=2&limit=1").await).await;
    assert_eq!(page["auctions"].as_array().map(|a| a.len()), Some(1));
    assert_eq!(page["auctions"][0]["id"], first);
    assert_eq!((&page["ids"], &page["totalPages"]), (&json!([second, first]), &json!(2)));
    expect_error(asel.get("/api/me/watchlist?limit=0").await, 400, "limit_invalid").await;

    for _ in 0..2 {
        let res = unstar(&asel, first).await;
        assert_eq!(res.status(), 200);
        assert_eq!(json_of(res).await, json!({"auctionId": first, "watched": false}));
    }
    let list = json_of(asel.get("/api/me/watchlist").await).await;
    assert_eq!(list["ids"], json!([second]));
    let nurlan = app.new_user("nurlan").await;
    let theirs = json_of(nurlan.get("/api/me/watchlist").await).await;
    assert_eq!((&theirs["ids"], &theirs["auctions"], &theirs["total"]), (&json!([]), &json!([]), &json!(0)));
}

#[actix_web::test]
async fn an_unknown_auction_is_404_and_a_visitor_is_asked_to_log_in() {
    let app = spawn_app().await;
    let asel = app.new_user("asel").await;
    expect_error(star(&asel, 999_999).await, 404, "auction_not_found").await;
    expect_error(unstar(&asel, 999_999).await, 404, "auction_not_found").await;

    let admin = app.new_admin("aibek").await;
    let id = upcoming(&app, &admin, "Чайник", Utc::now() + Duration::hours(2)).await;
    let visitor = reqwest::Client::new();
    let res = visitor.put(app.url(&format!("/api/auctions/{id}/watch"))).send().await.unwrap();
    expect_error(res, 401, "unauthorized").await;
    let res = visitor.delete(app.url(&format!("/api/auctions/{id}/watch"))).send().await.unwrap();
    expect_error(res, 401, "unauthorized").await;
    expect_error(app.get("/api/me/watchlist").await, 401, "unauthorized").await;
}

#[actix_web::test]
async fn a_full_watchlist_refuses_a_new_star_but_keeps_the_old_ones_and_frees_a_place_on_unstar() {
    let app = spawn_app_with(|s| s.watchlist.max_watched = 2).await;
    let admin = app.new_admin("aibek").await;
    let asel = app.new_user("asel").await;
    let start = Utc::now() + Duration::hours(2);
    let mut ids = Vec::new();
    for title in ["Чайник", "Смартфон", "Наушники"] {
        ids.push(upcoming(&app, &admin, title, start).await);
    }
    assert_eq!(star(&asel, ids[0]).await.status(), 200);
    assert_eq!(star(&asel, ids[1]).await.status(), 200);

    let body = expect_error(star(&asel, ids[2]).await, 409, "watchlist_full").await;
    assert!(body["error"].as_str().unwrap().contains("избранн"), "in Russian: {body}");
    assert_eq!(star(&asel, ids[1]).await.status(), 200, "a star already lit is no new one");
    let res = asel
        .client
        .put(app.url(&format!("/api/auctions/{}/watch", ids[2])))
        .header("Accept-Language", "ky")
        .send()
        .await
        .unwrap();
    let body = expect_error(res, 409, "watchlist_full").await;
    assert!(body["error"].as_str().unwrap().contains("Тандалмалар"), "in Kyrgyz: {body}");

    assert_eq!(unstar(&asel, ids[0]).await.status(), 200);
    assert_eq!(star(&asel, ids[2]).await.status(), 200);
    assert_eq!(json_of(asel.get("/api/me/watchlist").await).await["ids"], json!([ids[2], ids[1]]));
}

#[actix_web::test]
async fn stars_pressed_at_once_never_pass_the_cap() {
    let app = spawn_app_with(|s| s.watchlist.max_watched = 3).await;
    let admin = app.new_admin("aibek").await;
    let asel = app.new_user("asel").await;
    let start = Utc::now() + Duration::hours(2);
    let mut ids = Vec::new();
    for n in 0..8 {
        ids.push(upcoming(&app, &admin, &format!("Лот {n}"), start).await);
    }
    let presses = ids
        .iter()
        .map(|id| asel.sending(reqwest::Method::PUT, &format!("/api/auctions/{id}/watch"), Value::Null));
    let answers = futures_util::future::join_all(presses).await;
    let ok = answers.iter().filter(|r| r.status() == 200).count();
    let full = answers.iter().filter(|r| r.status() == 409).count();
    assert_eq!((ok, full), (3, 5));
    assert_eq!(json_of(asel.get("/api/me/watchlist").await).await["total"], 3);
}

#[actix_web::test]
async fn a_watcher_is_told_once_that_an_auction_starts_and_nobody_else_is() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("aibek").await;
    let (asel, nurlan, bakyt) =
        (app.new_user("asel").await, app.new_user("nurlan").await, app.new_user("bakyt").await);
    let start = Utc::now() + Duration::hours(3);
    let soon = upcoming(&app, &admin, "Чайник", start).await;
    let later = upcoming(&app, &admin, "Смартфон", start + Duration::hours(1)).await;
    let live = app.create_live_auction(&admin, "Наушники").await;
    for auction in [soon, later, live] {
        assert_eq!(star(&asel, auction).await.status(), 200);
    }
    assert_eq!(star(&nurlan, soon).await.status(), 200);
    let (pool, settings, pushed) = (pool(&app).await, WatchlistSettings::default(), Pushed::default());

    // Six minutes before: not yet.
    assert_eq!(sweep(&pool, &pushed, &settings, at(start - Duration::minutes(6))).await.unwrap(), 0);
    // Four minutes before, swept twice at once and then again: one notice per watcher.
    let now = at(start - Duration::minutes(4));
    let (a, b) = tokio::join!(sweep(&pool, &pushed, &settings, now), sweep(&pool, &pushed, &settings, now));
    assert_eq!(a.unwrap() + b.unwrap(), 2);
    assert_eq!(sweep(&pool, &pushed, &settings, now).await.unwrap(), 0);
    assert_eq!(sweep(&pool, &pushed, &settings, at(start - Duration::minutes(1))).await.unwrap(), 0);
    assert_eq!(pushed.count(), 2, "each stored notice is pushed once, after its commit");

    let mut told = pushed.0.lock().unwrap().clone();
    told.sort();
    let exact = |t: DateTime<Utc>| t.timestamp_millis();
    assert_eq!(
        told.iter().map(|(u, a, t)| (*u, *a, exact(*t))).collect::<Vec<_>>(),
        [(asel.id, Some(soon), exact(start)), (nurlan.id, Some(soon), exact(start))]
    );
    assert_eq!(starting(&app, asel.id).await.len(), 1);
    assert!(starting(&app, bakyt.id).await.is_empty(), "who does not watch hears nothing");

    // A live auction's watchers are never told it starts, whatever the clock says.
    let live_start: DateTime<Utc> =
        json_of(app.get(&format!("/api/auctions/{live}")).await).await["startTime"]
            .as_str()
            .unwrap()
            .parse()
            .unwrap();
    assert_eq!(sweep(&pool, &pushed, &settings, at(live_start - Duration::minutes(1))).await.unwrap(), 0);

    // The bell lists it with the title and the start.
    let list = json_of(asel.get("/api/notifications").await).await;
    let notice = &list["notifications"][0];
    assert_eq!(
        (&notice["type"], &notice["title"], &notice["auctionId"]),
        (&json!("auctionStarting"), &json!("Чайник"), &json!(soon))
    );
    let starts: DateTime<Utc> = notice["startsAt"].as_str().expect("startsAt").parse().unwrap();
    assert_eq!(starts.timestamp_millis(), exact(start));
}

#[actix_web::test]
async fn a_start_moved_later_is_announced_again_and_a_deleted_auction_never() {
    let app = spawn_app().await;
    let admin = app.new_admin("aibek").await;
    let asel = app.new_user("asel").await;
    let start = Utc::now() + Duration::hours(3);
    let moved = upcoming(&app, &admin, "Чайник", start).await;
    let deleted = upcoming(&app, &admin, "Смартфон", start).await;
    for auction in [moved, deleted] {
        assert_eq!(star(&asel, auction).await.status(), 200);
    }
    assert_eq!(admin.delete(&format!("/api/admin/auctions/{deleted}")).await.status(), 200);
    let (pool, settings, pushed) = (pool(&app).await, WatchlistSettings::default(), Pushed::default());
    assert_eq!(sweep(&pool, &pushed, &settings, at(start - Duration::minutes(4))).await.unwrap(), 1);
    assert_eq!(starting(&app, asel.id).await[0].0, Some(moved), "the deleted auction's star went with it");

    let later = start + Duration::hours(1);
    let form = json!({"title": "Чайник", "retailPrice": 1000, "startTime": later.to_rfc3339()});
    assert_eq!(admin.put(&format!("/api/admin/auctions/{moved}"), form).await.status(), 200);
    assert_eq!(sweep(&pool, &pushed, &settings, at(start - Duration::minutes(2))).await.unwrap(), 0);
    assert_eq!(sweep(&pool, &pushed, &settings, at(later - Duration::minutes(3))).await.unwrap(), 1);
    assert_eq!(sweep(&pool, &pushed, &settings, at(later - Duration::minutes(2))).await.unwrap(), 0);
    let told = starting(&app, asel.id).await;
    assert_eq!(told.len(), 2);
    assert_eq!(told[1].0, Some(moved));
    let starts: DateTime<Utc> = serde_json::from_value(told[1].1["startsAt"].clone()).unwrap();
    assert_eq!(starts.timestamp_millis(), later.timestamp_millis(), "the second notice names the new start");
    assert_eq!(json_of(asel.get("/api/me/watchlist").await).await["ids"], json!([moved]));
}
