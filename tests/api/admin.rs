//! The operator's users screen: list, search, paging, today's registrations, activity; editing
//! an account through the ledger; the admin-role rules; closing an account.

use reqwest::Response;
use serde_json::{Value, json};

use crate::helpers::{TestApp, User, expect_error, long_countdowns, spawn_app, spawn_app_with};
use crate::socket::Socket;

pub async fn patch(user: &User, app: &TestApp, path: &str, body: Value) -> Response {
    user.client.patch(app.url(path)).json(&body).send().await.expect("request sent")
}

/// The audit rows of `action`, oldest first: (admin_id, target_id, before, after).
pub async fn audit_rows(app: &TestApp, action: &str) -> Vec<(Option<i64>, Option<i64>, Value, Value)> {
    let rows = app
        .db()
        .await
        .query(
            "select admin_id, target_id, coalesce(before, 'null'), coalesce(after, 'null') from audit_entry
             where action = $1 order by id",
            &[&action],
        )
        .await
        .expect("audit rows");
    rows.iter().map(|r| (r.get(0), r.get(1), r.get(2), r.get(3))).collect()
}

#[actix_web::test]
async fn users_are_listed_newest_first_without_bots_or_closed_accounts() {
    let app = spawn_app().await;
    let admin = app.new_admin("boss").await;
    for name in ["aibek", "nurlan", "Aida", "closed"] {
        app.new_user(name).await;
    }
    let db = app.db().await;
    db.execute("insert into app_user (username, password_hash, is_bot) values ('robot', 'x', true)", &[])
        .await
        .unwrap();
    db.execute("update app_user set phone = '+996555123456' where username = 'nurlan'", &[]).await.unwrap();
    let closed: i64 =
        db.query_one("select id from app_user where username = 'closed'", &[]).await.unwrap().get(0);
    assert_eq!(admin.delete(&format!("/api/admin/users/{closed}")).await.status(), 200);

    let page: Value = admin.get("/api/admin/users").await.json().await.unwrap();
    let names: Vec<&str> =
        page["users"].as_array().unwrap().iter().map(|u| u["username"].as_str().unwrap()).collect();
    assert_eq!(names, ["Aida", "nurlan", "aibek", "boss"]);
    assert_eq!((page["total"].as_i64(), page["totalPages"].as_i64()), (Some(4), Some(1)));
    assert_eq!(page["users"][0]["bidBalance"], 5);
    assert!(page["users"][0].get("passwordHash").is_none());

    let second: Value = admin.get("/api/admin/users?page=2&limit=3").await.json().await.unwrap();
    assert_eq!(second["users"].as_array().unwrap().len(), 1);
    assert_eq!((second["total"].as_i64(), second["totalPages"].as_i64()), (Some(4), Some(2)));
    let found: Value = admin.get("/api/admin/users?search=AI").await.json().await.unwrap();
    assert_eq!(found["total"], 2, "aibek and Aida, case-insensitively: {found}");
    let by_phone: Value = admin.get("/api/admin/users?search=555123").await.json().await.unwrap();
    assert_eq!(by_phone["users"][0]["username"], "nurlan");
    let by_email: Value = admin.get("/api/admin/users?search=aibek%40example").await.json().await.unwrap();
    assert_eq!(by_email["total"], 1);
    let none: Value = admin.get("/api/admin/users?search=%25").await.json().await.unwrap();
    assert_eq!((none["total"].as_i64(), none["totalPages"].as_i64()), (Some(0), Some(1)));

    expect_error(admin.get("/api/admin/users?page=0").await, 400, "page_invalid").await;
    expect_error(admin.get("/api/admin/users?limit=101").await, 400, "limit_invalid").await;
    expect_error(admin.get("/api/admin/users?page=x").await, 400, "bad_request").await;
}

