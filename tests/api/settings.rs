//! Public and admin settings.

use serde_json::{Value, json};

use crate::helpers::{expect_error, spawn_app};

fn valid_settings() -> Value {
    json!({"currency": "сом", "currencySymbol": "сом", "siteName": "Тыйын", "language": "en",
           "headerTagline": "Tagline", "footerDescription": "Footer", "contactAddress": "Bishkek",
           "contactPhone": "+996 312 000 000", "contactEmail": "hello@tyiyn.kg"})
}

#[actix_web::test]
async fn public_settings_have_the_defaults() {
    let app = spawn_app().await;
    let s: Value = app.get("/api/settings").await.json().await.unwrap();
    assert_eq!(s["currencySymbol"], "сом");
    assert_eq!(s["language"], "ru");
    assert!(s["siteName"].is_string() && s["headerTagline"].is_string() && s["contactEmail"].is_string());
    assert!(s.get("updatedAt").is_none());
}

#[actix_web::test]
async fn only_admins_read_and_write_admin_settings() {
    let app = spawn_app().await;
    expect_error(app.get("/api/admin/settings").await, 401, "unauthorized").await;
    app.register("plainuser").await;
    expect_error(app.get("/api/admin/settings").await, 403, "forbidden").await;
    expect_error(app.put("/api/admin/settings", valid_settings()).await, 403, "forbidden").await;

    app.promote("plainuser").await;
    assert_eq!(app.get("/api/admin/settings").await.status(), 200);
    let res = app.put("/api/admin/settings", valid_settings()).await;
    assert_eq!(res.status(), 200);
    let public: Value = app.get("/api/settings").await.json().await.unwrap();
    assert_eq!(public["language"], "en");
    assert_eq!(public["contactEmail"], "hello@tyiyn.kg");
    // The site language is now the default for requests without a preference.
    let anon = reqwest::Client::new();
    let err: Value = anon.get(app.url("/api/auth/me")).send().await.unwrap().json().await.unwrap();
    assert_eq!(err["error"], "Please log in");
    app.check().await;
}

#[actix_web::test]
async fn settings_validation_uses_the_spec_messages() {
    let app = spawn_app().await;
    app.register("admin1").await;
    app.promote("admin1").await;
    let res = app
        .put("/api/admin/settings", json!({"currency": "", "currencySymbol": " ", "siteName": "", "language": "", "contactEmail": "nope"}))
        .await;
    let body = expect_error(res, 400, "validation_failed").await;
    assert_eq!(body["fields"]["currency"], "Валюта обязательна");
    assert_eq!(body["fields"]["currencySymbol"], "Символ валюты обязателен");
    assert_eq!(body["fields"]["siteName"], "Название сайта обязательно");
    assert_eq!(body["fields"]["language"], "Язык обязателен");
    assert_eq!(body["fields"]["contactEmail"], "Неверный email");
    let mut bad_lang = valid_settings();
    bad_lang["language"] = json!("de");
    expect_error(app.put("/api/admin/settings", bad_lang).await, 400, "language_invalid").await;
    app.check().await;
}
