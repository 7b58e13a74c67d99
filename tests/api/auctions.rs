//! Bidding, pre-bids and admin control over HTTP against the real runtime and PostgreSQL.

use std::time::Duration;

use serde_json::{Value, json};
use tyiyn_testkit::read_until;

use crate::helpers::{expect_error, long_countdowns, spawn_app_on, spawn_app_with};

#[actix_web::test]
async fn a_bid_costs_one_bid_and_raises_the_price_by_one_tyiyn() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let id = app.create_live_auction(&admin, "Телефон").await;
    let aibek = app.new_user("aibek").await;

    let res = aibek.bid(id).await;
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["bidBalance"], 4);
    assert_eq!(body["auction"]["currentPrice"].to_string(), "0.02");
    assert_eq!(body["auction"]["lastBidder"], "aibek");
    assert_eq!(body["auction"]["totalBids"], 1);
    assert_eq!(body["bid"]["user"]["username"], "aibek");
    let ends_at = chrono::DateTime::parse_from_rfc3339(body["auction"]["endsAt"].as_str().unwrap()).unwrap();
    let server =
        chrono::DateTime::parse_from_rfc3339(body["auction"]["serverTime"].as_str().unwrap()).unwrap();
    assert!((ends_at - server).num_seconds() > 3500, "the countdown was reset");

    let bids: Value = app.get(&format!("/api/auctions/{id}/bids")).await.json().await.unwrap();
    assert_eq!(bids[0]["user"]["username"], "aibek");
    assert_eq!(bids[0]["amount"].to_string(), "0.02");
    let stats: Value = app.get(&format!("/api/auctions/{id}/stats")).await.json().await.unwrap();
    assert_eq!(stats, json!({"totalBids": 1, "uniqueParticipants": 1}));
    let timers: Value = app.get("/api/timers").await.json().await.unwrap();
    assert!(timers[id.to_string()].as_i64().unwrap() > 3500);
    app.check().await;
}

#[actix_web::test]
async fn each_bidding_rule_has_its_own_refusal_and_costs_nothing() {
    let app = spawn_app_with(|s| {
        long_countdowns(s);
        s.auction.min_bid_interval_ms = 1000;
    })
    .await;
    let admin = app.new_admin("boss").await;
    let id = app.create_live_auction(&admin, "Ноутбук").await;
    let a = app.new_user("aigerim").await;
    let b = app.new_user("nurlan").await;

    expect_error(app.post(&format!("/api/auctions/{id}/bid"), Value::Null).await, 401, "unauthorized").await;
    assert_eq!(a.bid(id).await.status(), 200);
    expect_error(a.bid(id).await, 409, "already_leader").await;
    assert_eq!(b.bid(id).await.status(), 200);
    let res = a.bid(id).await;
    assert!(res.headers().get("retry-after").is_some());
    expect_error(res, 429, "too_fast").await;
    expect_error(
        a.post(&format!("/api/auctions/{id}/prebid"), Value::Null).await,
        409,
        "auction_not_upcoming",
    )
    .await;
    // A user whose balance is spent.
    let broke = app.new_user("broke").await;
    let emptied = admin
        .client
        .patch(app.url(&format!("/api/admin/users/{}", broke.id)))
        .json(&json!({"bidBalance": 0}))
        .send()
        .await
        .unwrap();
    assert_eq!(emptied.status(), 200);
    expect_error(broke.bid(999_999).await, 404, "auction_not_found").await;
    expect_error(broke.bid(id).await, 409, "insufficient_bids").await;

    let me: Value = a.get("/api/auth/me").await.json().await.unwrap();
    assert_eq!(me["user"]["bidBalance"], 4, "refused bids cost nothing");
    let total: i64 = app.db().await.query_one("select count(*) from bid", &[]).await.unwrap().get(0);
    assert_eq!(total, 2);
    app.check().await;
}

