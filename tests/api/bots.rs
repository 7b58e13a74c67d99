//! Bots over HTTP: their CRUD and settings, assignments to auctions, and bots bidding on a live
//! auction through the real runtime (a bot "second" of 20 ms, so the default 5–6 s delays take
//! ~110 ms). Waits poll the bids endpoint until a condition holds, with a deadline of seconds;
//! nothing asserts on wall-clock timing.

use std::time::Duration;

use reqwest::Client;
use serde_json::{Value, json};

use crate::helpers::{
    TestApp, User, expect_error, house, json_of, long_countdowns, quick_bots, spawn_app, spawn_app_on,
    spawn_app_with,
};

async fn create_bot(admin: &User, first: &str, last: &str) -> Value {
    let res = admin.post("/api/admin/bots", json!({"firstName": first, "lastName": last})).await;
    assert_eq!(res.status(), 201, "creating bot {first}");
    json_of(res).await
}

async fn assign(admin: &User, auction: i64, bot: i64, bid_limit: i64) -> Value {
    let res = admin
        .post(&format!("/api/admin/auctions/{auction}/bots"), json!({"botId": bot, "bidLimit": bid_limit}))
        .await;
    assert_eq!(res.status(), 201, "assigning bot {bot}");
    json_of(res).await
}

/// Sets the bid limit of `bot`'s assignment on `auction` (0: none).
async fn set_limit(app: &TestApp, admin: &User, auction: i64, bot: i64, bid_limit: i64) {
    let res = admin
        .client
        .patch(app.url(&format!("/api/admin/auctions/{auction}/bots/{bot}")))
        .json(&json!({"bidLimit": bid_limit}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200, "limiting bot {bot}");
}

async fn bids(app: &TestApp, auction: i64) -> Vec<Value> {
    json_of(app.get(&format!("/api/auctions/{auction}/bids")).await)
        .await
        .as_array()
        .cloned()
        .unwrap_or_default()
}

fn bot_bids(bids: &[Value]) -> usize {
    bids.iter().filter(|b| b["isBot"] == true).count()
}

async fn wait_for(app: &TestApp, auction: i64, done: impl Fn(&[Value]) -> bool) -> Vec<Value> {
    app.wait_for_bids(auction, done).await
}

/// Gives the bots many times their delay (≤ 120 ms here) to do something they must not do.
async fn quiet_period() {
    tokio::time::sleep(Duration::from_millis(800)).await;
}

async fn audit_count(app: &TestApp, action: &str) -> i64 {
    let db = app.db().await;
    db.query_one("select count(*) from audit_entry where action = $1", &[&action]).await.unwrap().get(0)
}

async fn set_enabled(admin: &User, enabled: bool) {
    let res = admin.put("/api/admin/bot-settings", json!({"enabled": enabled})).await;
    assert_eq!(res.status(), 200);
}

#[actix_web::test]
async fn bots_are_created_listed_deactivated_and_closed_by_admins_only() {
    let app = spawn_app_with(long_countdowns).await;
    expect_error(app.get("/api/admin/bots").await, 401, "unauthorized").await;
    let user = app.new_user("plain").await;
    expect_error(user.post("/api/admin/bots", json!({})).await, 403, "forbidden").await;
    let admin = app.new_admin("boss").await;

    let body = expect_error(
        admin.post("/api/admin/bots", json!({"lastName": "Бейшеев"})).await,
        400,
        "bot_name_required",
    )
    .await;
    assert_eq!(body["error"], "Заполните имя и фамилию бота");
    assert_eq!(body["fields"]["firstName"], "Заполните имя и фамилию бота");
    let body = expect_error(
        admin.post("/api/admin/bots", json!({"firstName": "Эрлан", "lastName": " "})).await,
        400,
        "bot_name_required",
    )
    .await;
    assert!(body["fields"]["lastName"].is_string());
    let res = admin
        .post("/api/admin/bots", json!({"firstName": "Эрлан", "lastName": "Бейшеев", "username": "ab"}))
        .await;
    expect_error(res, 400, "username_too_short").await;

    let erlan = create_bot(&admin, "Эрлан", "Бейшеев").await;
    assert_eq!(erlan["username"], "bot_erlan");
    assert_eq!((erlan["firstName"].as_str(), erlan["lastName"].as_str()), (Some("Эрлан"), Some("Бейшеев")));
    assert_eq!((erlan["isActive"].as_bool(), erlan["currentAuctions"].clone()), (Some(true), json!([])));
    assert!(erlan["createdAt"].is_string());
    let second = create_bot(&admin, "Эрлан", "Токтогулов").await;
    assert_eq!(second["username"], "bot_erlan_2");
    let res = admin
        .post("/api/admin/bots", json!({"firstName": "А", "lastName": "Б", "username": "BOT_ERLAN"}))
        .await;
    expect_error(res, 409, "username_taken").await;
    let named = admin
        .post(
            "/api/admin/bots",
            json!({"firstName": "Динара", "lastName": "Алиева", "username": "dinara_bot", "isActive": false}),
        )
        .await;
    let named = json_of(named).await;
    assert_eq!((named["username"].as_str(), named["isActive"].as_bool()), (Some("dinara_bot"), Some(false)));

    let list = json_of(admin.get("/api/admin/bots").await).await;
    let names: Vec<&str> = list.as_array().unwrap().iter().map(|b| b["username"].as_str().unwrap()).collect();
    assert_eq!(names, ["dinara_bot", "bot_erlan_2", "bot_erlan"], "newest first");
    let login = app.post("/api/auth/login", json!({"username": "bot_erlan", "password": "!bot"})).await;
    expect_error(login, 401, "invalid_credentials").await;

    let id = erlan["id"].as_i64().unwrap();
    let res = admin
        .client
        .patch(app.url(&format!("/api/admin/bots/{id}")))
        .json(&json!({"isActive": false}))
        .send()
        .await
        .unwrap();
    assert_eq!(json_of(res).await["isActive"], false);
    let res =
        admin.client.patch(app.url(&format!("/api/admin/bots/{id}"))).json(&json!({})).send().await.unwrap();
    expect_error(res, 400, "required").await;
    let res = admin
        .client
        .patch(app.url("/api/admin/bots/999999"))
        .json(&json!({"isActive": true}))
        .send()
        .await
        .unwrap();
    expect_error(res, 404, "bot_not_found").await;
    expect_error(admin.delete(&format!("/api/admin/bots/{}", user.id)).await, 404, "bot_not_found").await;

    assert_eq!(json_of(admin.delete(&format!("/api/admin/bots/{id}")).await).await, json!({"ok": true}));
    expect_error(admin.delete(&format!("/api/admin/bots/{id}")).await, 404, "bot_not_found").await;
    let list = json_of(admin.get("/api/admin/bots").await).await;
    assert_eq!(list.as_array().unwrap().len(), 2, "a closed bot is not listed");

    assert_eq!(audit_count(&app, "bot.create").await, 3);
    assert_eq!(audit_count(&app, "bot.update").await, 1);
    assert_eq!(audit_count(&app, "bot.delete").await, 1);
    let db = app.db().await;
    let row = db
        .query_one("select admin_name, target_type, target_id, before, after from audit_entry where action = 'bot.update'", &[])
        .await
        .unwrap();
    assert_eq!((row.get::<_, String>(0), row.get::<_, String>(1)), ("boss".into(), "bot".into()));
    assert_eq!(row.get::<_, Option<i64>>(2), Some(id));
    assert_eq!(row.get::<_, Value>(3), json!({"isActive": true}));
    assert_eq!(row.get::<_, Value>(4), json!({"isActive": false}));
}

#[actix_web::test]
async fn bot_settings_are_validated_saved_and_audited() {
    let app = spawn_app_with(long_countdowns).await;
    expect_error(app.get("/api/admin/bot-settings").await, 401, "unauthorized").await;
    let admin = app.new_admin("boss").await;
    let defaults = json!({"enabled": true, "minDelay": 5, "maxDelay": 6, "activeBots": 2});
    assert_eq!(json_of(admin.get("/api/admin/bot-settings").await).await, defaults);

    let body = expect_error(
        admin.put("/api/admin/bot-settings", json!({"minDelay": 0})).await,
        400,
        "bot_delay_invalid",
    )
    .await;
    assert!(body["fields"]["minDelay"].is_string());
    expect_error(
        admin.put("/api/admin/bot-settings", json!({"maxDelay": "11"})).await,
        400,
        "bot_delay_invalid",
    )
    .await;
    expect_error(
        admin.put("/api/admin/bot-settings", json!({"maxDelay": 2.5})).await,
        400,
        "bot_delay_invalid",
    )
    .await;
    expect_error(
        admin.put("/api/admin/bot-settings", json!({"minDelay": 7, "maxDelay": 3})).await,
        400,
        "bot_delay_order",
    )
    .await;
    expect_error(
        admin.put("/api/admin/bot-settings", json!({"activeBots": 6})).await,
        400,
        "active_bots_invalid",
    )
    .await;
    let body = expect_error(
        admin.put("/api/admin/bot-settings", json!({"minDelay": -1, "activeBots": -1})).await,
        400,
        "validation_failed",
    )
    .await;
    assert!(body["fields"]["minDelay"].is_string() && body["fields"]["activeBots"].is_string());
    assert_eq!(json_of(admin.get("/api/admin/bot-settings").await).await, defaults, "nothing was saved");

    let wanted = json!({"enabled": false, "minDelay": 1, "maxDelay": 10, "activeBots": 0});
    assert_eq!(json_of(admin.put("/api/admin/bot-settings", wanted.clone()).await).await, wanted);
    assert_eq!(json_of(admin.get("/api/admin/bot-settings").await).await, wanted);
    let partial = json_of(admin.put("/api/admin/bot-settings", json!({"activeBots": 5})).await).await;
    assert_eq!(
        partial,
        json!({"enabled": false, "minDelay": 1, "maxDelay": 10, "activeBots": 5}),
        "absent fields keep their value"
    );

    let db = app.db().await;
    let rows = db
        .query("select target_type, before, after from audit_entry where action = 'bot_settings.update' order by id", &[])
        .await
        .unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0].get::<_, String>(0), "bot_settings");
    assert_eq!(rows[0].get::<_, Value>(1), defaults);
    assert_eq!(rows[0].get::<_, Value>(2), wanted);
}

