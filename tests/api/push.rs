//! Push to the phone (issue 43): the key browsers subscribe with, adding, listing and removing
//! devices (https endpoints of public hosts only, ten per account however many arrive at once),
//! and the outbox's push channel delivering a notice to a stand-in push service that checks the
//! VAPID token and decrypts the message as a browser would; a device its push service says is
//! gone is forgotten.

use futures_util::future::join_all;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, User, expect_error, json_of, long_countdowns, spawn_app_on, spawn_app_with};
use crate::outbox::settled;
use crate::push_standin::{PushService, Subscription};

const ANDROID: &str = "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/// A server that sends to the local stand-in (`allow_local_endpoints`).
async fn local_app() -> TestApp {
    spawn_app_with(|s| {
        s.push.allow_local_endpoints = true;
        long_countdowns(s);
    })
    .await
}

async fn vapid_key(app: &TestApp) -> String {
    let res = reqwest::get(app.url("/api/push/vapid-key")).await.expect("sent");
    assert_eq!(res.status(), 200);
    json_of(res).await["publicKey"].as_str().expect("a key").to_owned()
}

/// Adds `sub` to `user`'s devices from an Android phone.
async fn add(user: &User, sub: &Value) -> reqwest::Response {
    user.client
        .post(format!("{}/api/me/push-subscriptions", user.address()))
        .header("User-Agent", ANDROID)
        .json(sub)
        .send()
        .await
        .expect("sent")
}

async fn devices(user: &User) -> Vec<Value> {
    json_of(user.get("/api/me/push-subscriptions").await).await["items"].as_array().expect("items").clone()
}

#[actix_web::test]
async fn every_node_gives_the_same_key_made_once() {
    let app = spawn_app_with(|_| {}).await;
    let key = vapid_key(&app).await;
    let point = tyiyn::push::from_b64url(&key, "key").expect("base64url");
    assert_eq!((point.len(), point[0]), (65, 4), "an uncompressed P-256 point");
    let second = spawn_app_on(app.db_name(), |_| {}).await;
    assert_eq!(vapid_key(&second).await, key, "a second node reads the first one's key");

    let off = spawn_app_with(|s| s.push.enabled = false).await;
    expect_error(reqwest::get(off.url("/api/push/vapid-key")).await.unwrap(), 404, "push_off").await;
    let user = off.new_user("aigul").await;
    let notices = json_of(user.get("/api/me/notices").await).await;
    assert_eq!(notices["channels"]["push"], json!({"available": false, "reachable": false}));
}

#[actix_web::test]
async fn a_device_is_added_once_listed_by_its_name_and_removed() {
    let app = local_app().await;
    let service = PushService::start().await;
    let user = app.new_user("aigul").await;
    let sub = service.subscribe();

    let res = add(&user, &sub.json()).await;
    assert_eq!(res.status(), 201, "a new device");
    let added = json_of(res).await;
    assert_eq!(
        (added["endpoint"].as_str(), added["device"].as_str()),
        (Some(sub.endpoint.as_str()), Some("Chrome, Android"))
    );
    assert_eq!(add(&user, &sub.json()).await.status(), 200, "the same device again: renewed, not doubled");
    let listed = devices(&user).await;
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["addedAt"], added["addedAt"]);
    let notices = json_of(user.get("/api/me/notices").await).await;
    assert_eq!(notices["channels"]["push"], json!({"available": true, "reachable": true}));
    let won = notices["kinds"].as_array().unwrap().iter().find(|k| k["kind"] == "auctionWon").cloned();
    assert_eq!(won.expect("a win")["push"], true, "adding a device turns push on for a win");

    // Another account signing in on the same phone takes the device over.
    let other = app.new_user("nurlan").await;
    assert_eq!(add(&other, &sub.json()).await.status(), 201);
    assert!(devices(&user).await.is_empty());
    let gone =
        other.sending(Method::DELETE, "/api/me/push-subscriptions", json!({"endpoint": sub.endpoint})).await;
    assert_eq!(gone.status(), 204);
    assert!(devices(&other).await.is_empty());
    let again =
        other.sending(Method::DELETE, "/api/me/push-subscriptions", json!({"endpoint": sub.endpoint})).await;
    assert_eq!(again.status(), 204, "removing what is not there changes nothing");
    app.check().await;
}