#[actix_web::test]
async fn todays_registrations_count_open_accounts_since_midnight_in_bishkek() {
    let app = spawn_app().await;
    let admin = app.new_admin("boss").await;
    for name in ["aibek", "nurlan", "old"] {
        app.new_user(name).await;
    }
    let db = app.db().await;
    db.execute("update app_user set created_at = now() - interval '2 days' where username = 'old'", &[])
        .await
        .unwrap();
    db.execute("insert into app_user (username, password_hash, is_bot) values ('robot', 'x', true)", &[])
        .await
        .unwrap();
    let expected: i64 = db
        .query_one(
            "select count(*) from app_user where not is_bot
               and (created_at at time zone 'Asia/Bishkek')::date = (now() at time zone 'Asia/Bishkek')::date",
            &[],
        )
        .await
        .unwrap()
        .get(0);

    let today: Value = admin.get("/api/admin/users/today-registrations").await.json().await.unwrap();

    assert_eq!(today["count"], expected);
    assert_eq!(expected, 3, "boss, aibek and nurlan");
}

#[actix_web::test]
async fn a_users_activity_lists_wins_bid_auctions_and_prebids() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let user = app.new_user("aibek").await;
    let won = app.create_live_auction(&admin, "Часы").await;
    let running = app.create_live_auction(&admin, "Телефон").await;
    let upcoming = app.create_auction(&admin, "Ноутбук", "2099-01-01T00:00:00Z").await;
    assert_eq!(user.bid(won).await.status(), 200);
    assert_eq!(admin.post(&format!("/api/admin/auctions/{won}/end"), json!({})).await.status(), 200);
    assert_eq!(user.bid(running).await.status(), 200);
    assert_eq!(user.post(&format!("/api/auctions/{upcoming}/prebid"), Value::Null).await.status(), 201);

    let activity: Value =
        admin.get(&format!("/api/admin/users/{}/activity", user.id)).await.json().await.unwrap();

    assert_eq!(activity["wonAuctions"][0]["id"], won);
    assert_eq!(activity["wonAuctions"][0]["finalPrice"].to_string(), "0.02");
    assert!(activity["wonAuctions"][0]["endTime"].is_string());
    let bids = activity["activeBids"].as_array().unwrap();
    assert_eq!(bids.len(), 2, "one row per auction: {activity}");
    assert_eq!((bids[0]["id"].as_i64(), bids[0]["status"].as_str()), (Some(running), Some("live")));
    assert_eq!((bids[0]["auctionTitle"].as_str(), bids[0]["bidCount"].as_i64()), (Some("Телефон"), Some(1)));
    assert_eq!(bids[1]["status"], "finished");
    assert_eq!(activity["prebids"][0]["auctionTitle"], "Ноутбук");
    assert_eq!(activity["prebids"][0]["status"], "upcoming");
    expect_error(admin.get("/api/admin/users/999999/activity").await, 404, "user_not_found").await;
    app.check().await;
}

#[actix_web::test]
async fn a_balance_set_by_an_admin_is_a_ledger_adjustment_the_user_sees_live() {
    let app = spawn_app().await;
    let admin = app.new_admin("boss").await;
    let user = app.new_user("aibek").await;
    let mut socket = Socket::connect(&app.address, Some(&user.cookie)).await;

    let res = patch(&admin, &app, &format!("/api/admin/users/{}", user.id), json!({"bidBalance": 42})).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.json::<Value>().await.unwrap()["bidBalance"], 42);

    let push = socket.next_named("bidBalanceUpdate").await;
    assert_eq!(push["bidBalance"], 42);
    let me: Value = user.get("/api/auth/me").await.json().await.unwrap();
    assert_eq!(me["user"]["bidBalance"], 42);
    let row = app
        .db()
        .await
        .query_one(
            "select delta, admin_id from ledger_entry where user_id = $1 and reason = 'admin_adjustment'",
            &[&user.id],
        )
        .await
        .unwrap();
    assert_eq!((row.get::<_, i64>(0), row.get::<_, Option<i64>>(1)), (37, Some(admin.id)));
    let audit = audit_rows(&app, "user.update").await;
    assert_eq!(audit, [(Some(admin.id), Some(user.id), json!({"bidBalance": 5}), json!({"bidBalance": 42}))]);

    // Lowering it is a negative adjustment; setting the same value writes no ledger row.
    patch(&admin, &app, &format!("/api/admin/users/{}", user.id), json!({"bidBalance": "40"})).await;
    patch(&admin, &app, &format!("/api/admin/users/{}", user.id), json!({"bidBalance": 40})).await;
    let deltas: Vec<i64> = app
        .db()
        .await
        .query("select delta from ledger_entry where reason = 'admin_adjustment' order by id", &[])
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(deltas, [37, -2]);
    app.check().await;
}

