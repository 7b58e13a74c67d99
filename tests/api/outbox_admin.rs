//! The operator's outbox: the list with counts by state, filters and masked phones and chats;
//! sending a failed message again (audited); admins only. And a message sent at once by its
//! request (a sign-in code): the real text reaches the gateway, the outbox keeps it masked.

use serde_json::{Value, json};
use tyiyn::config::Settings;
use tyiyn::outbox::{Delivery, Immediate, SendNowError, send_now};
use tyiyn::statuses::OutboxChannel;

use crate::helpers::{expect_error, spawn_app, spawn_app_with};
use crate::outbox::{bot, gateway, put, settled, through};

async fn page(admin: &crate::helpers::User, query: &str) -> Value {
    let res = admin.get(&format!("/api/admin/outbox{query}")).await;
    assert_eq!(res.status(), 200, "{query}");
    res.json().await.expect("a page")
}

#[actix_web::test]
async fn operators_see_every_message_with_phones_and_chats_masked_and_counts_by_state() {
    // The test settings: SMS to the log, no Telegram token, mail off.
    let app = spawn_app().await;
    let admin = app.new_admin("boss").await;
    let db = app.db().await;
    let sms = put(&db, "sms", "+996555123456", "Вы выиграли «Чайник»").await;
    let chat = put(&db, "telegram", "987654321", "Ставка перебита").await;
    let mail = put(&db, "email", "aigul@example.kg", "Оплата получена").await;
    settled(&db, sms, "sent").await;
    settled(&db, chat, "failed").await;
    settled(&db, mail, "failed").await;

    let all = page(&admin, "").await;
    assert_eq!(all["counts"], json!({"pending": 0, "sent": 1, "failed": 2}));
    assert_eq!(
        (all["total"].as_i64(), all["page"].as_i64(), all["pageSize"].as_i64()),
        (Some(3), Some(1), Some(20))
    );
    let items = all["items"].as_array().expect("items");
    let recipients: Vec<&str> = items.iter().map(|i| i["recipient"].as_str().unwrap()).collect();
    assert_eq!(recipients, ["aigul@example.kg", "***321", "***456"], "newest first, masked");
    assert!(!all.to_string().contains("987654321") && !all.to_string().contains("555123456"));
    let telegram = &items[1];
    assert_eq!(telegram["channel"], "telegram");
    assert_eq!(telegram["state"], "failed");
    assert_eq!(telegram["attempts"], 1);
    assert_eq!(telegram["lastError"], "telegram is off ([telegram] bot_token is empty)");
    assert_eq!(telegram["retryable"], true);
    assert!(telegram["sentAt"].is_null() && telegram["createdAt"].is_string());
    assert_eq!(items[2]["body"], "Вы выиграли «Чайник»");
    assert!(items[2]["sentAt"].is_string());

    let sms_only = page(&admin, "?channel=sms").await;
    assert_eq!(sms_only["counts"], json!({"pending": 0, "sent": 1, "failed": 0}));
    assert_eq!(sms_only["items"].as_array().map(Vec::len), Some(1));
    let failed = page(&admin, "?state=failed&limit=1&page=2").await;
    assert_eq!((failed["total"].as_i64(), failed["items"][0]["id"].as_i64()), (Some(2), Some(chat)));
    let bad = admin.get("/api/admin/outbox?channel=fax&state=lost&limit=0").await;
    let body = expect_error(bad, 400, "validation_failed").await;
    assert_eq!(body["fields"].as_object().map(|f| f.len()), Some(3), "{body}");
}