#[actix_web::test]
async fn bots_are_assigned_once_per_auction_and_only_when_active() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    // Bots idle: this test is about assignments only.
    set_enabled(&admin, false).await;
    let live = app.create_live_auction(&admin, "Телефон").await;
    let upcoming = app.create_auction(&admin, "Ноутбук", "2099-01-01T10:00:00Z").await;
    let erlan = create_bot(&admin, "Эрлан", "Бейшеев").await["id"].as_i64().unwrap();
    let resting = json_of(
        admin
            .post("/api/admin/bots", json!({"firstName": "Тимур", "lastName": "Кадыров", "isActive": false}))
            .await,
    )
    .await;
    let resting = resting["id"].as_i64().unwrap();
    let path = format!("/api/admin/auctions/{upcoming}/bots");

    let body =
        expect_error(admin.post(&path, json!({"bidLimit": 3})).await, 400, "bot_and_auction_required").await;
    assert_eq!(body["error"], "Выберите бота и аукцион");
    expect_error(admin.post(&path, json!({"botId": erlan, "bidLimit": -1})).await, 400, "bid_limit_invalid")
        .await;
    expect_error(
        admin.post(&path, json!({"botId": erlan, "bidLimit": "many"})).await,
        400,
        "bid_limit_invalid",
    )
    .await;
    expect_error(admin.post(&path, json!({"botId": 999999})).await, 404, "bot_not_found").await;
    expect_error(admin.post(&path, json!({"botId": resting})).await, 409, "bot_inactive").await;
    expect_error(
        admin.post("/api/admin/auctions/999999/bots", json!({"botId": erlan})).await,
        404,
        "auction_not_found",
    )
    .await;
    expect_error(admin.get("/api/admin/auctions/999999/bots").await, 404, "auction_not_found").await;

    let assigned = assign(&admin, upcoming, erlan, 3).await;
    assert_eq!(assigned["botId"], erlan);
    assert_eq!(
        assigned["bot"],
        json!({"firstName": "Эрлан", "lastName": "Бейшеев", "username": "bot_erlan"})
    );
    assert_eq!(
        (assigned["isActive"].as_bool(), assigned["bidLimit"].as_i64(), assigned["currentBids"].as_i64()),
        (Some(true), Some(3), Some(0))
    );
    assert!(assigned["id"].is_i64());
    expect_error(admin.post(&path, json!({"botId": erlan})).await, 409, "bot_already_assigned").await;
    assign(&admin, live, erlan, 0).await;
    assert_eq!(json_of(admin.get(&path).await).await.as_array().unwrap().len(), 1);

    let res = admin
        .client
        .patch(app.url(&format!("{path}/{erlan}")))
        .json(&json!({"bidLimit": 5, "isActive": false}))
        .send()
        .await
        .unwrap();
    let updated = json_of(res).await;
    assert_eq!((updated["bidLimit"].as_i64(), updated["isActive"].as_bool()), (Some(5), Some(false)));
    let res = admin
        .client
        .patch(app.url(&format!("{path}/{resting}")))
        .json(&json!({"bidLimit": 5}))
        .send()
        .await
        .unwrap();
    expect_error(res, 404, "bot_not_assigned").await;
    let res = admin
        .client
        .patch(app.url(&format!("{path}/{erlan}")))
        .json(&json!({"bidLimit": 1.5}))
        .send()
        .await
        .unwrap();
    expect_error(res, 400, "bid_limit_invalid").await;

    let status = json_of(admin.get("/api/admin/bots/auction-status").await).await;
    let rows = status.as_array().unwrap();
    assert_eq!(rows.iter().map(|r| r["auctionId"].as_i64().unwrap()).collect::<Vec<_>>(), [live, upcoming]);
    assert_eq!((rows[0]["status"].as_str(), rows[1]["status"].as_str()), (Some("live"), Some("upcoming")));
    assert_eq!(rows[0]["auctionTitle"], "Телефон");
    assert_eq!(rows[1]["bots"][0]["bidLimit"], 5);
    let listed = json_of(admin.get("/api/admin/bots").await).await;
    let erlan_row = listed.as_array().unwrap().iter().find(|b| b["id"] == erlan).unwrap().clone();
    assert_eq!(erlan_row["currentAuctions"].as_array().unwrap().len(), 2);
    assert_eq!(erlan_row["currentAuctions"][0]["auctionTitle"], "Ноутбук");

    assert_eq!(json_of(admin.delete(&format!("{path}/{erlan}")).await).await, json!({"ok": true}));
    expect_error(admin.delete(&format!("{path}/{erlan}")).await, 404, "bot_not_assigned").await;
    assert_eq!(json_of(admin.get(&path).await).await, json!([]));

    // A finished auction keeps its bots as they were and takes no change.
    assert_eq!(admin.post(&format!("/api/admin/auctions/{live}/end"), Value::Null).await.status(), 200);
    let finished = json_of(admin.get(&format!("/api/admin/auctions/{live}/bots")).await).await;
    assert_eq!(finished[0]["botId"], erlan);
    let late = admin.post(&format!("/api/admin/auctions/{live}/bots"), json!({"botId": erlan})).await;
    expect_error(late, 409, "auction_finished").await;
    expect_error(
        admin.delete(&format!("/api/admin/auctions/{live}/bots/{erlan}")).await,
        409,
        "auction_finished",
    )
    .await;

    assert_eq!(audit_count(&app, "bot.assign").await, 2);
    assert_eq!(audit_count(&app, "bot.assignment_update").await, 1);
    assert_eq!(audit_count(&app, "bot.unassign").await, 1);
    let db = app.db().await;
    let row = db
        .query_one("select before, after from audit_entry where action = 'bot.assignment_update'", &[])
        .await
        .unwrap();
    assert_eq!(
        row.get::<_, Value>(0),
        json!({"auctionId": upcoming, "botId": erlan, "isActive": true, "bidLimit": 3})
    );
    assert_eq!(
        row.get::<_, Value>(1),
        json!({"auctionId": upcoming, "botId": erlan, "isActive": false, "bidLimit": 5})
    );
    app.check().await;
}