/// Spec section 9: the minimum interval is between one user's bids, on whatever auction.
#[actix_web::test]
async fn one_user_waits_the_interval_between_bids_on_different_auctions() {
    let app = spawn_app_with(|s| {
        long_countdowns(s);
        // Long enough that the test's requests always fall inside it.
        s.auction.min_bid_interval_ms = 600_000;
    })
    .await;
    let admin = app.new_admin("boss").await;
    let phone = app.create_live_auction(&admin, "Телефон").await;
    let watch = app.create_live_auction(&admin, "Часы").await;
    let soon = app.create_auction(&admin, "Планшет", "2099-01-01T10:00:00Z").await;
    let a = app.new_user("aigerim").await;
    let b = app.new_user("nurlan").await;

    assert_eq!(a.bid(phone).await.status(), 200);
    // Another auction at once: too fast, with the time left to wait.
    let res = a.bid(watch).await;
    let wait: u64 = res.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((590..=600).contains(&wait), "{wait}");
    expect_error(res, 429, "too_fast").await;
    let res = a.post(&format!("/api/auctions/{soon}/prebid"), Value::Null).await;
    expect_error(res, 429, "too_fast").await;
    // The same auction keeps its own order of refusals; another user is not held back.
    expect_error(a.bid(phone).await, 409, "already_leader").await;
    assert_eq!(b.bid(watch).await.status(), 200);
    // A refused bid is not a bid: it does not hold its bidder back.
    let c = app.new_user("asel").await;
    expect_error(c.bid(999_999).await, 404, "auction_not_found").await;
    assert_eq!(c.bid(phone).await.status(), 200);

    let me: Value = a.get("/api/auth/me").await.json().await.unwrap();
    assert_eq!(me["user"]["bidBalance"], 4, "one bid charged, the refused ones cost nothing");
    let total: i64 = app.db().await.query_one("select count(*) from bid", &[]).await.unwrap().get(0);
    assert_eq!(total, 3);
    app.check().await;
}

#[actix_web::test]
async fn pre_bids_become_bids_in_order_at_go_live_without_a_second_charge() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let later = (chrono::Utc::now() + chrono::Duration::hours(1)).to_rfc3339();
    let id = app.create_auction(&admin, "Часы", &later).await;
    let first = app.new_user("first").await;
    let second = app.new_user("second").await;

    let res = first.post(&format!("/api/auctions/{id}/prebid"), Value::Null).await;
    assert_eq!(res.status(), 201);
    assert_eq!(res.json::<Value>().await.unwrap()["bidBalance"], 4);
    expect_error(first.post(&format!("/api/auctions/{id}/prebid"), Value::Null).await, 409, "already_prebid")
        .await;
    expect_error(first.bid(id).await, 409, "auction_not_live").await;
    assert_eq!(second.post(&format!("/api/auctions/{id}/prebid"), Value::Null).await.status(), 201);
    let mine: Value = first.get("/api/prebids/user").await.json().await.unwrap();
    assert_eq!(mine[0]["auctionId"], id);
    assert_eq!(mine[0]["status"], "upcoming");

    // A pre-bidder's socket, not watching the auction, still hears that it started.
    let mut socket = crate::socket::Socket::connect(&app.address, Some(&first.cookie)).await;
    // The admin moves the start to now: the actor goes live and converts the pre-bids.
    let res = admin
        .put(
            &format!("/api/admin/auctions/{id}"),
            json!({"title": "Часы", "retailPrice": 1000, "startTime": chrono::Utc::now().to_rfc3339()}),
        )
        .await;
    assert_eq!(res.status(), 200);
    let read = || async { app.get(&format!("/api/auctions/{id}")).await.json::<Value>().await.unwrap() };
    let (within, every) = (Duration::from_secs(10), Duration::from_millis(10));
    let auction = read_until(within, every, read, |a: &Value| a["status"] == "live").await;
    assert_eq!(auction["status"], "live");
    assert_eq!(auction["totalBids"], 2);
    assert_eq!(auction["lastBidder"], "second");
    assert_eq!(auction["currentPrice"].to_string(), "0.03");
    let bids: Value = app.get(&format!("/api/auctions/{id}/bids")).await.json().await.unwrap();
    assert_eq!(bids[0]["user"]["username"], "second");
    assert_eq!(bids[1]["user"]["username"], "first");
    assert_eq!(bids[0]["isPrebid"], true);
    let me: Value = first.get("/api/auth/me").await.json().await.unwrap();
    assert_eq!(me["user"]["bidBalance"], 4, "a pre-bid is charged once");
    let notified: i64 = app
        .db()
        .await
        .query_one("select count(*) from notification where kind = 'auction_started'", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(notified, 2);
    let notice = socket.next_notice().await;
    assert_eq!(
        (&notice["type"], &notice["auctionId"], &notice["title"], &notice["read"]),
        (&json!("auctionStarted"), &json!(id), &json!("Часы"), &json!(false))
    );
    app.check().await;
}

