//! Where notices go (issue 24): the profile's settings per kind and channel (defaults, changes,
//! refusals that change nothing, eight identical changes at once), the outbox writing e-mail,
//! Telegram and SMS by those choices in the user's language, linking Telegram turning every kind
//! on, and quiet hours holding Telegram and SMS except a win. Messages reach a stand-in of the
//! Bot API through the server's own workers.

use std::sync::Arc;

use chrono::{DateTime, Duration, FixedOffset, Utc};
use serde_json::{Value, json};
use tyiyn::db;
use tyiyn::db::notifications::Notice;
use tyiyn::db::outbox::{Channels, Outbox};
use tyiyn::reach::QuietHours;

use crate::helpers::{TestApp, User, expect_error, json_of, spawn_app, spawn_app_with};
use crate::telegram_standin::Standin;

const ALL_ON: Channels = Channels { email: true, sms: true, telegram: true, push: false };

async fn settings(user: &User) -> Value {
    let res = user.get("/api/me/notices").await;
    assert_eq!(res.status(), 200);
    json_of(res).await
}

async fn change(user: &User, body: Value) -> Value {
    let res = user.put("/api/me/notices", body).await;
    assert_eq!(res.status(), 200);
    json_of(res).await
}

/// The choice for `kind` in a settings answer.
fn kind<'a>(settings: &'a Value, kind: &str) -> &'a Value {
    settings["kinds"].as_array().expect("kinds").iter().find(|k| k["kind"] == kind).expect("the kind")
}

/// Gives `user` a confirmed number and a linked chat, as the phone and Telegram flows leave them.
async fn reachable(app: &TestApp, user: &User, phone: &str, chat: i64) {
    let db = app.db().await;
    db.execute("insert into phone_owner (phone, user_id) values ($1, $2)", &[&phone, &user.id])
        .await
        .expect("a phone");
    let pool = app.pool().await;
    db::telegram::link(&pool.get().await.expect("a connection"), user.id, chat).await.expect("a chat");
}

/// An outbox writing to every channel in the server's texts.
fn outbox(quiet: Option<QuietHours>) -> Outbox {
    let letters = Arc::new(tyiyn::mail::Letters { public_url: "https://tyiyn.kg".into() });
    Outbox::new(ALL_ON, letters, quiet)
}

/// Stores `notice` for `user` through `outbox`, in one transaction.
async fn notify(app: &TestApp, outbox: &Outbox, user: &User, notice: &Notice) -> i64 {
    let pool = app.pool().await;
    let mut client = pool.get().await.expect("a connection");
    let tx = client.transaction().await.expect("a transaction");
    let row = db::notifications::insert(&tx, outbox, user.id, None, notice).await.expect("stored");
    tx.commit().await.expect("committed");
    row.id
}

/// The outbox rows of notification `id`: channel, recipient, body, and how many seconds after it
/// was written it was due (0 for one the server's workers have tried: it was due at once).
async fn messages(app: &TestApp, id: i64) -> Vec<(String, String, String, i64)> {
    let rows = app
        .db()
        .await
        .query(
            "select channel, recipient, body,
                    case when attempts > 0 then 0 else extract(epoch from due_at - created_at)::bigint end
             from outbox where notification_id = $1 order by channel",
            &[&id],
        )
        .await
        .expect("rows");
    rows.iter().map(|r| (r.get(0), r.get(1), r.get(2), r.get(3))).collect()
}

fn won(title: &str) -> Notice {
    let until = Some("2026-11-29T08:05:00Z".parse().expect("a time"));
    Notice::AuctionWon { title: Some(title.into()), claim_id: 1, until, final_price: None }
}

fn outbid(title: &str) -> Notice {
    Notice::Outbid { title: Some(title.into()), price: 1234 }
}

#[actix_web::test]
async fn a_new_account_gets_every_kind_by_e_mail_and_telegram_and_sms_only_for_a_win() {
    let app = spawn_app().await;
    let aigul = app.new_user("aigul").await;
    let s = settings(&aigul).await;
    assert_eq!(s["language"], Value::Null);
    assert_eq!(s["quietHours"], Value::Null, "the tests' configuration has none");
    assert_eq!(s["channels"]["sms"], json!({"available": true, "reachable": false}));
    assert_eq!(s["channels"]["telegram"], json!({"available": false, "reachable": false}));
    assert_eq!(s["channels"]["email"]["reachable"], true);
    let kinds = s["kinds"].as_array().expect("kinds");
    assert_eq!(kinds.len(), 11);
    assert_eq!(
        kinds[0],
        json!({"kind": "auctionWon", "email": true, "telegram": true, "sms": true, "push": true})
    );
    assert_eq!(s["channels"]["push"], json!({"available": true, "reachable": false}));
    assert_eq!(kind(&s, "itemShipped")["push"], false, "push buzzes for four kinds until chosen");
    assert_eq!(kind(&s, "claimPassed")["sms"], true);
    assert_eq!(
        kind(&s, "outbid"),
        &json!({"kind": "outbid", "email": true, "telegram": true, "sms": null, "push": true})
    );
    expect_error(app.get("/api/me/notices").await, 401, "unauthorized").await;
}

