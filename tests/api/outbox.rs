//! The durable outbox: a notification's e-mail is a row written in the notification's own
//! transaction, once per event however often the event is reported; the workers deliver e-mail,
//! SMS and Telegram rows through local stand-ins of the SMTP server, Nikita's SMS gateway and the
//! Bot API, retry with backoff, and give up after `max_attempts` or at a refusal; several servers
//! on one database share the rows without sending any twice.

use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};
use tokio_postgres::Client;
use tyiyn::config::Settings;
use tyiyn::db;
use tyiyn::db::notifications::Notice;
use tyiyn::db::outbox::{Channels, Outbox};
use tyiyn_testkit::keep_trying;

use crate::helpers::{TestApp, spawn_app_on, spawn_app_with};
use crate::notifications::{next_mail, sink_settings, smtp_sink};
use crate::stand_in::{Answer, Service, StandIn, nikita_response};

pub const GATEWAY_LOGIN: &str = "tyiyn";
pub const GATEWAY_PASSWORD: &str = "s3cret&<>";
pub const SENDER: &str = "TYIYN";
pub const BOT_TOKEN: &str = "4242:test-token";

/// A stand-in of Nikita's SMS gateway expecting the account these tests configure.
pub async fn gateway() -> StandIn {
    StandIn::start(Service::Nikita {
        login: GATEWAY_LOGIN.into(),
        password: GATEWAY_PASSWORD.into(),
        sender: SENDER.into(),
    })
    .await
}

/// A stand-in of the Bot API for the bot these tests configure.
pub async fn bot() -> StandIn {
    StandIn::start(Service::Telegram { token: BOT_TOKEN.into() }).await
}

/// Settings that send SMS through `gateway` and Telegram through `bot`.
pub fn through(s: &mut Settings, gateway: &StandIn, bot: &StandIn) {
    s.sms.provider = "nikita".into();
    s.sms.api_url = gateway.url.clone();
    s.sms.login = GATEWAY_LOGIN.into();
    s.sms.password = GATEWAY_PASSWORD.into();
    s.sms.sender = SENDER.into();
    s.telegram.bot_token = BOT_TOKEN.into();
    s.telegram.bot_username = "tyiyn_test_bot".into();
    s.telegram.api_base = bot.url.clone();
}

/// Writes a pending message straight into the outbox (what SMS and Telegram notices will write);
/// its id.
pub async fn put(db: &Client, channel: &str, recipient: &str, body: &str) -> i64 {
    let key = format!("test:{}", hex::encode(rand::random::<[u8; 8]>()));
    db.query_one(
        "insert into outbox (channel, recipient, kind, body, event_key) values ($1, $2, 'test', $3, $4) returning id",
        &[&channel, &recipient, &body, &key],
    )
    .await
    .expect("message written")
    .get(0)
}

/// One message's state, attempts and last error.
pub async fn state_of(db: &Client, id: i64) -> (String, i32, Option<String>) {
    let row =
        db.query_one("select state, attempts, last_error from outbox where id = $1", &[&id]).await.unwrap();
    (row.get(0), row.get(1), row.get(2))
}

/// Waits until message `id` is `state` (ten seconds at most: waits never assert on timing).
pub async fn settled(db: &Client, id: i64, state: &str) -> (String, i32, Option<String>) {
    let settled = keep_trying(Duration::from_secs(10), Duration::from_millis(20), || async {
        let now = state_of(db, id).await;
        if now.0 == state { Ok(now) } else { Err(now) }
    });
    settled.await.unwrap_or_else(|now| panic!("message {id} never became {state}: {now:?}"))
}

async fn outbox_rows(db: &Client) -> Vec<(String, String, String, Option<String>, String)> {
    let rows = db
        .query("select channel, recipient, event_key, subject, kind from outbox order by id", &[])
        .await
        .expect("outbox rows");
    rows.iter().map(|r| (r.get(0), r.get(1), r.get(2), r.get(3), r.get(4))).collect()
}

