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

#[actix_web::test]
async fn the_footer_s_figures_are_counted_from_the_records() {
    let app = crate::helpers::spawn_app_with(crate::helpers::long_countdowns).await;
    let admin = app.new_admin("boss").await;
    let (aida, timur) = (app.new_user("aida").await, app.new_user("timur").await);
    let id = app.create_live_auction(&admin, "Чайник").await;
    for user in [&aida, &timur, &aida] {
        assert_eq!(user.bid(id).await.status(), 200);
    }
    assert_eq!(admin.post(&format!("/api/admin/auctions/{id}/end"), Value::Null).await.status(), 200);
    app.create_live_auction(&admin, "Лампа").await;

    let res = app.get("/api/site-figures").await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["cache-control"], "public, max-age=60");
    let figures: Value = res.json().await.unwrap();
    // Aida won at 0.04 som (0.01 to start, three bids) what retails at 1000 som; two people bid;
    // one auction finished.
    assert_eq!(figures, json!({"activeUsers": 2, "completedAuctions": 1, "totalSaved": 999.96}));
    let db = app.db().await;
    let counted = db
        .query_one(
            "select (select count(distinct user_id) from bid where not is_bot),
                    (select count(*) from auction where status = 'finished'),
                    (select sum(retail_price - current_price) from auction where status = 'finished')::bigint",
            &[],
        )
        .await
        .unwrap();
    let (people, finished, saved): (i64, i64, i64) = (counted.get(0), counted.get(1), counted.get(2));
    assert_eq!(
        (figures["activeUsers"].as_i64(), figures["completedAuctions"].as_i64()),
        (Some(people), Some(finished))
    );
    assert_eq!((figures["totalSaved"].as_f64().unwrap() * 100.0).round() as i64, saved);
}