#[actix_web::test]
async fn choices_change_only_what_is_named_and_a_refusal_changes_nothing() {
    let app = spawn_app().await;
    let aigul = app.new_user("aigul").await;
    let s = change(
        &aigul,
        json!({"language": "ky", "kinds": [{"kind": "outbid", "telegram": false, "push": false}, {"kind": "auctionWon", "sms": false}]}),
    )
    .await;
    assert_eq!(s["language"], "ky");
    assert_eq!(
        kind(&s, "outbid"),
        &json!({"kind": "outbid", "email": true, "telegram": false, "sms": null, "push": false})
    );
    assert_eq!(kind(&s, "auctionWon")["sms"], false);
    assert_eq!(settings(&aigul).await, s, "what the change answered is what is stored");

    let refusals = [
        (
            json!({"kinds": [{"kind": "itemShipped", "email": false}, {"kind": "outbid", "sms": true}]}),
            "sms_not_offered",
        ),
        (
            json!({"kinds": [{"kind": "itemShipped", "email": false}, {"kind": "lottery", "email": true}]}),
            "notice_kind_unknown",
        ),
        (json!({"language": "de", "kinds": [{"kind": "itemShipped", "email": false}]}), "language_invalid"),
    ];
    for (body, code) in refusals {
        let res = aigul.put("/api/me/notices", body).await;
        let err = expect_error(res, 400, code).await;
        assert!(err["fields"].is_object(), "{err}");
    }
    assert_eq!(settings(&aigul).await, s, "nothing of a refused change is kept");
}

#[actix_web::test]
async fn eight_identical_changes_at_once_all_succeed_and_store_each_choice_once() {
    let app = spawn_app().await;
    let aigul = app.new_user("aigul").await;
    let body = json!({"language": "ru", "kinds": [{"kind": "outbid", "email": false, "telegram": false}]});
    let answers =
        futures_util::future::join_all((0..8).map(|_| aigul.put("/api/me/notices", body.clone()))).await;
    for res in answers {
        assert_eq!(res.status(), 200);
    }
    let stored: i64 = app
        .db()
        .await
        .query_one("select count(*) from notice_pref where user_id = $1", &[&aigul.id])
        .await
        .expect("count")
        .get(0);
    assert_eq!(stored, 2);
    assert_eq!(kind(&settings(&aigul).await, "outbid")["email"], false);
}

#[actix_web::test]
async fn a_win_goes_to_every_channel_in_the_users_language_and_an_outbid_only_where_chosen() {
    let app = spawn_app().await;
    let aigul = app.new_user("aigul").await;
    reachable(&app, &aigul, "+996555123456", 7001).await;
    change(&aigul, json!({"language": "ky", "kinds": [{"kind": "outbid", "email": false}]})).await;
    let outbox = outbox(None);

    let id = notify(&app, &outbox, &aigul, &won("Чайник")).await;
    let sent = messages(&app, id).await;
    let channels: Vec<&str> = sent.iter().map(|m| m.0.as_str()).collect();
    assert_eq!(channels, ["email", "sms", "telegram"]);
    let (_, phone, sms, due) = &sent[1];
    assert_eq!(
        (phone.as_str(), sms.as_str()),
        ("+996555123456", "Сиз «Чайник» уттуңуз! 29.11 14:05 чейин профилде төлөңүз.")
    );
    assert!(*due <= 0, "a win is due at once");
    assert_eq!(sent[2].1, "7001");
    assert!(sent[2].2.starts_with("Сиз уттуңуз: Чайник\n\n"), "{}", sent[2].2);
    assert!(sent[0].2.contains("Куттуктайбыз"), "the e-mail in Kyrgyz too: {}", sent[0].2);

    let id = notify(&app, &outbox, &aigul, &outbid("Чайник")).await;
    let channels: Vec<String> = messages(&app, id).await.into_iter().map(|m| m.0).collect();
    assert_eq!(channels, ["telegram"], "no SMS for an outbid, no e-mail where turned off");

    change(
        &aigul,
        json!({"kinds": [{"kind": "auctionWon", "sms": false, "telegram": false, "email": false}]}),
    )
    .await;
    let id = notify(&app, &outbox, &aigul, &won("Утюг")).await;
    assert!(messages(&app, id).await.is_empty(), "only the bell");
    let bell = json_of(aigul.get("/api/notifications").await).await;
    assert!(bell.to_string().contains("Утюг"), "the bell is always on: {bell}");
}

#[actix_web::test]
async fn a_channel_the_user_cannot_be_reached_on_writes_nothing_there() {
    let app = spawn_app().await;
    let aibek = app.new_user("aibek").await;
    let id = notify(&app, &outbox(None), &aibek, &won("Чайник")).await;
    let channels: Vec<String> = messages(&app, id).await.into_iter().map(|m| m.0).collect();
    assert_eq!(channels, ["email"], "no phone, no chat");
}