#[actix_web::test]
async fn bots_bid_on_a_live_auction_and_answer_a_person_for_free() {
    let app = spawn_app_with(quick_bots).await;
    let admin = app.new_admin("boss").await;
    let erlan = create_bot(&admin, "Эрлан", "Бейшеев").await["id"].as_i64().unwrap();
    let id = app.create_live_auction_with(&admin, "Телевизор", house(erlan)).await;
    let aibek = app.new_user("aibek").await;

    // Nobody leads: a bot opens.
    let opened = wait_for(&app, id, |b| bot_bids(b) == 1).await;
    assert_eq!(opened[0]["isBot"], true);
    assert_eq!(opened[0]["botName"], "Эрлан Бейшеев");
    assert_eq!(opened[0]["user"], Value::Null);

    for round in 2..=3 {
        assert_eq!(aibek.bid(id).await.status(), 200);
        let now = wait_for(&app, id, |b| bot_bids(b) == round).await;
        assert_eq!(now[0]["isBot"], true, "the bot answered the person");
        assert_eq!(now[1]["user"]["username"], "aibek");
    }
    quiet_period().await;
    assert_eq!(bot_bids(&bids(&app, id).await), 3, "a bot never outbids itself");

    let auction = json_of(app.get(&format!("/api/auctions/{id}")).await).await;
    assert_eq!(
        (auction["totalBids"].as_i64(), auction["lastBidder"].as_str()),
        (Some(5), Some("Эрлан Бейшеев"))
    );
    let me = json_of(aibek.get("/api/auth/me").await).await;
    assert_eq!(me["user"]["bidBalance"], 3, "the person paid for their two bids only");
    let assigned = json_of(admin.get(&format!("/api/admin/auctions/{id}/bots")).await).await;
    assert_eq!(assigned[0]["currentBids"], 3);
    app.check().await;
}

