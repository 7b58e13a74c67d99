//! Telegram (issue 24): linking a chat from the profile through the bot's `/start <token>`, the
//! token's one use and lifetime, `/stop` and the profile's unlink, moving a chat between accounts,
//! a chat that blocked the bot (answering the bot or the outbox), Telegram's 429 putting the
//! outbox's next attempt off, the bot's offset across restarts and its one poller per token, and
//! the site without a bot. The bot talks to a stand-in of the Bot API (`telegram_standin`).

use std::time::Duration;

use serde_json::{Value, json};
use tyiyn::telegram::api::BotApi;
use tyiyn::telegram::bot::Bot;
use tyiyn_testkit::{keep_trying, until};

use crate::helpers::{TestApp, User, expect_error, json_of, spawn_app, spawn_app_on, spawn_app_with};
use crate::outbox::{put, settled, state_of};
use crate::telegram_standin::{BOT_USERNAME, Standin};

async fn app_with_bot() -> (TestApp, Standin) {
    let standin = Standin::start().await;
    let app = spawn_app_with(|s| standin.settings(s)).await;
    (app, standin)
}

/// A fresh link for `user`.
async fn link_url(user: &User) -> String {
    let res = user.post("/api/me/telegram/link", Value::Null).await;
    assert_eq!(res.status(), 200);
    json_of(res).await["url"].as_str().expect("a url").to_owned()
}

async fn status(user: &User) -> Value {
    let res = user.get("/api/me/telegram").await;
    assert_eq!(res.status(), 200);
    json_of(res).await
}

/// Links `chat` to `user` through the bot, and returns the bot's reply.
async fn link(standin: &Standin, user: &User, chat: i64) -> String {
    let url = link_url(user).await;
    let before = standin.sent().iter().filter(|s| s.chat_id == chat).count();
    standin.press_start(chat, &url, "ru");
    standin.nth_to(chat, before + 1).await.text
}

/// The account `chat` is linked to, read from the database.
async fn holder(app: &TestApp, chat: i64) -> Option<i64> {
    let row =
        app.db().await.query_opt("select user_id from telegram_link where chat_id = $1", &[&chat]).await;
    row.expect("query").map(|r| r.get(0))
}

#[actix_web::test]
async fn pressing_start_on_the_profiles_link_links_that_chat() {
    let (app, standin) = app_with_bot().await;
    let aibek = app.new_user("aibek").await;
    assert_eq!(status(&aibek).await, json!({"enabled": true, "linked": false}));

    let url = link_url(&aibek).await;
    let token = url.strip_prefix(&format!("https://t.me/{BOT_USERNAME}?start=")).expect("the bot's link");
    assert!(token.len() == 48 && token.bytes().all(|b| b.is_ascii_hexdigit()), "{token}");
    standin.press_start(5001, &url, "ru");
    let reply = standin.nth_to(5001, 1).await;
    assert!(reply.text.contains("Telegram привязан к аккаунту aibek"), "{}", reply.text);

    let now = status(&aibek).await;
    assert_eq!((&now["enabled"], &now["linked"]), (&json!(true), &json!(true)));
    assert!(now["linkedAt"].as_str().is_some_and(|at| at.ends_with('Z')), "{now}");
    assert_eq!(holder(&app, 5001).await, Some(aibek.id));
    let stored: Vec<u8> =
        app.db().await.query_one("select token_hash from telegram_link_token", &[]).await.unwrap().get(0);
    assert_ne!(stored, token.as_bytes(), "only the token's hash is stored");
}

