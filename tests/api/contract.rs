//! The error contract, the body limit, cross-site requests, languages, the web app fallback.

use serde_json::json;

use crate::helpers::{expect_error, spawn_app};

#[actix_web::test]
async fn bodies_over_64_kib_get_413() {
    let app = spawn_app().await;
    let big = "x".repeat(70 * 1024);
    let res = app
        .post("/api/auth/register", json!({"username": big, "email": "a@b.kg", "password": "secret1"}))
        .await;
    expect_error(res, 413, "payload_too_large").await;
}

#[actix_web::test]
async fn malformed_json_is_a_400_in_the_contract_shape() {
    let app = spawn_app().await;
    let res = app
        .client
        .post(app.url("/api/auth/login"))
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    expect_error(res, 400, "bad_request").await;
}

#[actix_web::test]
async fn unknown_api_paths_are_404_json() {
    let app = spawn_app().await;
    expect_error(app.get("/api/nothing-here").await, 404, "route_not_found").await;
}

#[actix_web::test]
async fn state_changing_requests_from_another_site_are_refused() {
    let app = spawn_app().await;
    let res = app
        .client
        .post(app.url("/api/auth/register"))
        .header("origin", "https://evil.example")
        .json(&json!({"username": "aibek", "email": "a@b.kg", "password": "secret1"}))
        .send()
        .await
        .unwrap();
    expect_error(res, 403, "cross_site_request").await;
    let count: i64 = app.db().await.query_one("select count(*) from app_user", &[]).await.unwrap().get(0);
    assert_eq!(count, 0);

    let same = app
        .client
        .post(app.url("/api/auth/register"))
        .header("origin", app.address.clone())
        .json(&json!({"username": "aibek", "email": "a@b.kg", "password": "secret1"}))
        .send()
        .await
        .unwrap();
    assert_eq!(same.status(), 201);
    app.check().await;
}

#[actix_web::test]
async fn errors_speak_the_language_of_the_cookie_then_accept_language() {
    let app = spawn_app().await;
    let res = app
        .client
        .get(app.url("/api/auth/me"))
        .header("accept-language", "en-US,en;q=0.9")
        .send()
        .await
        .unwrap();
    assert_eq!(expect_error(res, 401, "unauthorized").await["error"], "Please log in");
    let res = app
        .client
        .get(app.url("/api/auth/me"))
        .header("cookie", "lang=ky")
        .header("accept-language", "en")
        .send()
        .await
        .unwrap();
    assert_eq!(expect_error(res, 401, "unauthorized").await["error"], "Кирүү талап кылынат");
    let res = app.client.get(app.url("/api/auth/me")).header("accept-language", "ka").send().await.unwrap();
    assert_eq!(expect_error(res, 401, "unauthorized").await["error"], "საჭიროა ავტორიზაცია");
    let res = app.get("/api/auth/me").await;
    assert_eq!(expect_error(res, 401, "unauthorized").await["error"], "Требуется авторизация");
}