#[actix_web::test]
async fn an_admin_finishes_a_live_auction_once_and_the_leader_wins() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let id = app.create_live_auction(&admin, "Наушники").await;
    let a = app.new_user("asel").await;
    let b = app.new_user("bakyt").await;
    a.bid(id).await;
    b.bid(id).await;

    let res = admin.post(&format!("/api/admin/auctions/{id}/end"), Value::Null).await;
    assert_eq!(res.status(), 200);
    let ended: Value = res.json().await.unwrap();
    assert_eq!(ended["status"], "finished");
    assert_eq!(ended["winner"]["username"], "bakyt");
    expect_error(
        admin.post(&format!("/api/admin/auctions/{id}/end"), Value::Null).await,
        409,
        "auction_finished",
    )
    .await;
    expect_error(a.bid(id).await, 409, "auction_finished").await;

    let shown: Value = app.get(&format!("/api/auctions/{id}")).await.json().await.unwrap();
    assert_eq!(shown["status"], "finished");
    assert_eq!(shown["winner"]["username"], "bakyt");
    assert_eq!(shown["winningBid"]["amount"].to_string(), "0.03");
    let won: Value = b.get("/api/users/won-auctions").await.json().await.unwrap();
    assert_eq!(won[0]["id"], id);
    let lists: Value = app.get("/api/auctions").await.json().await.unwrap();
    assert_eq!(lists["finished"][0]["id"], id);
    let history: Value = a.get("/api/bids/user").await.json().await.unwrap();
    assert_eq!(history[0]["bidStatus"], "lost");
    app.check().await;
}

#[actix_web::test]
async fn deleting_an_auction_refunds_its_bids_and_pre_bids() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let live = app.create_live_auction(&admin, "Камера").await;
    let later = (chrono::Utc::now() + chrono::Duration::hours(2)).to_rfc3339();
    let upcoming = app.create_auction(&admin, "Дрон", &later).await;
    let user = app.new_user("zhyldyz").await;
    user.bid(live).await;
    user.post(&format!("/api/auctions/{upcoming}/prebid"), Value::Null).await;
    let me: Value = user.get("/api/auth/me").await.json().await.unwrap();
    assert_eq!(me["user"]["bidBalance"], 3);

    assert_eq!(admin.delete(&format!("/api/admin/auctions/{live}")).await.status(), 200);
    assert_eq!(admin.delete(&format!("/api/admin/auctions/{upcoming}")).await.status(), 200);
    let me: Value = user.get("/api/auth/me").await.json().await.unwrap();
    assert_eq!(me["user"]["bidBalance"], 5);
    expect_error(app.get(&format!("/api/auctions/{live}")).await, 404, "auction_not_found").await;
    app.check().await;
}

#[actix_web::test]
async fn admin_auction_endpoints_are_for_admins_and_validate_the_form() {
    let app = spawn_app_with(long_countdowns).await;
    expect_error(app.post("/api/admin/auctions", json!({})).await, 401, "unauthorized").await;
    let user = app.new_user("plain").await;
    expect_error(user.post("/api/admin/auctions", json!({})).await, 403, "forbidden").await;
    let admin = app.new_admin("boss").await;
    let res = admin.post("/api/admin/auctions", json!({"title": "", "retailPrice": null})).await;
    let body = expect_error(res, 400, "validation_failed").await;
    assert_eq!(body["fields"]["title"], "Заполните все обязательные поля");
    assert_eq!(body["fields"]["startTime"], "Заполните все обязательные поля");
    let res = admin
        .post("/api/admin/auctions", json!({"title": "X", "retailPrice": 1.234, "startTime": "2026-01-01T10:00", "imageUrl": "javascript:1"}))
        .await;
    let body = expect_error(res, 400, "validation_failed").await;
    assert!(body["fields"]["retailPrice"].is_string() && body["fields"]["imageUrl"].is_string());
    let count: i64 = app.db().await.query_one("select count(*) from auction", &[]).await.unwrap().get(0);
    assert_eq!(count, 0);
    app.check().await;
}