#[actix_web::test]
async fn a_link_works_once_only_while_fresh_and_only_the_newest() {
    let (app, standin) = app_with_bot().await;
    let aibek = app.new_user("aibek").await;
    let url = link_url(&aibek).await;
    standin.press_start(11, &url, "ru");
    assert!(standin.nth_to(11, 1).await.text.contains("привязан"));

    // Used once: a second chat pressing the same link is refused.
    standin.press_start(12, &url, "en");
    assert!(
        standin
            .nth_to(12, 1)
            .await
            .text
            .starts_with("The link did not work: it was already used or has expired")
    );
    assert_eq!(holder(&app, 12).await, None);

    // Expired: the link's 15 minutes are over.
    let stale = link_url(&aibek).await;
    let db = app.db().await;
    db.execute("update telegram_link_token set created_at = now() - interval '16 minutes', expires_at = now() - interval '1 minute'", &[])
        .await
        .unwrap();
    standin.press_start(13, &stale, "ru");
    assert!(standin.nth_to(13, 1).await.text.starts_with("Ссылка не сработала"));

    // A newer link voids the older one, and a made-up token is refused like a used one.
    let older = link_url(&aibek).await;
    let newer = link_url(&aibek).await;
    standin.press_start(14, &older, "ru");
    assert!(standin.nth_to(14, 1).await.text.starts_with("Ссылка не сработала"));
    standin.message(14, "/start not-a-token", "ru");
    assert!(standin.nth_to(14, 2).await.text.starts_with("Ссылка не сработала"));
    assert_eq!((holder(&app, 13).await, holder(&app, 14).await), (None, None));
    standin.press_start(14, &newer, "ru");
    assert!(standin.nth_to(14, 3).await.text.contains("привязан"));
    assert_eq!(holder(&app, 14).await, Some(aibek.id));
    assert_eq!(holder(&app, 11).await, None, "one chat per account: the newer chat replaced it");
}

#[actix_web::test]
async fn stop_in_the_chat_unlinks_it() {
    let (app, standin) = app_with_bot().await;
    let aibek = app.new_user("aibek").await;
    link(&standin, &aibek, 21).await;

    standin.message(21, "/stop", "ru");
    let reply = standin.nth_to(21, 2).await;
    assert!(reply.text.starts_with("Telegram отвязан от аккаунта aibek"), "{}", reply.text);
    assert_eq!(status(&aibek).await, json!({"enabled": true, "linked": false}));

    standin.message(21, "/stop", "ky");
    assert_eq!(standin.nth_to(21, 3).await.text, "Бул чат эч бир аккаунтка байланыштырылган эмес.");
}

#[actix_web::test]
async fn the_profile_unlinks_its_chat() {
    let (app, standin) = app_with_bot().await;
    let aibek = app.new_user("aibek").await;
    link(&standin, &aibek, 31).await;
    expect_error(app.client.delete(app.url("/api/me/telegram")).send().await.unwrap(), 401, "unauthorized")
        .await;
    assert_eq!(holder(&app, 31).await, Some(aibek.id), "a visitor unlinks nothing");

    let res = aibek.delete("/api/me/telegram").await;
    assert_eq!(res.status(), 200);
    assert_eq!(json_of(res).await, json!({"enabled": true, "linked": false}));
    assert_eq!(holder(&app, 31).await, None);
    assert_eq!(aibek.delete("/api/me/telegram").await.status(), 200, "unlinking twice is no error");
}

#[actix_web::test]
async fn a_chat_linked_to_another_account_moves_to_the_new_one() {
    let (app, standin) = app_with_bot().await;
    let aibek = app.new_user("aibek").await;
    let nurlan = app.new_user("nurlan").await;
    link(&standin, &aibek, 41).await;

    let reply = link(&standin, &nurlan, 41).await;
    assert!(reply.contains("nurlan"), "{reply}");
    assert_eq!(holder(&app, 41).await, Some(nurlan.id));
    assert_eq!(status(&aibek).await["linked"], false);
    assert_eq!(status(&nurlan).await["linked"], true);
}

#[actix_web::test]
async fn anything_else_gets_help_in_the_senders_language() {
    let (_app, standin) = app_with_bot().await;
    standin.message(51, "салам", "ky");
    assert!(standin.nth_to(51, 1).await.text.contains("«Telegram'ды байланыштыруу»"));
    standin.message(52, "/start", "ka");
    assert!(standin.nth_to(52, 1).await.text.contains("Telegram-ის მიბმას"));
    standin.message(53, "hallo", "de");
    assert!(standin.nth_to(53, 1).await.text.contains("«Привязать Telegram»"), "Russian for other languages");
}

