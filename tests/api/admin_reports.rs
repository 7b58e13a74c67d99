//! The operator's reports and marks: finished auctions with savings, one auction's bids by kind,
//! the system statistics, the promoted auction, and the audit log of every admin action.

use std::time::Duration;

use serde_json::{Value, json};
use tyiyn_testkit::until;

use crate::admin::audit_rows;
use crate::helpers::{TestApp, User, expect_error, long_countdowns, spawn_app_with};
use crate::socket::Socket;

/// A live auction with this retail price (som, as the form sends it).
async fn live_priced(app: &TestApp, admin: &User, title: &str, retail: &str) -> i64 {
    let res = admin
        .post(
            "/api/admin/auctions",
            json!({"title": title, "retailPrice": retail, "startTime": chrono::Utc::now().to_rfc3339()}),
        )
        .await;
    assert_eq!(res.status(), 201);
    let id = res.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    let (within, every) = (Duration::from_secs(10), Duration::from_millis(10));
    until(&format!("auction {id} did not go live"), within, every, || async {
        let a: Value = app.get(&format!("/api/auctions/{id}")).await.json().await.unwrap();
        a["status"] == "live"
    })
    .await;
    id
}

async fn promote(admin: &User, id: i64, on: bool) -> reqwest::Response {
    admin.put(&format!("/api/admin/auctions/{id}/promoted"), json!({"promoted": on})).await
}

async fn end(admin: &User, id: i64) {
    assert_eq!(admin.post(&format!("/api/admin/auctions/{id}/end"), json!({})).await.status(), 200);
}

#[actix_web::test]
async fn finished_auctions_come_latest_end_first_with_their_savings() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let user = app.new_user("aibek").await;
    let cheap = live_priced(&app, &admin, "Брелок", "0.05").await;
    let over = live_priced(&app, &admin, "Наклейка", "0.01").await;
    let running = live_priced(&app, &admin, "Часы", "1000").await;
    user.bid(cheap).await;
    user.bid(over).await;
    end(&admin, cheap).await;
    end(&admin, over).await;

    let rows: Value = admin.get("/api/admin/finished-auctions").await.json().await.unwrap();

    let rows = rows.as_array().unwrap();
    assert_eq!(rows.iter().map(|r| r["id"].as_i64().unwrap()).collect::<Vec<_>>(), [over, cheap]);
    assert!(rows.iter().all(|r| r["id"] != running));
    assert_eq!((rows[1]["title"].as_str(), rows[1]["status"].as_str()), (Some("Брелок"), Some("finished")));
    assert_eq!(rows[1]["currentPrice"].to_string(), "0.02");
    assert_eq!(rows[1]["savings"].to_string(), "0.03");
    assert_eq!(rows[1]["savingsPercent"], 60);
    assert_eq!(rows[1]["winner"]["username"], "aibek");
    assert_eq!(rows[1]["isPromoted"], false);
    assert_eq!((rows[0]["savings"].as_f64(), rows[0]["savingsPercent"].as_i64()), (Some(0.0), Some(0)));

    // The document describes the row as the Auction object plus the two savings fields.
    let doc: Value = app.get("/api/openapi.json").await.json().await.unwrap();
    let schema = &doc["components"]["schemas"]["FinishedAuctionRow"];
    assert!(schema.to_string().contains("#/components/schemas/Auction"), "{schema}");
    assert!(schema.to_string().contains("savingsPercent"), "{schema}");
    app.check().await;
}