#[actix_web::test]
async fn a_notification_writes_its_e_mail_in_its_own_transaction_once() {
    let (port, mut mails) = smtp_sink().await;
    let app = spawn_app_with(|s| s.mail = sink_settings(port)).await;
    let aigul = app.new_user("aigul").await;
    let pool = app.pool().await;
    let letters = Arc::new(tyiyn::mail::Letters { public_url: "https://tyiyn.kg".into() });
    let outbox = Outbox::new(Channels { email: true, ..Channels::default() }, letters, None);
    let notice = Notice::BidsCredited { order_id: 7, bids: 50 };

    // A transaction that rolls back leaves no message behind.
    let mut client = pool.get().await.unwrap();
    let tx = client.transaction().await.unwrap();
    db::notifications::insert(&tx, &outbox, aigul.id, None, &notice).await.expect("stored");
    tx.rollback().await.unwrap();
    assert!(outbox_rows(&app.db().await).await.is_empty(), "nothing outlives a rolled-back event");

    let tx = client.transaction().await.unwrap();
    let row = db::notifications::insert(&tx, &outbox, aigul.id, None, &notice).await.expect("stored");
    tx.commit().await.unwrap();
    outbox.wake();
    let key = format!("notification:{}:email", row.id);
    let subject = Some("Биды зачислены".to_owned());
    let one = ("email".to_owned(), "aigul@example.kg".to_owned(), key, subject, "bids_credited".to_owned());
    assert_eq!(
        outbox_rows(&app.db().await).await,
        std::slice::from_ref(&one),
        "one e-mail, in the site language"
    );

    // The event written again (its transaction retried) adds no second message.
    let again = db::outbox::enqueue(&client, &outbox, std::slice::from_ref(&row)).await.expect("enqueued");
    assert_eq!(again, 0);
    assert_eq!(outbox_rows(&app.db().await).await, [one]);
    assert_eq!(next_mail(&mut mails).await.to, ["aigul@example.kg"]);
}

