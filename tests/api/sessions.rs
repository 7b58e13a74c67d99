//! Sessions (docs/rules/sessions.md, "Sessions"): the idle timeout and the absolute lifetime, changing
//! the password, and "log out everywhere". Time is moved by rewriting the stored timestamps and
//! restarting the server on the same database (a fresh session cache), never by waiting.

use reqwest::Client;
use serde_json::{Value, json};

use crate::helpers::{TestApp, expect_error, spawn_app, spawn_app_on};
use crate::socket::Socket;

/// Logs `username` in with a client (and cookie) of its own, as a second browser would.
async fn login(app: &TestApp, username: &str, password: &str) -> (Client, String) {
    let client = Client::builder().cookie_store(true).build().expect("client builds");
    let res = client
        .post(app.url("/api/auth/login"))
        .json(&json!({"username": username, "password": password}))
        .send()
        .await
        .expect("request sent");
    assert_eq!(res.status(), 200, "logging in {username}");
    (client, session_cookie(&res))
}

/// `tyiyn_session=…` from an answer's `Set-Cookie`.
fn session_cookie(res: &reqwest::Response) -> String {
    res.headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("tyiyn_session="))
        .and_then(|v| v.split(';').next())
        .expect("session cookie")
        .to_owned()
}

/// `GET /api/auth/me` with exactly this cookie; the status.
async fn me_with(app: &TestApp, cookie: &str) -> u16 {
    Client::new()
        .get(app.url("/api/auth/me"))
        .header("cookie", cookie)
        .send()
        .await
        .expect("request sent")
        .status()
        .as_u16()
}

async fn session_count(app: &TestApp, user: i64) -> i64 {
    app.db()
        .await
        .query_one("select count(*) from user_session where user_id = $1", &[&user])
        .await
        .expect("count")
        .get(0)
}

/// Moves every stored session's `column` back by `days`.
async fn age_sessions(app: &TestApp, column: &str, days: i32) {
    let sql = format!("update user_session set {column} = {column} - make_interval(days => $1)");
    app.db().await.execute(sql.as_str(), &[&days]).await.expect("age sessions");
}

/// Waits until the server closes `socket` (within 10 s).
async fn closed(socket: &mut Socket) {
    let drained = async { while socket.events.recv().await.is_some() {} };
    tokio::time::timeout(std::time::Duration::from_secs(10), drained).await.expect("the socket is closed");
}

#[actix_web::test]
async fn a_session_unused_for_the_idle_timeout_is_refused_and_deleted() {
    let first = spawn_app().await;
    let user = first.new_user("idle").await;
    age_sessions(&first, "last_seen_at", 8).await;

    let second = spawn_app_on(first.db_name(), |_| {}).await;
    assert_eq!(me_with(&second, &user.cookie).await, 401);
    assert_eq!(session_count(&second, user.id).await, 0, "the ended session was deleted");
}

#[actix_web::test]
async fn a_session_used_within_the_idle_timeout_lives_on_and_its_use_is_recorded() {
    let first = spawn_app().await;
    let user = first.new_user("active").await;
    age_sessions(&first, "last_seen_at", 6).await;

    let second = spawn_app_on(first.db_name(), |_| {}).await;
    assert_eq!(me_with(&second, &user.cookie).await, 200);
    let fresh: bool = second
        .db()
        .await
        .query_one("select last_seen_at > now() - interval '1 hour' from user_session", &[])
        .await
        .expect("last seen")
        .get(0);
    assert!(fresh, "the use was written to the durable copy");
}

#[actix_web::test]
async fn a_session_older_than_the_absolute_lifetime_is_refused_however_much_it_is_used() {
    let first = spawn_app().await;
    let user = first.new_user("veteran").await;
    // Started 31 days ago, used a moment ago.
    age_sessions(&first, "created_at", 31).await;

    let second = spawn_app_on(first.db_name(), |_| {}).await;
    assert_eq!(me_with(&second, &user.cookie).await, 401);
    assert_eq!(session_count(&second, user.id).await, 0, "the ended session was deleted");
}