#[actix_web::test]
async fn the_house_rule_keeps_bots_out_of_an_auction_without_house_bidders_and_past_a_reserve() {
    let app = spawn_app_with(quick_bots).await;
    let admin = app.new_admin("boss").await;
    let open = app.create_live_auction(&admin, "Без ботов").await;
    let erlan = create_bot(&admin, "Эрлан", "Бейшеев").await["id"].as_i64().unwrap();
    let reserved =
        app.create_live_auction_with(&admin, "Резерв", json!({"houseReserve": 3, "botIds": [erlan]})).await;
    let aibek = app.new_user("aibek").await;
    let shown = json_of(app.get(&format!("/api/auctions/{open}")).await).await;
    assert_eq!((shown["houseReserve"].clone(), shown["openingSecs"].clone()), (Value::Null, Value::Null));

    assign(&admin, open, erlan, 0).await;
    // Within the reserve the bot opens and answers: bids #1 and #3 of 3.
    wait_for(&app, reserved, |b| bot_bids(b) == 1).await;
    assert_eq!(aibek.bid(reserved).await.status(), 200);
    wait_for(&app, reserved, |b| bot_bids(b) == 2).await;
    // Three bids taken: from here only people bid.
    assert_eq!(aibek.bid(reserved).await.status(), 200);
    assert_eq!(aibek.bid(open).await.status(), 200);
    quiet_period().await;

    assert_eq!(bot_bids(&bids(&app, open).await), 0, "no house bidders");
    let after = bids(&app, reserved).await;
    assert_eq!((after.len(), bot_bids(&after)), (4, 2), "the reserve of 3 ended the house's bids");
    let shown = json_of(app.get(&format!("/api/auctions/{reserved}")).await).await;
    assert_eq!((shown["houseReserve"].as_i64(), shown["lastBidder"].as_str()), (Some(3), Some("aibek")));
    let report = app.report().await;
    assert!(report.holds(), "{report}");
}