#[actix_web::test]
async fn an_admin_sends_a_failed_message_again_and_it_is_audited() {
    let (sms, telegram) = (gateway().await, bot().await);
    let app = spawn_app_with(|s| {
        through(s, &sms, &telegram);
        s.outbox.max_attempts = 2;
    })
    .await;
    let admin = app.new_admin("boss").await;
    let db = app.db().await;
    sms.set_failing(true);
    let id = put(&db, "sms", "+996700123456", "Ваш товар доставлен").await;
    let (_, attempts, _) = settled(&db, id, "failed").await;
    assert_eq!(attempts, 2);

    sms.set_failing(false);
    let res = admin.post(&format!("/api/admin/outbox/{id}/retry"), Value::Null).await;
    assert_eq!(res.status(), 200);
    let item = res.json::<Value>().await.unwrap()["item"].clone();
    assert_eq!(
        (&item["state"], &item["attempts"], &item["recipient"]),
        (&json!("pending"), &json!(0), &json!("***456"))
    );
    assert_eq!(settled(&db, id, "sent").await, ("sent".into(), 1, None));
    assert_eq!(sms.taken().len(), 1);

    let audit: Value = admin.get("/api/admin/audit").await.json().await.unwrap();
    let entry = &audit["entries"][0];
    assert_eq!(
        (&entry["action"], &entry["targetType"], &entry["targetId"]),
        (&json!("outbox.retry"), &json!("outbox"), &json!(id))
    );
    assert_eq!(entry["before"]["state"], "failed");
    assert_eq!(entry["after"]["state"], "pending");
    let again = admin.post(&format!("/api/admin/outbox/{id}/retry"), Value::Null).await;
    expect_error(again, 409, "outbox_not_retryable").await;
    expect_error(
        admin.post("/api/admin/outbox/999999/retry", Value::Null).await,
        404,
        "outbox_message_not_found",
    )
    .await;
}

#[actix_web::test]
async fn the_outbox_is_for_admins_only() {
    let app = spawn_app().await;
    let user = app.new_user("aibek").await;
    expect_error(user.get("/api/admin/outbox").await, 403, "forbidden").await;
    expect_error(user.post("/api/admin/outbox/1/retry", Value::Null).await, 403, "forbidden").await;
    expect_error(app.get("/api/admin/outbox").await, 401, "unauthorized").await;
}

#[actix_web::test]
async fn a_sign_in_code_goes_out_at_once_and_only_its_mask_is_stored() {
    let (sms, telegram) = (gateway().await, bot().await);
    let tweak = |s: &mut Settings| through(s, &sms, &telegram);
    let app = spawn_app_with(tweak).await;
    let admin = app.new_admin("boss").await;
    let mut settings = Settings::load(Some(include_str!("../../config/test.toml"))).expect("settings");
    tweak(&mut settings);
    let pool = app.pool().await;
    let bot = tyiyn::telegram::channel::for_outbox(&settings.telegram, pool.clone()).expect("the bot");
    let delivery = Delivery::from_settings(&settings, bot, None, &pool).expect("channels");
    let code = |key: &'static str| Immediate {
        channel: OutboxChannel::Sms,
        recipient: "+996700123456",
        user: None,
        kind: "phone_code",
        event_key: key,
        body: "Код Tyiyn: 482913",
        masked_body: "Код Tyiyn: ******",
    };

    let id = send_now(&pool, &delivery, code("phone_code:1")).await.expect("sent");
    assert_eq!(sms.taken()[0].text, "Код Tyiyn: 482913");
    let again = send_now(&pool, &delivery, code("phone_code:1")).await;
    assert!(matches!(again, Err(SendNowError::AlreadySent)), "{again:?}");
    assert_eq!(sms.taken().len(), 1, "one event, one SMS");

    sms.set_failing(true);
    let refused = send_now(&pool, &delivery, code("phone_code:2")).await;
    assert!(matches!(refused, Err(SendNowError::NotSent(_))), "{refused:?}");

    let db = app.db().await;
    let stored: i64 =
        db.query_one("select count(*) from outbox where body like '%482913%'", &[]).await.unwrap().get(0);
    assert_eq!(stored, 0, "the code is nowhere in the outbox");
    let listed = page(&admin, "?channel=sms").await;
    assert_eq!(listed["counts"], json!({"pending": 0, "sent": 1, "failed": 1}));
    let items = listed["items"].as_array().unwrap();
    assert!(items.iter().all(|i| i["body"] == "Код Tyiyn: ******" && i["retryable"] == false), "{listed:#}");
    assert_eq!(items[1]["id"].as_i64(), Some(id));
    let failed = items[0]["id"].as_i64().unwrap();
    let retry = admin.post(&format!("/api/admin/outbox/{failed}/retry"), Value::Null).await;
    expect_error(retry, 409, "outbox_not_retryable").await;
    // No worker ever picks up a code's record.
    assert_eq!(sms.requests(), 2);
}