/// Quiet hours around `now`, in Bishkek time, lasting until an hour from now.
fn quiet_now(now: DateTime<Utc>) -> QuietHours {
    let bishkek = FixedOffset::east_opt(6 * 3600).expect("an offset");
    let clock = |t: DateTime<Utc>| t.with_timezone(&bishkek).format("%H:%M").to_string();
    QuietHours::parse(&clock(now - Duration::hours(1)), &clock(now + Duration::hours(1)))
        .expect("clock times")
}

#[actix_web::test]
async fn in_quiet_hours_an_outbid_waits_for_the_morning_but_a_win_and_e_mail_do_not() {
    let app = spawn_app().await;
    let aigul = app.new_user("aigul").await;
    reachable(&app, &aigul, "+996555123456", 7001).await;
    let outbox = outbox(Some(quiet_now(Utc::now())));

    let id = notify(&app, &outbox, &aigul, &outbid("Чайник")).await;
    let sent = messages(&app, id).await;
    assert_eq!(sent.iter().map(|m| m.0.as_str()).collect::<Vec<_>>(), ["email", "telegram"]);
    assert!(sent[0].3 <= 0, "e-mail never waits");
    assert!((3000..=3700).contains(&sent[1].3), "Telegram waits until the quiet hours end: {}", sent[1].3);

    let id = notify(&app, &outbox, &aigul, &won("Чайник")).await;
    assert!(messages(&app, id).await.iter().all(|m| m.3 <= 0), "a win goes out at night too");
}

#[actix_web::test]
async fn with_the_clock_at_half_past_eleven_in_bishkek_telegram_and_sms_wait_until_eight() {
    let app = spawn_app().await;
    let aigul = app.new_user("aigul").await;
    reachable(&app, &aigul, "+996555123456", 7001).await;
    // 23:30 in Bishkek two days from now: a night still ahead, so the app's own outbox worker does
    // not take the held message (due in the past, it would) before it is read below.
    let day = (Utc::now() + Duration::days(2)).date_naive();
    let night: DateTime<Utc> = day.and_hms_opt(17, 30, 0).expect("a time").and_utc();
    let outbox = outbox(QuietHours::parse("22:00", "08:00")).with_clock(move || night);

    let id = notify(&app, &outbox, &aigul, &outbid("Чайник")).await;
    let due: Vec<(String, DateTime<Utc>)> = app
        .db()
        .await
        .query("select channel, due_at from outbox where notification_id = $1 and channel <> 'email'", &[&id])
        .await
        .expect("rows")
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    let morning: DateTime<Utc> =
        day.succ_opt().expect("a day").and_hms_opt(2, 0, 0).expect("a time").and_utc(); // 08:00 in Bishkek
    assert_eq!(
        due,
        [("telegram".to_owned(), morning)],
        "Telegram waits for 08:00 (and no SMS for an outbid)"
    );

    let id = notify(&app, &outbox, &aigul, &won("Чайник")).await;
    let held: i64 = app
        .db()
        .await
        .query_one(
            "select count(*) from outbox
             where notification_id = $1 and attempts = 0 and due_at > now() + interval '1 minute'",
            &[&id],
        )
        .await
        .expect("count")
        .get(0);
    assert_eq!(held, 0, "a win is never held");
}

#[actix_web::test]
async fn linking_telegram_turns_every_kind_on_there_and_the_bot_delivers_by_the_choices() {
    let standin = Standin::start().await;
    let app = spawn_app_with(|s| standin.settings(s)).await;
    let aigul = app.new_user("aigul").await;
    let s = change(&aigul, json!({"kinds": [{"kind": "paymentReceived", "telegram": false}]})).await;
    assert_eq!(s["channels"]["telegram"], json!({"available": true, "reachable": false}));

    let url = json_of(aigul.post("/api/me/telegram/link", Value::Null).await).await["url"]
        .as_str()
        .expect("a url")
        .to_owned();
    standin.press_start(7002, &url, "ru");
    standin.nth_to(7002, 1).await;
    let s = settings(&aigul).await;
    assert_eq!(s["channels"]["telegram"]["reachable"], true);
    assert_eq!(kind(&s, "paymentReceived")["telegram"], true, "linking turns every kind on");

    change(&aigul, json!({"kinds": [{"kind": "paymentReceived", "telegram": false}]})).await;
    let res = aigul.post("/api/payments/orders", json!({"packageId": 1})).await;
    let order = json_of(res).await["order"]["id"].as_i64().expect("an order");
    let res = aigul.post(&format!("/api/payments/demo/{order}"), json!({"outcome": "paid"})).await;
    assert_eq!(res.status(), 200);
    let message = standin.nth_to(7002, 2).await;
    assert!(message.text.starts_with("Биды зачислены"), "{}", message.text);
    let kinds: Vec<String> = app
        .db()
        .await
        .query("select kind from outbox where channel = 'telegram' order by id", &[])
        .await
        .expect("rows")
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(kinds, ["bids_credited"], "the payment's own notice stays off Telegram");
}