#[actix_web::test]
async fn auction_stats_count_bids_by_admins_users_and_bots() {
    let app = spawn_app_with(long_countdowns).await;
    let boss = app.new_admin("boss").await;
    let second = app.new_admin("second").await;
    let user = app.new_user("aibek").await;
    let id = app.create_live_auction(&boss, "Часы").await;
    for bidder in [&boss, &user, &second] {
        assert_eq!(bidder.bid(id).await.status(), 200);
    }

    let stats: Value = boss.get(&format!("/api/admin/auction-stats/{id}")).await.json().await.unwrap();

    assert_eq!(stats["totalBids"], 3);
    assert_eq!((stats["adminBids"].as_i64(), stats["userBids"].as_i64()), (Some(2), Some(1)));
    assert_eq!(stats["botBids"], 0);
    let bids = stats["bids"].as_array().unwrap();
    let who: Vec<(&str, &str)> =
        bids.iter().map(|b| (b["userName"].as_str().unwrap(), b["userRole"].as_str().unwrap())).collect();
    assert_eq!(who, [("second", "admin"), ("aibek", "user"), ("boss", "admin")]);
    assert_eq!(
        (bids[0]["bidAmount"].to_string().as_str(), bids[0]["isBot"].as_bool()),
        ("0.04", Some(false))
    );
    assert!(bids[0]["createdAt"].is_string());

    end(&boss, id).await;
    let after: Value = boss.get(&format!("/api/admin/auction-stats/{id}")).await.json().await.unwrap();
    assert_eq!(after["totalBids"], 3, "finished auctions too");
    expect_error(boss.get("/api/admin/auction-stats/999999").await, 404, "auction_not_found").await;
    app.check().await;
}

#[actix_web::test]
async fn system_stats_count_users_auctions_and_the_last_hour_by_minute() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let a = app.new_user("aibek").await;
    let b = app.new_user("nurlan").await;
    let live = app.create_live_auction(&admin, "Часы").await;
    let done = app.create_live_auction(&admin, "Телефон").await;
    app.create_auction(&admin, "Ноутбук", "2099-01-01T00:00:00Z").await;
    a.bid(live).await;
    b.bid(live).await;
    end(&admin, done).await;

    let stats: Value = admin.get("/api/admin/stats").await.json().await.unwrap();

    assert_eq!((stats["totalUsers"].as_i64(), stats["registeredToday"].as_i64()), (Some(3), Some(3)));
    let counts = ["liveAuctions", "upcomingAuctions", "finishedAuctions"].map(|k| stats[k].as_i64().unwrap());
    assert_eq!(counts, [1, 1, 1]);
    assert_eq!((stats["bidsLastHour"].as_i64(), stats["botBidsLastHour"].as_i64()), (Some(2), Some(0)));
    let minutes = stats["bidsPerMinute"].as_array().unwrap();
    assert_eq!(minutes.len(), 60);
    let times: Vec<chrono::DateTime<chrono::Utc>> =
        minutes.iter().map(|m| m["minute"].as_str().unwrap().parse().unwrap()).collect();
    assert!(times.windows(2).all(|w| (w[1] - w[0]).num_seconds() == 60), "oldest first, a minute apart");
    assert!(chrono::Utc::now() - times[59] < chrono::Duration::seconds(61), "the current minute last");
    assert_eq!(minutes.iter().map(|m| m["bids"].as_i64().unwrap()).sum::<i64>(), 2);
    app.check().await;
}

#[actix_web::test]
async fn one_auction_is_promoted_at_a_time_and_its_watchers_see_it() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let first = app.create_auction(&admin, "Ноутбук", "2099-01-01T00:00:00Z").await;
    let second = app.create_auction(&admin, "Телефон", "2099-01-02T00:00:00Z").await;
    let mut watcher = Socket::connect(&app.address, None).await;
    watcher.emit("joinAuction", json!(first));
    watcher.next_update(first, "snapshot").await;

    let res = promote(&admin, first, true).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.json::<Value>().await.unwrap()["isPromoted"], true);
    assert_eq!(watcher.next_update(first, "detailsUpdated").await["auction"]["isPromoted"], true);
    let res = promote(&admin, second, true).await;
    assert_eq!(res.json::<Value>().await.unwrap()["isPromoted"], true);
    assert_eq!(watcher.next_update(first, "detailsUpdated").await["auction"]["isPromoted"], false);

    let lists: Value = app.get("/api/auctions").await.json().await.unwrap();
    let flags: Vec<(i64, bool)> = lists["upcoming"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["id"].as_i64().unwrap(), a["isPromoted"].as_bool().unwrap()))
        .collect();
    assert_eq!(flags, [(first, false), (second, true)]);
    let promoted: Vec<i64> = app
        .db()
        .await
        .query("select id from auction where promoted", &[])
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(promoted, [second]);

    let done = app.create_live_auction(&admin, "Часы").await;
    end(&admin, done).await;
    expect_error(promote(&admin, done, true).await, 409, "auction_finished").await;
    assert_eq!(promote(&admin, done, false).await.status(), 200, "a finished one may stop being promoted");
    expect_error(promote(&admin, 999_999, true).await, 404, "auction_not_found").await;
    let missing = admin.put(&format!("/api/admin/auctions/{first}/promoted"), json!({})).await;
    expect_error(missing, 400, "required").await;
    let audit = audit_rows(&app, "auction.promote").await;
    assert_eq!(audit.len(), 3);
    assert_eq!(
        (audit[1].1, &audit[1].2, &audit[1].3),
        (Some(second), &json!({"isPromoted": false}), &json!({"isPromoted": true}))
    );
}