#[actix_web::test]
async fn a_payment_mails_its_notices_once_however_often_it_is_reported() {
    let (port, mut mails) = smtp_sink().await;
    let app = spawn_app_with(|s| s.mail = sink_settings(port)).await;
    app.db().await.execute("update site_setting set language = 'en'", &[]).await.expect("english");
    let user = app.new_user("aibek").await;
    let res = user.post("/api/payments/orders", json!({"packageId": 1})).await;
    let order = res.json::<Value>().await.unwrap()["order"]["id"].as_i64().expect("an order");

    for _ in 0..3 {
        let res = user.post(&format!("/api/payments/demo/{order}"), json!({"outcome": "paid"})).await;
        assert_eq!(res.json::<Value>().await.unwrap()["order"]["state"], "paid");
    }
    let mut subjects = Vec::new();
    for _ in 0..2 {
        let mail = next_mail(&mut mails).await;
        subjects.extend(mail.data.lines().filter(|l| l.starts_with("Subject: ")).map(str::to_owned));
    }
    subjects.sort();
    assert_eq!(subjects, ["Subject: Bids credited", "Subject: Payment received"]);
    let db = app.db().await;
    let kinds: Vec<String> = outbox_rows(&db).await.into_iter().map(|r| r.4).collect();
    assert_eq!(kinds, ["payment_received", "bids_credited"], "one message per notice");
    let more = tokio::time::timeout(Duration::from_millis(300), mails.recv()).await;
    assert!(more.is_err(), "no third mail: {more:?}");
    let sent: i64 = db
        .query_one("select count(*) from outbox where state = 'sent' and attempts = 1", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(sent, 2);
}

#[actix_web::test]
async fn sms_and_telegram_messages_reach_the_gateway_and_the_bot() {
    let (sms, telegram) = (gateway().await, bot().await);
    let app = spawn_app_with(|s| through(s, &sms, &telegram)).await;
    let db = app.db().await;

    let text = "Вы выиграли «Чайник» & <скидка>";
    let by_sms = put(&db, "sms", "+996 555 123-456", text).await;
    let by_bot = put(&db, "telegram", "123456789", "Ставка перебита").await;

    assert_eq!(settled(&db, by_sms, "sent").await, ("sent".into(), 1, None));
    assert_eq!(settled(&db, by_bot, "sent").await, ("sent".into(), 1, None));
    let taken = sms.taken();
    assert_eq!((taken[0].to.as_str(), taken[0].text.as_str()), ("996555123456", text));
    assert_eq!(taken[0].reference.as_deref(), Some(format!("{by_sms:x}x1").as_str()));
    let taken = telegram.taken();
    assert_eq!((taken[0].to.as_str(), taken[0].text.as_str()), ("123456789", "Ставка перебита"));
}

#[actix_web::test]
async fn a_failing_gateway_is_tried_again_until_it_takes_the_message() {
    let (sms, telegram) = (gateway().await, bot().await);
    let app = spawn_app_with(|s| through(s, &sms, &telegram)).await;
    let db = app.db().await;
    // Down, then busy (the gateway's "repeat shortly"), then well.
    let down: Answer = (502, "text/plain", "bad gateway".into());
    sms.script([down, nikita_response("x", 9)]);

    let id = put(&db, "sms", "+996700123456", "Ваш товар отправлен").await;

    assert_eq!(settled(&db, id, "sent").await, ("sent".into(), 3, None));
    assert_eq!(sms.requests(), 3, "two failures, then the one that went through");
    assert_eq!(sms.taken()[0].reference.as_deref(), Some(format!("{id:x}x3").as_str()));
}

#[actix_web::test]
async fn a_message_failing_past_its_last_attempt_is_given_up_and_a_refusal_at_once() {
    let (sms, telegram) = (gateway().await, bot().await);
    let app = spawn_app_with(|s| {
        through(s, &sms, &telegram);
        s.outbox.max_attempts = 3;
    })
    .await;
    let db = app.db().await;

    // Chat 429 is always told to slow down (retried); chat 400 does not exist (refused).
    let unlucky = put(&db, "telegram", "429", "Аукцион начинается").await;
    let unknown = put(&db, "telegram", "400", "Аукцион начинается").await;
    let abroad = put(&db, "sms", "+77011234567", "Код").await;

    let (_, attempts, error) = settled(&db, unlucky, "failed").await;
    assert_eq!(attempts, 3);
    assert!(error.as_deref().is_some_and(|e| e.contains("429")), "{error:?}");
    let (_, attempts, error) = settled(&db, unknown, "failed").await;
    assert_eq!(attempts, 1, "a refusal is not tried again");
    assert!(error.as_deref().is_some_and(|e| e.contains("chat not found")), "{error:?}");
    let (_, attempts, error) = settled(&db, abroad, "failed").await;
    assert_eq!(attempts, 1);
    assert!(error.as_deref().is_some_and(|e| e.contains("not a Kyrgyz mobile number")), "{error:?}");
    assert_eq!(sms.requests(), 0, "a number the gateway cannot take is never posted");
}

#[actix_web::test]
async fn servers_sharing_a_database_deliver_each_message_once() {
    let (sms, telegram) = (gateway().await, bot().await);
    telegram.set_delay(5);
    let tweak = |s: &mut Settings| {
        through(s, &sms, &telegram);
        s.outbox.workers = 3;
        s.outbox.batch = 4;
    };
    let first = spawn_app_with(tweak).await;
    let second: TestApp = spawn_app_on(first.db_name(), tweak).await;
    let db = second.db().await;

    let mut ids = Vec::new();
    for n in 0..60 {
        ids.push(put(&db, "telegram", &format!("{}", 1000 + n), &format!("message {n}")).await);
    }
    for id in &ids {
        settled(&db, *id, "sent").await;
    }
    let mut texts: Vec<String> = telegram.taken().into_iter().map(|t| t.text).collect();
    texts.sort();
    let mut expected: Vec<String> = (0..60).map(|n| format!("message {n}")).collect();
    expected.sort();
    assert_eq!(texts, expected, "each message once, by six workers in two servers");
    assert_eq!(first.db_name(), second.db_name());
}