#[actix_web::test]
async fn the_house_reserve_and_the_opening_are_validated_and_kept() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let form = |extra: Value| {
        let mut form = json!({"title": "Лампа", "retailPrice": 1000, "startTime": "2099-01-01T10:00:00Z"});
        form.as_object_mut().unwrap().extend(extra.as_object().cloned().unwrap());
        form
    };
    for (extra, field, code) in [
        (json!({"houseReserve": -1}), "houseReserve", "house_reserve_invalid"),
        (json!({"houseReserve": 10_001}), "houseReserve", "house_reserve_invalid"),
        (json!({"houseReserve": 2.5}), "houseReserve", "house_reserve_invalid"),
        (json!({"openingSecs": 9}), "openingSecs", "opening_invalid"),
        (json!({"openingSecs": 86_401}), "openingSecs", "opening_invalid"),
        (json!({"openingSecs": "soon"}), "openingSecs", "opening_invalid"),
    ] {
        let body =
            expect_error(admin.post("/api/admin/auctions", form(extra.clone())).await, 400, code).await;
        assert!(body["fields"][field].is_string(), "{extra}: {body}");
    }
    let erlan = create_bot(&admin, "Эрлан", "Бейшеев").await["id"].as_i64().unwrap();
    let extra = json!({"houseReserve": "20", "openingSecs": 3600, "botIds": [erlan]});
    let res = admin.post("/api/admin/auctions", form(extra)).await;
    assert_eq!(res.status(), 201);
    let created = json_of(res).await;
    assert_eq!((created["houseReserve"].as_i64(), created["openingSecs"].as_i64()), (Some(20), Some(3600)));
    let id = created["id"].as_i64().unwrap();
    // The edit form replaces every detail: leaving them out means no house bidders, 10 s.
    let res = admin.put(&format!("/api/admin/auctions/{id}"), form(json!({"houseReserve": ""}))).await;
    assert_eq!(res.status(), 200);
    let edited = json_of(res).await;
    assert_eq!((edited["houseReserve"].clone(), edited["openingSecs"].clone()), (Value::Null, Value::Null));
}

