//! Notifications: the caller's own list with the unread count, marking read, and the e-mail sent
//! for a notification through a local SMTP sink the test starts.

use std::time::Duration;

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tokio::sync::mpsc;
use tyiyn::config::{MailSettings, Settings};
use tyiyn::mail::Mailer;

use crate::helpers::{TestApp, expect_error, long_countdowns, spawn_app, spawn_app_with};

/// Stores a notification for `user` directly (the events that write them belong to other routes).
async fn insert(app: &TestApp, user: i64, kind: &str, payload: Value) -> i64 {
    app.db()
        .await
        .query_one(
            "insert into notification (user_id, kind, payload) values ($1, $2, $3) returning id",
            &[&user, &kind, &payload],
        )
        .await
        .expect("notification stored")
        .get(0)
}

#[actix_web::test]
async fn a_user_lists_only_their_own_notifications_newest_first_with_the_unread_count() {
    let app = spawn_app().await;
    expect_error(app.get("/api/notifications").await, 401, "unauthorized").await;
    let aibek = app.new_user("aibek").await;
    let nurlan = app.new_user("nurlan").await;
    let paid = insert(&app, aibek.id, "payment_received", json!({"orderId": 7, "amount": 150000})).await;
    let credited = insert(&app, aibek.id, "bids_credited", json!({"orderId": 7, "bids": 100})).await;
    insert(&app, nurlan.id, "item_shipped", json!({"claimId": 3, "tracking": "KG123"})).await;

    let res = aibek.get("/api/notifications").await;
    assert_eq!(res.status(), 200);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["unread"], 2);
    let list = body["notifications"].as_array().expect("list");
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["id"], credited);
    assert_eq!(
        (&list[0]["type"], &list[0]["bids"], &list[0]["orderId"]),
        (&json!("bidsCredited"), &json!(100), &json!(7))
    );
    assert_eq!(list[1]["id"], paid);
    assert_eq!((&list[1]["type"], &list[1]["amount"]), (&json!("paymentReceived"), &json!(1500.0)));
    assert_eq!(list[1]["read"], false);
    assert!(list[1]["createdAt"].is_string());

    let theirs: Value = nurlan.get("/api/notifications").await.json().await.unwrap();
    assert_eq!(theirs["unread"], 1);
    assert_eq!(theirs["notifications"][0]["tracking"], "KG123");
}

#[actix_web::test]
async fn marking_read_touches_only_the_callers_own_notifications() {
    let app = spawn_app().await;
    let aibek = app.new_user("aibek").await;
    let nurlan = app.new_user("nurlan").await;
    let first = insert(&app, aibek.id, "bids_credited", json!({"orderId": 1, "bids": 50})).await;
    insert(&app, aibek.id, "payment_received", json!({"orderId": 1, "amount": 75000})).await;
    let other = insert(&app, nurlan.id, "bids_credited", json!({"orderId": 2, "bids": 50})).await;

    // Another user's id is ignored; the caller's own is marked.
    let res = aibek.post("/api/notifications/read", json!({"ids": [first, other]})).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.json::<Value>().await.unwrap(), json!({"unread": 1}));
    let list: Value = aibek.get("/api/notifications").await.json().await.unwrap();
    let read: Vec<(i64, bool)> = list["notifications"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| (n["id"].as_i64().unwrap(), n["read"].as_bool().unwrap()))
        .collect();
    assert!(read.contains(&(first, true)), "{read:?}");
    let theirs: Value = nurlan.get("/api/notifications").await.json().await.unwrap();
    assert_eq!((&theirs["unread"], &theirs["notifications"][0]["read"]), (&json!(1), &json!(false)));

    // No ids (an empty object, or a bare null): all of the caller's.
    let res = aibek.post("/api/notifications/read", json!({})).await;
    assert_eq!(res.json::<Value>().await.unwrap(), json!({"unread": 0}));
    assert_eq!(aibek.post("/api/notifications/read", Value::Null).await.status(), 200);
    let theirs: Value = nurlan.get("/api/notifications").await.json().await.unwrap();
    assert_eq!(theirs["unread"], 1);

    let many: Vec<i64> = (1..=501).collect();
    let body = expect_error(
        aibek.post("/api/notifications/read", json!({"ids": many})).await,
        400,
        "notification_ids_invalid",
    )
    .await;
    assert!(body["fields"]["ids"].is_string());
    expect_error(aibek.post("/api/notifications/read", json!({"ids": "all"})).await, 400, "bad_request")
        .await;
    expect_error(app.post("/api/notifications/read", json!({})).await, 401, "unauthorized").await;
}

/// One mail as the sink received it.
#[derive(Debug)]
pub struct Received {
    pub to: Vec<String>,
    pub data: String,
}