#[actix_web::test]
async fn an_admin_edits_names_contacts_and_role_with_the_registration_rules() {
    let app = spawn_app().await;
    let admin = app.new_admin("boss").await;
    let user = app.new_user("aibek").await;
    app.new_user("nurlan").await;
    let path = format!("/api/admin/users/{}", user.id);

    let saved: Value = patch(
        &admin,
        &app,
        &path,
        json!({"username": "Aibek_1", "firstName": "Айбек", "lastName": "Асанов",
               "email": "new@example.kg", "phone": "+996555000111", "role": "admin"}),
    )
    .await
    .json()
    .await
    .unwrap();
    assert_eq!(saved["username"], "Aibek_1");
    assert_eq!(
        (saved["firstName"].as_str(), saved["phone"].as_str()),
        (Some("Айбек"), Some("+996555000111"))
    );
    assert_eq!(saved["role"], "admin");
    assert_eq!(user.get("/api/admin/users").await.status(), 200, "the new admin is one at once");
    let cleared: Value =
        patch(&admin, &app, &path, json!({"phone": "+996", "role": "user"})).await.json().await.unwrap();
    assert!(cleared["phone"].is_null());
    assert_eq!(cleared["email"], "new@example.kg", "absent fields keep their value");
    assert_eq!(user.get("/api/admin/users").await.status(), 403);

    let bad = json!({"username": "a b", "email": "nope", "phone": "+7123", "bidBalance": -1, "role": "boss",
                     "firstName": "A"});
    let body = expect_error(patch(&admin, &app, &path, bad).await, 400, "validation_failed").await;
    for field in ["username", "email", "phone", "bidBalance", "role", "firstName"] {
        assert!(body["fields"][field].is_string(), "{field} in {body}");
    }
    for balance in [json!(1.5), json!(1_000_001), json!("many"), json!(i64::MAX)] {
        let res = patch(&admin, &app, &path, json!({"bidBalance": balance})).await;
        expect_error(res, 400, "balance_invalid").await;
    }
    expect_error(
        patch(&admin, &app, &path, json!({"username": "deleted_7"})).await,
        400,
        "username_reserved",
    )
    .await;
    expect_error(patch(&admin, &app, &path, json!({"username": "NURLAN"})).await, 409, "username_taken")
        .await;
    expect_error(patch(&admin, &app, &path, json!({"email": "NURLAN@example.kg"})).await, 409, "email_taken")
        .await;
    expect_error(patch(&admin, &app, "/api/admin/users/999999", json!({})).await, 404, "user_not_found")
        .await;
    let me: Value = user.get("/api/auth/me").await.json().await.unwrap();
    assert_eq!(
        (me["user"]["username"].as_str(), me["user"]["bidBalance"].as_i64()),
        (Some("Aibek_1"), Some(5))
    );
}

#[actix_web::test]
async fn an_admin_cannot_demote_themselves_nor_the_last_admin() {
    let app = spawn_app().await;
    let boss = app.new_admin("boss").await;
    let me = format!("/api/admin/users/{}", boss.id);

    expect_error(patch(&boss, &app, &me, json!({"role": "user"})).await, 409, "last_admin").await;
    let other = app.new_admin("second").await;
    expect_error(patch(&boss, &app, &me, json!({"role": "user"})).await, 409, "cannot_demote_self").await;
    expect_error(boss.delete(&me).await, 409, "cannot_delete_self").await;

    let res = patch(&boss, &app, &format!("/api/admin/users/{}", other.id), json!({"role": "user"})).await;
    assert_eq!(res.status(), 200);
    assert_eq!(other.get("/api/admin/users").await.status(), 403, "demoted at once");
    expect_error(boss.delete(&me).await, 409, "last_admin").await;
    let role: String = app
        .db()
        .await
        .query_one("select role from app_user where id = $1", &[&boss.id])
        .await
        .unwrap()
        .get(0);
    assert_eq!(role, "admin");
}