#[actix_web::test]
async fn the_lifetimes_come_from_the_settings() {
    let first = spawn_app().await;
    let user = first.new_user("strict").await;
    age_sessions(&first, "created_at", 3).await;

    let lenient = spawn_app_on(first.db_name(), |_| {}).await;
    assert_eq!(me_with(&lenient, &user.cookie).await, 200, "3 days old is within the default 30");
    let strict = spawn_app_on(first.db_name(), |s| s.auth.session_max_days = 2).await;
    assert_eq!(me_with(&strict, &user.cookie).await, 401, "and past a 2-day lifetime");
}

#[actix_web::test]
async fn changing_the_password_rotates_this_session_and_ends_every_other() {
    let app = spawn_app().await;
    let user = app.new_user("aida").await;
    let (other, other_cookie) = login(&app, "aida", "secret1").await;
    let mut socket = Socket::connect(&app.address, Some(&other_cookie)).await;

    let res = user
        .put("/api/users/password", json!({"currentPassword": "secret1", "newPassword": "n3w-secret"}))
        .await;
    assert_eq!(res.status(), 200);
    let rotated = session_cookie(&res);
    assert_ne!(rotated, user.cookie, "a new session id was issued");

    assert_eq!(user.get("/api/auth/me").await.status(), 200, "this browser stays logged in");
    assert_eq!(me_with(&app, &user.cookie).await, 401, "the old session of this browser ended");
    let res = other.get(app.url("/api/auth/me")).send().await.expect("request sent");
    expect_error(res, 401, "unauthorized").await;
    closed(&mut socket).await;
    assert_eq!(session_count(&app, user.id).await, 1);

    let res = app.post("/api/auth/login", json!({"username": "aida", "password": "secret1"})).await;
    expect_error(res, 401, "invalid_credentials").await;
    login(&app, "aida", "n3w-secret").await;
    app.check().await;
}

#[actix_web::test]
async fn a_wrong_current_password_changes_nothing() {
    let app = spawn_app().await;
    let user = app.new_user("bolot").await;
    let (_, other_cookie) = login(&app, "bolot", "secret1").await;

    let res = user
        .put("/api/users/password", json!({"currentPassword": "guess123", "newPassword": "n3w-secret"}))
        .await;
    let body = expect_error(res, 400, "current_password_wrong").await;
    assert_eq!(body["fields"]["currentPassword"], "Неверный текущий пароль");

    assert_eq!(me_with(&app, &user.cookie).await, 200);
    assert_eq!(me_with(&app, &other_cookie).await, 200, "other sessions live on");
    login(&app, "bolot", "secret1").await;
}

#[actix_web::test]
async fn the_new_password_follows_the_registration_rules() {
    let app = spawn_app().await;
    let user = app.new_user("cholpon").await;
    let put = |body: Value| user.put("/api/users/password", body);

    let body = expect_error(
        put(json!({"currentPassword": "secret1", "newPassword": "12345"})).await,
        400,
        "password_too_short",
    )
    .await;
    assert!(body["fields"]["newPassword"].is_string(), "{body}");
    let long = "a".repeat(73);
    expect_error(
        put(json!({"currentPassword": "secret1", "newPassword": long})).await,
        400,
        "password_too_long",
    )
    .await;
    expect_error(
        put(json!({"currentPassword": "secret1", "newPassword": "secret1"})).await,
        400,
        "password_unchanged",
    )
    .await;
    let body = expect_error(put(json!({"newPassword": "n3w-secret"})).await, 400, "required").await;
    assert!(body["fields"]["currentPassword"].is_string(), "{body}");

    let res = app
        .put("/api/users/password", json!({"currentPassword": "secret1", "newPassword": "n3w-secret"}))
        .await;
    expect_error(res, 401, "unauthorized").await;
    login(&app, "cholpon", "secret1").await;
}