#[actix_web::test]
async fn a_restarted_server_resumes_every_auction_and_finishes_one_whose_deadline_passed() {
    let first = spawn_app_with(long_countdowns).await;
    let admin = first.new_admin("boss").await;
    let running = first.create_live_auction(&admin, "Телевизор").await;
    let lapsed = first.create_live_auction(&admin, "Самокат").await;
    let user = first.new_user("timur").await;
    user.bid(running).await;
    user.bid(lapsed).await;
    first.server.stop(true).await;
    // "Down" for two hours: the second auction's deadline, an hour after its bid, has passed. Its
    // whole history moves two hours back, so the bid still comes before the deadline (and its
    // record is hashed again, as if the bid had come then).
    first
        .db()
        .await
        .batch_execute(&format!(
            "update auction set start_time = start_time - interval '2 hours',
                 ends_at = ends_at - interval '2 hours' where id = {lapsed};
             update bid set created_at = created_at - interval '2 hours', record_hash = null
                 where auction_id = {lapsed};
             select record_seal({lapsed});"
        ))
        .await
        .unwrap();

    let second = spawn_app_on(first.db_name(), long_countdowns).await;
    let resumed: Value = second.get(&format!("/api/auctions/{running}")).await.json().await.unwrap();
    assert_eq!(resumed["status"], "live");
    assert_eq!(resumed["lastBidder"], "timur");
    assert_eq!(resumed["currentPrice"].to_string(), "0.02");
    let read =
        || async { second.get(&format!("/api/auctions/{lapsed}")).await.json::<Value>().await.unwrap() };
    let (within, every) = (Duration::from_secs(10), Duration::from_millis(10));
    let finished = read_until(within, every, read, |a: &Value| a["status"] == "finished").await;
    assert_eq!(finished["status"], "finished");
    assert_eq!(finished["winner"]["username"], "timur");
    second.check().await;
}

#[actix_web::test]
async fn a_group_commit_fails_only_the_batch_whose_bidder_cannot_pay() {
    let app = spawn_app_with(long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let first = app.create_live_auction(&admin, "Первый").await;
    let second = app.create_live_auction(&admin, "Второй").await;
    let rich = app.new_user("rich").await;
    let poor = app.new_user("poor").await;
    let emptied = admin
        .client
        .patch(app.url(&format!("/api/admin/users/{}", poor.id)))
        .json(&json!({"bidBalance": 0}))
        .send()
        .await
        .unwrap();
    assert_eq!(emptied.status(), 200);
    let db = app.db().await;
    // Batch 1 (first auction): rich bids. Batch 2 (second auction): poor, then rich.
    let rows = db
        .query(
            "select batch, bid_id, balance, short_users from commit_bid_groups(
                 array[1, 2, 2], array[$1, $2, $1]::bigint[], array[2, 2, 3]::bigint[],
                 array[false, false, false], array[null, null, null]::text[],
                 array[now(), now(), now()],
                 array[record_link(record_genesis($3), $3, 1, now(), 2, 'person', $1), 'x', 'y'],
                 array[false, false, false],
                 array[$3, $4]::bigint[], array[2, 3]::bigint[],
                 array[$1, $1]::bigint[], array[now() + interval '1 hour', now() + interval '1 hour'],
                 array[1, 2]::bigint[], null, (random() * 9e18)::bigint)",
            &[&rich.id, &poor.id, &first, &second],
        )
        .await
        .unwrap();
    let failed: Vec<_> = rows.iter().filter(|r| r.get::<_, Option<Vec<i64>>>(3).is_some()).collect();
    assert_eq!(failed.len(), 1);
    assert_eq!(failed[0].get::<_, i32>(0), 2);
    assert_eq!(failed[0].get::<_, Option<Vec<i64>>>(3), Some(vec![poor.id]));
    let committed: Vec<_> = rows.iter().filter(|r| r.get::<_, Option<i64>>(1).is_some()).collect();
    assert_eq!(committed.len(), 1, "only the first batch's bid is written");
    assert_eq!(committed[0].get::<_, Option<i64>>(2), Some(4), "rich paid one bid");
    let second_bids: i64 =
        db.query_one("select count(*) from bid where auction_id = $1", &[&second]).await.unwrap().get(0);
    assert_eq!(second_bids, 0, "nothing of the failed batch is written");
    app.check().await;
}