#[actix_web::test]
async fn a_closed_account_is_anonymised_cannot_log_in_and_keeps_its_history() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let user = app.new_user("aibek").await;
    let rival = app.new_user("nurlan").await;
    let won = app.create_live_auction(&admin, "Часы").await;
    let running = app.create_live_auction(&admin, "Телефон").await;
    assert_eq!(user.bid(won).await.status(), 200);
    assert_eq!(admin.post(&format!("/api/admin/auctions/{won}/end"), json!({})).await.status(), 200);
    assert_eq!(user.bid(running).await.status(), 200);
    assert_eq!(rival.bid(running).await.status(), 200);

    let res = admin.delete(&format!("/api/admin/users/{}", user.id)).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.json::<Value>().await.unwrap(), json!({"ok": true}));

    let closed_name = format!("deleted_{}", user.id);
    expect_error(user.get("/api/auth/me").await, 401, "unauthorized").await;
    let login = app.post("/api/auth/login", json!({"username": "aibek", "password": "secret1"})).await;
    expect_error(login, 401, "invalid_credentials").await;
    let again = app.post("/api/auth/login", json!({"username": closed_name, "password": "secret1"})).await;
    expect_error(again, 401, "invalid_credentials").await;
    let row = app
        .db()
        .await
        .query_one(
            "select username, email, phone, first_name, ip_address, deleted_at is not null, bid_balance,
                    (select count(*) from user_session s where s.user_id = u.id)
             from app_user u where id = $1",
            &[&user.id],
        )
        .await
        .unwrap();
    assert_eq!(row.get::<_, String>(0), closed_name);
    assert!(row.get::<_, Option<String>>(1).is_none() && row.get::<_, Option<String>>(4).is_none());
    assert!(row.get::<_, bool>(5));
    assert_eq!((row.get::<_, i64>(6), row.get::<_, i64>(7)), (3, 0), "balance kept, sessions gone");

    let finished: Value = app.get(&format!("/api/auctions/{won}")).await.json().await.unwrap();
    assert_eq!(finished["winner"]["username"], closed_name.as_str());
    let history: Value = app.get(&format!("/api/auctions/{won}/bids")).await.json().await.unwrap();
    assert_eq!(history[0]["user"], json!({"id": user.id, "username": closed_name}));
    // A running auction keeps the bid (its list in memory shows the name it was placed under).
    let bids: Value = app.get(&format!("/api/auctions/{running}/bids")).await.json().await.unwrap();
    assert_eq!(bids[1]["user"]["id"], user.id);
    let list: Value = admin.get("/api/admin/users").await.json().await.unwrap();
    assert!(!list.to_string().contains(&closed_name));
    expect_error(admin.delete(&format!("/api/admin/users/{}", user.id)).await, 404, "user_not_found").await;
    let audit = audit_rows(&app, "user.delete").await;
    assert_eq!(audit.len(), 1);
    assert_eq!(audit[0].2["username"], "aibek");
    assert!(!audit[0].2.to_string().contains("example.kg"), "no contact data in the log");
    // The name is free again for someone new.
    app.new_user("aibek").await;
    app.check().await;
}

#[actix_web::test]
async fn users_who_lead_a_live_auction_or_hold_a_prebid_cannot_be_closed() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let leader = app.new_user("aibek").await;
    let prebidder = app.new_user("nurlan").await;
    let live = app.create_live_auction(&admin, "Часы").await;
    let upcoming = app.create_auction(&admin, "Ноутбук", "2099-01-01T00:00:00Z").await;
    assert_eq!(leader.bid(live).await.status(), 200);
    assert_eq!(prebidder.post(&format!("/api/auctions/{upcoming}/prebid"), Value::Null).await.status(), 201);

    for user in [&leader, &prebidder] {
        let res = admin.delete(&format!("/api/admin/users/{}", user.id)).await;
        expect_error(res, 409, "user_in_live_auction").await;
    }
    assert_eq!(leader.get("/api/auth/me").await.status(), 200, "nothing changed");
    assert!(audit_rows(&app, "user.delete").await.is_empty());
    app.check().await;
}