#[actix_web::test]
async fn a_chat_that_blocked_the_bot_is_unlinked() {
    let (app, standin) = app_with_bot().await;
    let aibek = app.new_user("aibek").await;
    let nurlan = app.new_user("nurlan").await;
    link(&standin, &aibek, 61).await;
    link(&standin, &nurlan, 62).await;
    let mut settings = tyiyn::config::Settings::load(None).expect("settings").telegram;
    standin.settings_of(&mut settings);
    let bot = Bot::new(BotApi::new(&settings).expect("the bot's client"), app.pool().await);

    // Telegram busy (5xx, 429): worth trying again, and the link stays.
    standin.refuse(61, 502);
    let busy = bot.deliver(61, "Вы выиграли").await.expect_err("refused");
    assert!(busy.is_retryable(), "{busy}");
    standin.refuse(61, 429);
    assert!(bot.deliver(61, "Вы выиграли").await.expect_err("refused").is_retryable());
    assert_eq!(holder(&app, 61).await, Some(aibek.id));

    // 403: the user blocked the bot; the chat is unlinked at once.
    standin.refuse(61, 403);
    let blocked = bot.deliver(61, "Вы выиграли").await.expect_err("refused");
    assert!(blocked.is_blocked() && !blocked.is_retryable(), "{blocked}");
    assert_eq!(holder(&app, 61).await, None);

    // The bot's own reply meeting 403 unlinks the chat too.
    standin.refuse(62, 403);
    standin.message(62, "привет", "ru");
    assert_eq!(standin.nth_to(62, 2).await.status, 403);
    until("the blocked chat stayed linked", Duration::from_secs(10), Duration::from_millis(20), || async {
        holder(&app, 62).await.is_none()
    })
    .await;
}

#[actix_web::test]
async fn an_outbox_message_to_a_chat_that_blocked_the_bot_fails_at_once_and_unlinks_the_chat() {
    let (app, standin) = app_with_bot().await;
    let aibek = app.new_user("aibek").await;
    link(&standin, &aibek, 63).await;
    standin.refuse(63, 403);
    let db = app.db().await;

    let id = put(&db, "telegram", "63", "Ставку перебили").await;

    let (_, attempts, error) = settled(&db, id, "failed").await;
    assert_eq!(attempts, 1, "a blocked chat is not tried again");
    let error = error.expect("why it failed");
    assert!(error.starts_with("the user blocked the bot, so their chat was unlinked"), "{error}");
    assert!(error.contains("403"), "{error}");
    assert_eq!(standin.nth_to(63, 2).await.status, 403, "the outbox's message met the block");
    assert_eq!(status(&aibek).await, json!({"enabled": true, "linked": false}));
}

#[actix_web::test]
async fn an_outbox_message_told_to_retry_after_30_seconds_waits_at_least_that_long() {
    let (app, standin) = app_with_bot().await;
    standin.slow_down(64, 30);
    let db = app.db().await;

    let id = put(&db, "telegram", "64", "Аукцион начинается").await;

    // The test backoff is 20 ms: only Telegram's retry_after puts the next attempt 30 s off.
    let failed = keep_trying(Duration::from_secs(10), Duration::from_millis(20), || async {
        let now = state_of(&db, id).await;
        if now.2.is_some() { Ok(()) } else { Err(now) }
    });
    if let Err(now) = failed.await {
        panic!("the first attempt never failed: {now:?}");
    }
    let (state, attempts, error) = state_of(&db, id).await;
    assert_eq!((state.as_str(), attempts), ("pending", 1));
    assert!(error.as_deref().is_some_and(|e| e.contains("HTTP 429")), "{error:?}");
    let ahead: f64 = db
        .query_one("select extract(epoch from due_at - now())::float8 from outbox where id = $1", &[&id])
        .await
        .unwrap()
        .get(0);
    assert!((28.0..=30.0).contains(&ahead), "the next attempt is {ahead} s away");
}