#[actix_web::test]
async fn endpoints_that_are_not_https_on_a_public_host_are_refused_and_nothing_is_kept() {
    let app = spawn_app_with(|_| {}).await;
    let service = PushService::start().await;
    let user = app.new_user("aigul").await;
    let Subscription { p256dh, auth, .. } = service.subscribe();
    let with = |endpoint: &str| json!({"endpoint": endpoint, "expirationTime": null, "keys": {"p256dh": p256dh, "auth": auth}});
    for (endpoint, code) in [
        ("http://fcm.googleapis.com/fcm/send/x", "push_endpoint_invalid"),
        ("https://user:pw@fcm.googleapis.com/x", "push_endpoint_invalid"),
        ("javascript:alert(1)", "push_endpoint_invalid"),
        ("https://127.0.0.1/push", "push_endpoint_not_public"),
        ("https://localhost:8443/push", "push_endpoint_not_public"),
        ("https://169.254.169.254/latest/meta-data", "push_endpoint_not_public"),
        ("https://10.0.0.7/push", "push_endpoint_not_public"),
        ("https://[::1]/push", "push_endpoint_not_public"),
        ("https://[::ffff:192.168.0.1]/push", "push_endpoint_not_public"),
    ] {
        let body = expect_error(add(&user, &with(endpoint)).await, 400, code).await;
        assert!(body["fields"]["endpoint"].is_string() || body["message"].is_string(), "{endpoint}: {body}");
    }
    let long = format!("https://fcm.googleapis.com/{}", "x".repeat(1100));
    expect_error(add(&user, &with(&long)).await, 400, "push_endpoint_invalid").await;
    let bad_keys =
        json!({"endpoint": "https://fcm.googleapis.com/x", "keys": {"p256dh": "AAAA", "auth": auth}});
    expect_error(add(&user, &bad_keys).await, 400, "push_keys_invalid").await;
    let short_auth =
        json!({"endpoint": "https://fcm.googleapis.com/x", "keys": {"p256dh": p256dh, "auth": "AAAA"}});
    expect_error(add(&user, &short_auth).await, 400, "push_keys_invalid").await;
    let never = json!({"endpoint": "https://fcm.googleapis.com/x", "expirationTime": 1e300, "keys": {"p256dh": p256dh, "auth": auth}});
    expect_error(add(&user, &never).await, 400, "push_expiry_invalid").await;
    let anonymous = reqwest::Client::new()
        .post(app.url("/api/me/push-subscriptions"))
        .json(&with("https://fcm.googleapis.com/x"));
    assert_eq!(anonymous.send().await.unwrap().status(), 401);
    assert!(devices(&user).await.is_empty(), "nothing half-kept");
}

#[actix_web::test]
async fn twelve_devices_at_once_leave_ten() {
    let app = local_app().await;
    let service = PushService::start().await;
    let user = app.new_user("aigul").await;
    let subs: Vec<Value> = (0..12).map(|_| service.subscribe().json()).collect();
    let answers = join_all(subs.iter().map(|s| add(&user, s))).await;
    let mut statuses: Vec<u16> = answers.iter().map(|r| r.status().as_u16()).collect();
    statuses.sort_unstable();
    assert_eq!(statuses, [[201; 10].as_slice(), &[409, 409]].concat());
    assert_eq!(devices(&user).await.len(), 10);
    let last = answers.into_iter().find(|r| r.status() == 409).expect("a refusal");
    expect_error(last, 409, "push_devices_full").await;
}

