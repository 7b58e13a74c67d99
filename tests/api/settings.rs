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
    app.register("boss1").await;
    app.promote("boss1").await;
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

#[actix_web::test]
async fn the_fairness_page_counts_the_last_30_days_from_the_records() {
    let app = crate::helpers::spawn_app_with(crate::helpers::quick_bots).await;
    let admin = app.new_admin("boss").await;
    let aida = app.new_user("aida").await;
    let end = |id: i64| admin.posting(&format!("/api/admin/auctions/{id}/end"), Value::Null);
    // A person wins one, the house another, a third ends without a bid; a fourth is still live.
    let won = app.create_live_auction(&admin, "Чайник").await;
    assert_eq!(aida.bid(won).await.status(), 200);
    assert_eq!(end(won).await.status(), 200);
    let bot = app.new_bot(&admin, "Эрлан", "Бейшеев").await;
    let housed =
        app.create_live_auction_with(&admin, "Лампа", json!({"houseReserve": 5, "botIds": [bot]})).await;
    // Before the bot's second bid: it leads after its first and never outbids itself.
    let res = admin.patch(&format!("/api/admin/auctions/{housed}/bots/{bot}"), json!({"bidLimit": 1})).await;
    assert_eq!(res.status(), 200);
    app.wait_for_bids(housed, |bids| bids.len() == 1).await;
    assert_eq!(end(housed).await.status(), 200);
    let empty = app.create_live_auction(&admin, "Ваза").await;
    assert_eq!(end(empty).await.status(), 200);
    let live = app.create_live_auction(&admin, "Часы").await;
    assert_eq!(aida.bid(live).await.status(), 200);

    let res = app.get("/api/fairness").await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["cache-control"], "public, max-age=60");
    let page: Value = res.json().await.unwrap();
    assert_eq!(
        page,
        json!({"days": 30, "auctionsFinished": 3, "wonByPeople": 1, "wonByHouse": 1, "noWinner": 1,
               "withoutHouseBidders": 2, "medianPriceShareBp": 0, "bidsByPeople": 2, "bidsByBots": 1})
    );
    // The same figures, counted here another way.
    let db = app.db().await;
    let counted = db
        .query_one(
            "select count(*),
                    count(*) filter (where w.id is not null and not w.is_bot),
                    count(*) filter (where w.is_bot),
                    count(*) filter (where a.winner_id is null),
                    count(*) filter (where a.house_reserve is null),
                    (select count(*) from bid b join app_user u on u.id = b.user_id where not u.is_bot),
                    (select count(*) from bid b join app_user u on u.id = b.user_id where u.is_bot),
                    array_agg(a.current_price * 10000 / a.retail_price) filter (where a.winner_id is not null)
             from auction a left join app_user w on w.id = a.winner_id
             where a.status = 'finished' and a.end_time > now() - interval '30 days'",
            &[],
        )
        .await
        .unwrap();
    let figures: Vec<i64> = (0..7).map(|i| counted.get(i)).collect();
    let keys = [
        "auctionsFinished",
        "wonByPeople",
        "wonByHouse",
        "noWinner",
        "withoutHouseBidders",
        "bidsByPeople",
        "bidsByBots",
    ];
    let shown: Vec<i64> = keys.iter().map(|k| page[k].as_i64().unwrap()).collect();
    assert_eq!(shown, figures);
    let mut shares: Vec<i64> = counted.get(7);
    shares.sort_unstable();
    let median = (shares[(shares.len() - 1) / 2] + shares[shares.len() / 2]) / 2;
    assert_eq!(page["medianPriceShareBp"].as_i64(), Some(median));
    app.check().await;
}

#[actix_web::test]
async fn the_site_texts_are_kept_per_language() {
    let app = spawn_app().await;
    let admin = app.new_admin("boss").await;
    let mut body = valid_settings();
    body["texts"] = json!({"xx": {"headerTagline": "?"}});
    expect_error(admin.put("/api/admin/settings", body.clone()).await, 400, "language_invalid").await;
    body["texts"] = json!({"ka": {"headerTagline": "ა".repeat(501)}});
    expect_error(admin.put("/api/admin/settings", body.clone()).await, 400, "text_too_long").await;
    body["texts"] = json!({"ka": {"headerTagline": " პენი აუქციონები ", "footerDescription": "ქართულად"},
                           "ky": {"headerTagline": "Пенни аукциондор"}, "ru": {},
                           "en": {"siteName": " Tyiyn ", "contactAddress": "Bishkek, 1 Kiev St"}});
    let res = admin.put("/api/admin/settings", body).await;
    assert_eq!(res.status(), 200);
    let public: Value = app.get("/api/settings").await.json().await.unwrap();
    assert_eq!(
        public["texts"],
        json!({"en": {"siteName": "Tyiyn", "headerTagline": "", "footerDescription": "",
                      "contactAddress": "Bishkek, 1 Kiev St"},
               "ka": {"siteName": "", "headerTagline": "პენი აუქციონები", "footerDescription": "ქართულად",
                      "contactAddress": ""},
               "ky": {"siteName": "", "headerTagline": "Пенни аукциондор", "footerDescription": "",
                      "contactAddress": ""}})
    );
    assert_eq!(public["headerTagline"], "Tagline", "the site language's own stays where it was");
}

#[actix_web::test]
async fn the_shipped_address_reads_in_every_language() {
    let app = spawn_app().await;
    let public: Value = app.get("/api/settings").await.json().await.unwrap();
    assert_eq!(public["contactAddress"], "г. Бишкек, пр. Чуй, 125");
    assert_eq!(public["texts"]["en"]["contactAddress"], "125 Chuy Avenue, Bishkek");
    assert_eq!(public["texts"]["ka"]["contactAddress"], "ბიშკეკი, ჩუის გამზირი, 125");
    assert_eq!(public["texts"]["ky"]["contactAddress"], "Бишкек ш., Чүй пр., 125");
    assert_eq!(public["texts"]["en"]["siteName"], "", "the name falls back to the app's own (\"Tyiyn\")");
}