#[actix_web::test]
async fn without_a_bot_the_profile_hears_nothing_of_telegram_and_no_link_is_given() {
    let app = spawn_app().await;
    let aibek = app.new_user("aibek").await;
    assert_eq!(status(&aibek).await, json!({"enabled": false, "linked": false}));
    expect_error(aibek.post("/api/me/telegram/link", Value::Null).await, 404, "telegram_off").await;
    expect_error(app.get("/api/me/telegram").await, 401, "unauthorized").await;
    expect_error(app.post("/api/me/telegram/link", Value::Null).await, 401, "unauthorized").await;
}

#[actix_web::test]
async fn the_bot_stores_its_offset_and_a_restart_resumes_from_it() {
    let (app, standin) = app_with_bot().await;
    let first = standin.message(71, "привет", "ru");
    let second = standin.message(71, "/stop", "ru");
    standin.nth_to(71, 2).await;
    standin.handled(second).await;
    let stored: i64 =
        app.db().await.query_one("select update_offset from telegram_poll", &[]).await.unwrap().get(0);
    assert_eq!((first + 1, stored), (second, second + 1));

    // Another server on a database whose bot stands at offset 42 asks from there on.
    let quiet = spawn_app().await;
    quiet
        .db()
        .await
        .execute("insert into telegram_poll (bot_id, update_offset) values (123456789, 42)", &[])
        .await
        .unwrap();
    let other = Standin::start().await;
    let _restarted = spawn_app_on(quiet.db_name(), |s| other.settings(s)).await;
    until("the restarted bot never polled", Duration::from_secs(10), Duration::from_millis(20), || async {
        !other.offsets().is_empty()
    })
    .await;
    assert_eq!(other.offsets()[0], 42);
}

#[actix_web::test]
async fn a_second_server_waits_while_the_first_polls_the_bot() {
    let (app, standin) = app_with_bot().await;
    let first = standin.message(81, "привет", "ru");
    standin.handled(first).await;
    let _second = spawn_app_on(app.db_name(), |s| standin.settings(s)).await;

    // The second server's poller waits on the advisory lock the first one holds.
    let db = app.db().await;
    let waiting = "select count(*) from pg_locks where locktype = 'advisory' and not granted
                   and database = (select oid from pg_database where datname = current_database())";
    let (within, every) = (Duration::from_secs(10), Duration::from_millis(20));
    until("no server waits for the poller lock", within, every, || async {
        db.query_one(waiting, &[]).await.unwrap().get::<_, i64>(0) != 0
    })
    .await;
    let next = standin.message(81, "ещё раз", "ru");
    standin.handled(next).await;
    assert_eq!(standin.sent().len(), 2, "each update answered once");
}

/// Issue 39, row 6: closing an account takes its chat, its link tokens and its watchlist with it;
/// a `/start` with a token issued before the close links nothing.
#[actix_web::test]
async fn a_closed_account_loses_its_chat_and_its_old_links_link_nothing() {
    let (app, standin) = app_with_bot().await;
    let admin = app.new_admin("closer").await;
    let aibek = app.new_user("aibek").await;
    link(&standin, &aibek, 7101).await;
    let early = link_url(&aibek).await;
    let auction = app.create_auction(&admin, "Ноутбук", "2099-01-01T00:00:00Z").await;
    let starred = aibek.put(&format!("/api/auctions/{auction}/watch"), Value::Null).await;
    assert!(starred.status().is_success(), "{}", starred.status());

    let closed = admin.delete(&format!("/api/admin/users/{}", aibek.id)).await;
    assert_eq!(closed.status(), 200);
    assert_eq!(holder(&app, 7101).await, None, "the chat is unlinked");
    let db = app.db().await;
    for table in ["telegram_link_token", "watch"] {
        let left: i64 = db
            .query_one(&format!("select count(*) from {table} where user_id = $1"), &[&aibek.id])
            .await
            .unwrap()
            .get(0);
        assert_eq!(left, 0, "{table}");
    }
    standin.press_start(7102, &early, "ru");
    let reply = standin.nth_to(7102, 1).await;
    assert!(!reply.text.contains("привязан к аккаунту"), "{}", reply.text);
    assert_eq!(holder(&app, 7102).await, None, "nothing links to the closed account");
}