#[actix_web::test]
async fn every_auction_and_settings_change_is_in_the_audit_log() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let upcoming = app.create_auction(&admin, "Ноутбук", "2099-01-01T00:00:00Z").await;
    let edited = admin
        .put(
            &format!("/api/admin/auctions/{upcoming}"),
            json!({"title": "Ноутбук Pro", "retailPrice": 1000, "startTime": "2099-01-01T00:00:00Z",
                   "imageUrl": "/demo/phone.svg"}),
        )
        .await;
    assert_eq!(edited.status(), 200);
    let live = app.create_live_auction(&admin, "Часы").await;
    end(&admin, live).await;
    assert_eq!(admin.delete(&format!("/api/admin/auctions/{upcoming}")).await.status(), 200);
    assert_eq!(admin.delete(&format!("/api/admin/auctions/{live}")).await.status(), 200);
    let mut settings: Value = admin.get("/api/admin/settings").await.json().await.unwrap();
    let old_name = settings["siteName"].clone();
    settings["siteName"] = json!("Тыйын Плюс");
    assert_eq!(admin.put("/api/admin/settings", settings).await.status(), 200);

    let created = audit_rows(&app, "auction.create").await;
    assert_eq!(created.len(), 2);
    assert_eq!((created[0].0, created[0].1), (Some(admin.id), Some(upcoming)));
    assert_eq!((created[0].2.clone(), created[0].3["title"].clone()), (Value::Null, json!("Ноутбук")));
    let updated = audit_rows(&app, "auction.update").await;
    assert_eq!(
        (updated[0].2.clone(), updated[0].3.clone()),
        (json!({"title": "Ноутбук"}), json!({"title": "Ноутбук Pro"}))
    );
    let ended = audit_rows(&app, "auction.end").await;
    assert_eq!((ended[0].1, ended[0].3["status"].clone()), (Some(live), json!("finished")));
    let deleted = audit_rows(&app, "auction.delete").await;
    let titles: Vec<&Value> = deleted.iter().map(|d| &d.2["title"]).collect();
    assert_eq!(titles, [&json!("Ноутбук Pro"), &json!("Часы")]);
    assert!(deleted.iter().all(|d| d.3.is_null()));
    let saved = audit_rows(&app, "settings.update").await;
    assert_eq!(
        (saved[0].2.clone(), saved[0].3.clone()),
        (json!({"siteName": old_name}), json!({"siteName": "Тыйын Плюс"}))
    );

    let page: Value = admin.get("/api/admin/audit?limit=2").await.json().await.unwrap();
    assert_eq!((page["total"].as_i64(), page["totalPages"].as_i64()), (Some(7), Some(4)));
    assert_eq!(page["entries"][0]["action"], "settings.update");
    assert_eq!(page["entries"][0]["adminName"], "boss");
    assert_eq!(page["entries"][1]["action"], "auction.delete");
    let last: Value = admin.get("/api/admin/audit?page=4&limit=2").await.json().await.unwrap();
    assert_eq!(last["entries"][0]["action"], "auction.create");
    expect_error(admin.get("/api/admin/audit?page=0").await, 400, "page_invalid").await;
    app.check().await;
}