#[actix_web::test]
async fn logging_out_everywhere_ends_every_session_including_this_one() {
    let app = spawn_app().await;
    let user = app.new_user("dinara").await;
    let (other, other_cookie) = login(&app, "dinara", "secret1").await;
    let mut socket = Socket::connect(&app.address, Some(&other_cookie)).await;
    let bystander = app.new_user("ermek").await;

    let res = user.post("/api/users/sessions/logout-all", json!({})).await;
    assert_eq!(res.status(), 200);
    let removal =
        res.headers().get("set-cookie").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    assert!(removal.starts_with("tyiyn_session=;") && removal.contains("Max-Age=0"), "{removal}");

    expect_error(user.get("/api/auth/me").await, 401, "unauthorized").await;
    assert_eq!(other.get(app.url("/api/auth/me")).send().await.expect("sent").status(), 401);
    // The socket is told it was disconnected on purpose (the page reconnects when its own
    // request has settled, not with the cookie that just ended), then closed.
    assert_eq!(socket.next_named("disconnect").await, Value::Null);
    closed(&mut socket).await;
    assert_eq!(session_count(&app, user.id).await, 0);
    assert_eq!(bystander.get("/api/auth/me").await.status(), 200, "other users are not touched");

    expect_error(user.post("/api/users/sessions/logout-all", json!({})).await, 401, "unauthorized").await;
    login(&app, "dinara", "secret1").await;
}

/// The `Set-Cookie` headers of `res` for `name`: their values (empty for a removal).
fn set_cookies(res: &reqwest::Response, name: &str) -> Vec<String> {
    res.headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .filter_map(|v| v.split(';').next()?.strip_prefix(&format!("{name}=")).map(str::to_owned))
        .collect()
}

#[actix_web::test]
async fn a_script_readable_hint_marks_a_browser_that_holds_a_session_and_goes_with_it() {
    let app = crate::helpers::spawn_app().await;
    let plain = reqwest::Client::new();
    let register = plain
        .post(app.url("/api/auth/register"))
        .json(&serde_json::json!({"username": "aibek", "email": "a@b.kg", "password": "secret1"}))
        .send()
        .await
        .unwrap();
    assert_eq!(set_cookies(&register, "tyiyn_signed_in"), ["1"]);
    let session = set_cookies(&register, "tyiyn_session").pop().unwrap();
    let hint = register
        .headers()
        .get_all("set-cookie")
        .iter()
        .find(|v| v.to_str().unwrap().starts_with("tyiyn_signed_in"))
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned();
    assert!(!hint.to_ascii_lowercase().contains("httponly"), "script reads it: {hint}");

    // A browser with a session from before the hint gets it with its next answer, the page too.
    let page =
        plain.get(app.url("/")).header("cookie", format!("tyiyn_session={session}")).send().await.unwrap();
    assert_eq!(set_cookies(&page, "tyiyn_signed_in"), ["1"]);
    // With both, nothing is set again.
    let both = format!("tyiyn_session={session}; tyiyn_signed_in=1");
    let me = plain.get(app.url("/api/auth/me")).header("cookie", &both).send().await.unwrap();
    assert_eq!(me.status(), 200);
    assert!(set_cookies(&me, "tyiyn_signed_in").is_empty());

    // A session the server does not know: 401, and both cookies are removed.
    let stale = plain
        .get(app.url("/api/auth/me"))
        .header("cookie", "tyiyn_session=forgotten; tyiyn_signed_in=1")
        .send()
        .await
        .unwrap();
    assert_eq!(stale.status(), 401);
    assert_eq!(set_cookies(&stale, "tyiyn_signed_in"), [""]);
    assert_eq!(set_cookies(&stale, "tyiyn_session"), [""]);

    // Logging out removes both.
    let out = plain.post(app.url("/api/auth/logout")).header("cookie", &both).send().await.unwrap();
    assert_eq!(out.status(), 200);
    assert_eq!(set_cookies(&out, "tyiyn_signed_in"), [""]);
}