#[actix_web::test]
async fn an_outbid_reaches_the_phone_encrypted_and_signed_and_opens_the_auction() {
    let app = local_app().await;
    let service = PushService::start().await;
    service.expect_key(&vapid_key(&app).await);
    let admin = app.new_admin("boss").await;
    let id = app.create_live_auction(&admin, "Телефон").await;
    let (a, b) = (app.new_user("aibek").await, app.new_user("nurlan").await);
    let (phone, laptop) = (service.subscribe(), service.subscribe());
    assert_eq!(add(&a, &phone.json()).await.status(), 201);
    assert_eq!(add(&a, &laptop.json()).await.status(), 201);

    assert_eq!(a.bid(id).await.status(), 200);
    assert_eq!(b.bid(id).await.status(), 200);

    let arrived = service.wait_for(2).await;
    assert!(service.broken().is_empty(), "{:?}", service.broken());
    let mut on: Vec<usize> = arrived.iter().map(|m| m.device).collect();
    on.sort_unstable();
    assert_eq!(on, [0, 1], "each device gets its own");
    let m = &arrived[0];
    assert_eq!(m.payload["kind"], "outbid");
    assert_eq!(m.payload["lang"], "ru");
    assert!(m.payload["title"].as_str().unwrap().contains("Телефон"), "{}", m.payload);
    let auction = json_of(reqwest::get(app.url(&format!("/api/auctions/{id}"))).await.unwrap()).await;
    let slug = auction["slug"].as_str().or(auction["auction"]["slug"].as_str()).expect("a slug").to_owned();
    assert_eq!(m.payload["url"], format!("/auction/{slug}"));
    assert_eq!((m.urgency.as_deref(), m.topic.clone()), (Some("high"), Some(format!("outbid-{id}"))));
    let db = app.db().await;
    let rows = db.query("select state from outbox where channel = 'push'", &[]).await.unwrap();
    assert_eq!(rows.len(), 2);
    app.check().await;
}

#[actix_web::test]
async fn a_gone_device_is_forgotten_and_a_busy_service_is_tried_again() {
    let app = local_app().await;
    let service = PushService::start().await;
    service.expect_key(&vapid_key(&app).await);
    let user = app.new_user("aigul").await;
    let (gone, busy) = (service.subscribe(), service.subscribe());
    assert_eq!(add(&user, &gone.json()).await.status(), 201);
    assert_eq!(add(&user, &busy.json()).await.status(), 201);
    service.answer(0, 410);
    service.answer(1, 500);
    let ids: Vec<i64> = app
        .db()
        .await
        .query("select id from push_device order by id", &[])
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    let db = app.db().await;
    let body = json!({"title": "Вы выиграли", "body": "b", "url": "/profile#won-items", "tag": "notice-1", "kind": "auctionWon", "lang": "ru"}).to_string();
    let to_gone = crate::outbox::put(&db, "push", &ids[0].to_string(), &body).await;
    let to_busy = crate::outbox::put(&db, "push", &ids[1].to_string(), &body).await;

    let (state, attempts, error) = settled(&db, to_gone, "failed").await;
    assert_eq!((state.as_str(), attempts), ("failed", 1), "a gone device is not tried again");
    assert!(error.unwrap_or_default().contains("410"));
    assert_eq!(devices(&user).await.len(), 1, "the gone device is forgotten");

    // The busy one waits as asked and goes through once the service is well again.
    let waited = tyiyn_testkit::keep_trying(
        std::time::Duration::from_secs(10),
        std::time::Duration::from_millis(20),
        || async {
            let (_, attempts, _) = crate::outbox::state_of(&db, to_busy).await;
            if attempts >= 2 { Ok(()) } else { Err(attempts) }
        },
    );
    waited.await.expect("tried again");
    service.answer(1, 201);
    settled(&db, to_busy, "sent").await;
    let arrived = service.wait_for(1).await;
    assert_eq!(arrived[0].payload["url"], "/profile#won-items");
}