#[actix_web::test]
async fn a_house_reserve_comes_with_a_bot_and_keeps_its_last_one() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    set_enabled(&admin, false).await;
    let (erlan, timur) = (
        create_bot(&admin, "Эрлан", "Бейшеев").await["id"].as_i64().unwrap(),
        create_bot(&admin, "Тимур", "Кадыров").await["id"].as_i64().unwrap(),
    );
    let resting = json_of(
        admin
            .post("/api/admin/bots", json!({"firstName": "Азат", "lastName": "Осмонов", "isActive": false}))
            .await,
    )
    .await["id"]
        .as_i64()
        .unwrap();
    let form = |extra: Value| {
        let mut form = json!({"title": "Лампа", "retailPrice": 1000, "startTime": "2099-01-01T10:00:00Z"});
        form.as_object_mut().unwrap().extend(extra.as_object().cloned().unwrap());
        form
    };

    // Refused, and nothing written: a reserve with no bot, bots that are not a list or cannot bid.
    for (extra, status, code) in [
        (json!({"houseReserve": 5}), 400, "reserve_needs_bot"),
        (json!({"houseReserve": 5, "botIds": []}), 400, "reserve_needs_bot"),
        (json!({"houseReserve": 5, "botIds": "1"}), 400, "bot_ids_invalid"),
        (json!({"houseReserve": 5, "botIds": [0]}), 400, "bot_ids_invalid"),
        (json!({"houseReserve": 5, "botIds": [999_999]}), 404, "bot_not_found"),
        (json!({"houseReserve": 5, "botIds": [erlan, resting]}), 409, "bot_inactive"),
    ] {
        let body =
            expect_error(admin.post("/api/admin/auctions", form(extra.clone())).await, status, code).await;
        if status == 400 {
            assert!(body["fields"].is_object(), "{extra}: {body}");
        }
        let db = app.db().await;
        let auctions: i64 = db.query_one("select count(*) from auction", &[]).await.unwrap().get(0);
        assert_eq!(auctions, 0, "{extra}: nothing was created");
    }
    let body = expect_error(
        admin.post("/api/admin/auctions", form(json!({"houseReserve": 5}))).await,
        400,
        "reserve_needs_bot",
    )
    .await;
    assert_eq!(
        body["fields"]["houseReserve"],
        "Резерву ботов нужен бот: назначьте аукциону хотя бы одного бота или оставьте резерв пустым (бота можно выключить, не убирая)"
    );

    // With its bots (a repeated id counts once), each assigned and logged like one assigned in Edit.
    let extra = json!({"houseReserve": 5, "botIds": [erlan, timur, erlan]});
    let created = json_of(admin.post("/api/admin/auctions", form(extra)).await).await;
    let id = created["id"].as_i64().unwrap();
    let path = format!("/api/admin/auctions/{id}/bots");
    let listed = json_of(admin.get(&path).await).await;
    let ids: Vec<i64> = listed.as_array().unwrap().iter().map(|a| a["botId"].as_i64().unwrap()).collect();
    assert_eq!(ids, [erlan, timur]);
    assert!(
        listed.as_array().unwrap().iter().all(|a| a["isActive"] == true && a["bidLimit"] == 0),
        "{listed}"
    );
    assert_eq!(audit_count(&app, "bot.assign").await, 2);

    // Without a reserve no bot is needed, and an edit cannot add a reserve while none is assigned.
    let plain =
        json_of(admin.post("/api/admin/auctions", form(json!({}))).await).await["id"].as_i64().unwrap();
    let edit = admin.put(&format!("/api/admin/auctions/{plain}"), form(json!({"houseReserve": 5}))).await;
    expect_error(edit, 409, "reserve_needs_bot").await;
    let edit = admin.put(&format!("/api/admin/auctions/{plain}"), form(json!({"houseReserve": 0}))).await;
    assert_eq!(edit.status(), 200, "a reserve of 0 lets no bot in and needs none");

    // Two admins remove the two bots at once: the actor takes one removal at a time, so the
    // reserve keeps exactly one bot.
    let (one, other) = (format!("{path}/{erlan}"), format!("{path}/{timur}"));
    let (first, second) = tokio::join!(admin.delete(&one), admin.delete(&other));
    let mut statuses = [first.status().as_u16(), second.status().as_u16()];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "one removal, one refusal");
    assert_eq!(json_of(admin.get(&path).await).await.as_array().unwrap().len(), 1);
    // The last one can be turned off, not removed.
    let last = json_of(admin.get(&path).await).await[0]["botId"].as_i64().unwrap();
    let off = admin.patch(&format!("{path}/{last}"), json!({"isActive": false})).await;
    assert_eq!(off.status(), 200);
    expect_error(admin.delete(&format!("{path}/{last}")).await, 409, "reserve_needs_bot").await;
    // Emptying the reserve frees it.
    let edit = admin.put(&format!("/api/admin/auctions/{id}"), form(json!({"houseReserve": ""}))).await;
    assert_eq!(edit.status(), 200);
    assert_eq!(admin.delete(&format!("{path}/{last}")).await.status(), 200);
    app.check().await;
}