/// A local SMTP server that accepts every mail and hands it to the test: it speaks just enough
/// SMTP (greeting, EHLO, MAIL, RCPT, DATA, QUIT) for a client that does not ask for TLS.
pub async fn smtp_sink() -> (u16, mpsc::UnboundedReceiver<Received>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("sink binds");
    let port = listener.local_addr().expect("sink address").port();
    let (tx, rx) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let tx = tx.clone();
            tokio::spawn(async move {
                let (read, mut write) = stream.into_split();
                let mut lines = BufReader::new(read).lines();
                write.write_all(b"220 sink ESMTP\r\n").await.ok()?;
                let mut to = Vec::new();
                while let Some(line) = lines.next_line().await.ok()? {
                    let verb = line.split_whitespace().next().unwrap_or("").to_ascii_uppercase();
                    let answer: &[u8] = match verb.as_str() {
                        "EHLO" | "HELO" => b"250 sink\r\n",
                        "MAIL" | "RSET" | "NOOP" => b"250 ok\r\n",
                        "RCPT" => {
                            to.push(
                                line.trim_start_matches(|c| c != '<').trim_matches(['<', '>']).to_owned(),
                            );
                            b"250 ok\r\n"
                        }
                        "DATA" => {
                            write.write_all(b"354 go on\r\n").await.ok()?;
                            let mut data = String::new();
                            while let Some(line) = lines.next_line().await.ok()? {
                                if line == "." {
                                    break;
                                }
                                data.push_str(&line);
                                data.push('\n');
                            }
                            tx.send(Received { to: std::mem::take(&mut to), data }).ok()?;
                            b"250 queued\r\n"
                        }
                        "QUIT" => {
                            write.write_all(b"221 bye\r\n").await.ok()?;
                            return Some(());
                        }
                        _ => b"502 not here\r\n",
                    };
                    write.write_all(answer).await.ok()?;
                }
                Some(())
            });
        }
    });
    (port, rx)
}

pub fn sink_settings(port: u16) -> MailSettings {
    MailSettings {
        enabled: true,
        host: "127.0.0.1".into(),
        port,
        tls: "none".into(),
        from: "Tyiyn <noreply@tyiyn.kg>".into(),
        timeout_secs: 5,
        ..MailSettings::default()
    }
}

pub async fn next_mail(rx: &mut mpsc::UnboundedReceiver<Received>) -> Received {
    tokio::time::timeout(Duration::from_secs(10), rx.recv())
        .await
        .expect("a mail arrives")
        .expect("sink open")
}

#[actix_web::test]
async fn the_mailer_sends_a_plain_text_mail_through_smtp() {
    let (port, mut mails) = smtp_sink().await;
    let mailer = Mailer::new(&sink_settings(port)).expect("mailer");
    mailer.send("aibek@example.kg", "Payment received", "We received your payment.").await.expect("sent");
    let mail = next_mail(&mut mails).await;
    assert_eq!(mail.to, ["aibek@example.kg"]);
    assert!(mail.data.contains("Subject: Payment received"), "{}", mail.data);
    assert!(mail.data.contains("From: Tyiyn <noreply@tyiyn.kg>"), "{}", mail.data);
    assert!(mail.data.contains("Content-Type: text/plain; charset=utf-8"), "{}", mail.data);
    assert!(mail.data.contains("We received your payment."), "{}", mail.data);
}

#[actix_web::test]
async fn a_notification_is_mailed_in_the_site_language_to_users_with_an_e_mail_only() {
    let (port, mut mails) = smtp_sink().await;
    let app = spawn_app_with(|s: &mut Settings| {
        long_countdowns(s);
        s.mail = sink_settings(port);
    })
    .await;
    app.db().await.execute("update site_setting set language = 'en'", &[]).await.expect("english");
    let admin = app.new_admin("boss").await;
    let later = (chrono::Utc::now() + chrono::Duration::hours(1)).to_rfc3339();
    let id = app.create_auction(&admin, "Watch", &later).await;
    let aibek = app.new_user("aibek").await;
    let silent = app.new_user("silent").await;
    for user in [&aibek, &silent] {
        assert_eq!(user.post(&format!("/api/auctions/{id}/prebid"), Value::Null).await.status(), 201);
    }
    app.db().await.execute("update app_user set email = null where username = 'silent'", &[]).await.unwrap();

    // Going live tells both pre-bidders; only the one with an e-mail gets a mail.
    app.start_now(&admin, id, "Watch").await;
    let mail = next_mail(&mut mails).await;
    assert_eq!(mail.to, ["aibek@example.kg"]);
    assert!(mail.data.contains("Subject: Auction started: Watch"), "{}", mail.data);
    assert!(mail.data.contains("you pre-bid on has started"), "{}", mail.data);
    let more = tokio::time::timeout(Duration::from_millis(500), mails.recv()).await;
    assert!(more.is_err(), "no second mail: {more:?}");
    // The stored notice says which auction started, as the live one did.
    let listed: Value = aibek.get("/api/notifications").await.json().await.unwrap();
    let started = listed["notifications"].as_array().or(listed.as_array()).expect("a list").clone();
    assert!(started.iter().any(|n| n["type"] == "auctionStarted" && n["title"] == "Watch"), "{listed:#}");
    app.check().await;
}