#[actix_web::test]
async fn an_opening_countdown_sets_the_first_deadline_and_a_bid_never_shortens_it() {
    let app = spawn_app().await;
    let admin = app.new_admin("boss").await;
    let id = app.create_live_auction_with(&admin, "Главный лот", json!({"openingSecs": 600})).await;
    let live = json_of(app.get(&format!("/api/auctions/{id}")).await).await;
    let deadline = |a: &Value| chrono::DateTime::parse_from_rfc3339(a["endsAt"].as_str().unwrap()).unwrap();
    let started = chrono::DateTime::parse_from_rfc3339(live["startTime"].as_str().unwrap()).unwrap();
    let opening = deadline(&live) - started;
    assert!(opening >= chrono::Duration::seconds(599), "the first deadline is the opening away: {opening}");
    let aibek = app.new_user("aibek").await;
    assert_eq!(aibek.bid(id).await.status(), 200);
    let after = json_of(app.get(&format!("/api/auctions/{id}")).await).await;
    assert_eq!(deadline(&after), deadline(&live), "max(remaining, 10 s) keeps the longer deadline");
    app.check().await;
}

#[actix_web::test]
async fn a_bot_stops_at_its_bid_limit_and_when_deactivated() {
    let app = spawn_app_with(quick_bots).await;
    let admin = app.new_admin("boss").await;
    let erlan = create_bot(&admin, "Эрлан", "Бейшеев").await["id"].as_i64().unwrap();
    let limited = app.create_live_auction_with(&admin, "Часы", house(erlan)).await;
    let other = app.create_live_auction_with(&admin, "Наушники", house(erlan)).await;
    let aibek = app.new_user("aibek").await;
    // Before the bot's second bid: it leads after its first and never outbids itself.
    set_limit(&app, &admin, limited, erlan, 2).await;
    wait_for(&app, other, |b| bot_bids(b) == 1).await;
    wait_for(&app, limited, |b| bot_bids(b) == 1).await;
    assert_eq!(aibek.bid(limited).await.status(), 200);
    wait_for(&app, limited, |b| bot_bids(b) == 2).await;
    assert_eq!(aibek.bid(limited).await.status(), 200);

    // Deactivated: it answers nowhere, though it has no limit on the other auction.
    let res = admin
        .client
        .patch(app.url(&format!("/api/admin/bots/{erlan}")))
        .json(&json!({"isActive": false}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(aibek.bid(other).await.status(), 200);
    quiet_period().await;

    let now = bids(&app, limited).await;
    assert_eq!(bot_bids(&now), 2, "the limit held");
    assert_eq!(now[0]["user"]["username"], "aibek");
    let assigned = json_of(admin.get(&format!("/api/admin/auctions/{limited}/bots")).await).await;
    assert_eq!((assigned[0]["currentBids"].as_i64(), assigned[0]["bidLimit"].as_i64()), (Some(2), Some(2)));
    let now = bids(&app, other).await;
    assert_eq!(
        (bot_bids(&now), now[0]["user"]["username"].as_str()),
        (1, Some("aibek")),
        "inactive: no answer"
    );
    app.check().await;
}

#[actix_web::test]
async fn disabling_bots_globally_stops_them_and_deleting_a_bot_keeps_its_bids() {
    let app = spawn_app_with(quick_bots).await;
    let admin = app.new_admin("boss").await;
    let erlan = create_bot(&admin, "Эрлан", "Бейшеев").await["id"].as_i64().unwrap();
    let id = app.create_live_auction_with(&admin, "Самокат", house(erlan)).await;
    let aibek = app.new_user("aibek").await;
    wait_for(&app, id, |b| bot_bids(b) == 1).await;

    set_enabled(&admin, false).await;
    assert_eq!(aibek.bid(id).await.status(), 200);
    quiet_period().await;
    assert_eq!(bot_bids(&bids(&app, id).await), 1, "disabled: no answer");
    set_enabled(&admin, true).await;
    wait_for(&app, id, |b| bot_bids(b) == 2).await;

    assert_eq!(admin.delete(&format!("/api/admin/bots/{erlan}")).await.status(), 200);
    assert_eq!(json_of(admin.get(&format!("/api/admin/auctions/{id}/bots")).await).await, json!([]));
    assert_eq!(aibek.bid(id).await.status(), 200);
    quiet_period().await;
    let now = bids(&app, id).await;
    assert_eq!(bot_bids(&now), 2, "its past bids stay, it bids no more");
    assert_eq!(now[1]["botName"], "Эрлан Бейшеев");
    app.check().await;
}

/// A client logged in as `username` (password `secret1`) on `app`.
async fn login(app: &TestApp, username: &str) -> Client {
    let client = Client::builder().cookie_store(true).build().unwrap();
    let res = client
        .post(app.url("/api/auth/login"))
        .json(&json!({"username": username, "password": "secret1"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200, "logging in {username}");
    client
}

#[actix_web::test]
async fn a_restarted_server_resumes_bots_with_their_counts() {
    let first = spawn_app_with(quick_bots).await;
    let admin = first.new_admin("boss").await;
    let erlan = create_bot(&admin, "Эрлан", "Бейшеев").await["id"].as_i64().unwrap();
    let id = first.create_live_auction_with(&admin, "Кофемашина", house(erlan)).await;
    let aibek = first.new_user("aibek").await;
    set_limit(&first, &admin, id, erlan, 3).await;
    wait_for(&first, id, |b| bot_bids(b) == 1).await;
    assert_eq!(aibek.bid(id).await.status(), 200);
    wait_for(&first, id, |b| bot_bids(b) == 2).await;
    // The old runtime keeps running in this process: silence its bots before "restarting".
    set_enabled(&admin, false).await;
    first.server.stop(true).await;

    let second = spawn_app_on(first.db_name(), quick_bots).await;
    let admin = login(&second, "boss").await;
    let aibek = login(&second, "aibek").await;
    let resumed: Value = admin
        .get(second.url(&format!("/api/admin/auctions/{id}/bots")))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!((resumed[0]["currentBids"].as_i64(), resumed[0]["bidLimit"].as_i64()), (Some(2), Some(3)));
    let res = admin
        .put(second.url("/api/admin/bot-settings"))
        .json(&json!({"enabled": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);

    let bid = |c: &Client| c.post(second.url(&format!("/api/auctions/{id}/bid"))).send();
    assert_eq!(bid(&aibek).await.unwrap().status(), 200);
    wait_for(&second, id, |b| bot_bids(b) == 3).await;
    assert_eq!(bid(&aibek).await.unwrap().status(), 200);
    quiet_period().await;

    assert_eq!(bot_bids(&bids(&second, id).await), 3, "the limit counts the bids before the restart");
    second.check().await;
}

#[actix_web::test]
async fn eight_removals_at_once_leave_a_reserve_exactly_one_bot() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    set_enabled(&admin, false).await;
    let mut bots = Vec::new();
    for name in ["Азамат", "Бекжан", "Жылдыз", "Нурлан", "Айгуль", "Тимур", "Эрлан", "Динара"]
    {
        bots.push(create_bot(&admin, name, "Ботов").await["id"].as_i64().unwrap());
    }
    let form = json!({"title": "Лампа", "retailPrice": 1000, "startTime": "2099-01-01T10:00:00Z",
                      "houseReserve": 5, "botIds": bots});
    let id = json_of(admin.post("/api/admin/auctions", form).await).await["id"].as_i64().unwrap();
    let path = format!("/api/admin/auctions/{id}/bots");

    // Every bot removed at once: the actor takes one removal at a time and refuses the last.
    let removals: Vec<String> = bots.iter().map(|bot| format!("{path}/{bot}")).collect();
    let answers = futures_util::future::join_all(removals.iter().map(|one| admin.delete(one))).await;
    let refused = answers.iter().filter(|res| res.status() == 409).count();
    let removed = answers.iter().filter(|res| res.status() == 200).count();
    assert_eq!((removed, refused), (7, 1), "seven removals, one refusal");
    assert_eq!(json_of(admin.get(&path).await).await.as_array().unwrap().len(), 1);
    app.check().await;
}
