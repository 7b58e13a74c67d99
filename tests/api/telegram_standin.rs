//! A stand-in for the Telegram Bot API, started inside a test on a port of its own: `getUpdates`
//! answers from a queue the test fills (long polling: it waits up to the asked `timeout` for an
//! update, and an `offset` confirms, so forgets, every update before it, as Telegram does), and
//! `sendMessage` records each message (or refuses a chat the test marked, e.g. 403 as for a user
//! who blocked the bot, or 429 with a `retry_after`). Point `[telegram] api_base` at [`Standin::api_base`] with
//! [`Standin::settings`]. Reusable by any suite that needs Telegram.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use actix_web::{App, HttpResponse, HttpServer, web};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::Notify;
use tyiyn::config::{Settings, TelegramSettings};
use tyiyn_testkit::keep_trying;

/// The token the stand-in answers to; other tokens get 401, as from Telegram.
pub const TOKEN: &str = "123456789:stand-in-token";
/// The bot's username in the links.
pub const BOT_USERNAME: &str = "tyiyn_test_bot";
/// How long a test waits for the bot before failing (waits never assert on timing).
const PATIENCE: Duration = Duration::from_secs(10);

/// One `sendMessage` call.
#[derive(Debug, Clone)]
pub struct Sent {
    pub chat_id: i64,
    pub text: String,
    /// The status the stand-in answered it with (200, or the chat's refusal).
    pub status: u16,
}

#[derive(Default)]
struct Inner {
    /// Updates Telegram still holds: every one from the last confirmed offset.
    updates: Mutex<Vec<Value>>,
    next_update: Mutex<i64>,
    /// The offset of every `getUpdates` call, in order.
    offsets: Mutex<Vec<i64>>,
    arrived: Notify,
    sent: Mutex<Vec<Sent>>,
    sent_changed: Notify,
    /// Chats whose messages are refused, with the status and the `retry_after` said with it.
    refused: Mutex<HashMap<i64, (u16, Option<u64>)>>,
}

/// The running stand-in.
pub struct Standin {
    address: String,
    inner: Arc<Inner>,
    server: actix_web::dev::ServerHandle,
}

impl Drop for Standin {
    fn drop(&mut self) {
        drop(self.server.stop(false));
    }
}

impl Standin {
    /// Starts the stand-in on a free port.
    pub async fn start() -> Standin {
        let inner = Arc::new(Inner { next_update: Mutex::new(1), ..Inner::default() });
        let data = web::Data::from(inner.clone());
        let server = HttpServer::new(move || {
            App::new()
                .app_data(data.clone())
                .route("/bot{token}/getUpdates", web::get().to(get_updates))
                .route("/bot{token}/sendMessage", web::post().to(send_message))
        })
        .workers(1)
        .disable_signals()
        .bind("127.0.0.1:0")
        .expect("the stand-in binds");
        let address = format!("http://{}", server.addrs()[0]);
        let server = server.run();
        let handle = server.handle();
        actix_web::rt::spawn(server);
        Standin { address, inner, server: handle }
    }

    /// What `[telegram] api_base` must be.
    pub fn api_base(&self) -> String {
        self.address.clone()
    }

    /// Turns Telegram on in `settings`, against this stand-in.
    pub fn settings(&self, settings: &mut Settings) {
        self.settings_of(&mut settings.telegram);
    }

    /// The bot's settings against this stand-in.
    pub fn settings_of(&self, telegram: &mut TelegramSettings) {
        telegram.bot_token = TOKEN.into();
        telegram.bot_username = BOT_USERNAME.into();
        telegram.api_base = self.api_base();
    }

    /// Queues a message from the private chat `chat` whose app speaks `lang`: its update id.
    pub fn message(&self, chat: i64, text: &str, lang: &str) -> i64 {
        let mut next = self.inner.next_update.lock().expect("lock");
        let id = *next;
        *next += 1;
        let message = json!({
            "message_id": id,
            "date": 1_767_225_600,
            "chat": {"id": chat, "type": "private", "first_name": "Aibek"},
            "from": {"id": chat, "is_bot": false, "first_name": "Aibek", "language_code": lang},
            "text": text,
        });
        self.inner.updates.lock().expect("lock").push(json!({"update_id": id, "message": message}));
        self.inner.arrived.notify_waiters();
        id
    }

    /// The chat presses Start on the link `url` (`https://t.me/<bot>?start=<token>`): `/start
    /// <token>`, as Telegram sends it.
    pub fn press_start(&self, chat: i64, url: &str, lang: &str) -> i64 {
        let token = url.split_once("?start=").expect("a start link").1;
        self.message(chat, &format!("/start {token}"), lang)
    }

    /// From now on, `sendMessage` to `chat` answers `status` (e.g. 403: the user blocked the bot).
    pub fn refuse(&self, chat: i64, status: u16) {
        self.inner.refused.lock().expect("lock").insert(chat, (status, None));
    }

    /// From now on, `sendMessage` to `chat` answers 429 asking to wait `retry_after` seconds.
    pub fn slow_down(&self, chat: i64, retry_after: u64) {
        self.inner.refused.lock().expect("lock").insert(chat, (429, Some(retry_after)));
    }

    /// Every `sendMessage` so far.
    pub fn sent(&self) -> Vec<Sent> {
        self.inner.sent.lock().expect("lock").clone()
    }

    /// The offsets the bot has asked `getUpdates` with, in order.
    pub fn offsets(&self) -> Vec<i64> {
        self.inner.offsets.lock().expect("lock").clone()
    }

    /// Waits until the `n`-th (from 1) `sendMessage` to `chat` and returns it; panics after ten
    /// seconds.
    pub async fn nth_to(&self, chat: i64, n: usize) -> Sent {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let changed = self.inner.sent_changed.notified();
            tokio::pin!(changed);
            changed.as_mut().enable();
            let to_chat: Vec<Sent> = self.sent().into_iter().filter(|s| s.chat_id == chat).collect();
            if let Some(sent) = to_chat.get(n - 1) {
                return sent.clone();
            }
            let left = deadline.saturating_duration_since(Instant::now());
            assert!(!left.is_zero(), "message {n} to chat {chat} never came; sent: {to_chat:#?}");
            let _ = tokio::time::timeout(left, changed).await;
        }
    }

    /// Waits until the bot has asked for updates after update `id` (so it has handled it).
    pub async fn handled(&self, id: i64) {
        let confirmed = keep_trying(PATIENCE, Duration::from_millis(20), || {
            let offsets = self.offsets();
            std::future::ready(if offsets.iter().any(|o| *o > id) { Ok(()) } else { Err(offsets) })
        });
        if let Err(offsets) = confirmed.await {
            panic!("update {id} was never confirmed: {offsets:?}");
        }
    }
}

#[derive(Deserialize)]
struct Poll {
    #[serde(default)]
    offset: i64,
    #[serde(default)]
    timeout: u64,
}

/// Telegram's answer to a wrong token.
fn unauthorised() -> HttpResponse {
    HttpResponse::Unauthorized().json(json!({"ok": false, "error_code": 401, "description": "Unauthorized"}))
}

async fn get_updates(
    inner: web::Data<Inner>,
    token: web::Path<String>,
    poll: web::Query<Poll>,
) -> HttpResponse {
    if token.as_str() != TOKEN {
        return unauthorised();
    }
    inner.offsets.lock().expect("lock").push(poll.offset);
    let deadline = Instant::now() + Duration::from_secs(poll.timeout);
    loop {
        let arrived = inner.arrived.notified();
        tokio::pin!(arrived);
        arrived.as_mut().enable();
        let ready: Vec<Value> = {
            let mut updates = inner.updates.lock().expect("lock");
            // An offset confirms every update before it: Telegram forgets them.
            updates.retain(|u| u["update_id"].as_i64().unwrap_or(0) >= poll.offset);
            updates.clone()
        };
        let left = deadline.saturating_duration_since(Instant::now());
        if !ready.is_empty() || left.is_zero() {
            return HttpResponse::Ok().json(json!({"ok": true, "result": ready}));
        }
        let _ = tokio::time::timeout(left, arrived).await;
    }
}

#[derive(Deserialize)]
struct Message {
    chat_id: i64,
    text: String,
}

async fn send_message(
    inner: web::Data<Inner>,
    token: web::Path<String>,
    body: web::Json<Message>,
) -> HttpResponse {
    if token.as_str() != TOKEN {
        return unauthorised();
    }
    let (status, retry_after) =
        inner.refused.lock().expect("lock").get(&body.chat_id).copied().unwrap_or((200, None));
    let sent = Sent { chat_id: body.chat_id, text: body.text.clone(), status };
    let id = {
        let mut all = inner.sent.lock().expect("lock");
        all.push(sent);
        all.len()
    };
    inner.sent_changed.notify_waiters();
    if status != 200 {
        let description = match (status, retry_after) {
            (403, _) => "Forbidden: bot was blocked by the user".to_owned(),
            (429, Some(secs)) => format!("Too Many Requests: retry after {secs}"),
            _ => "Refused".to_owned(),
        };
        let mut answer = json!({"ok": false, "error_code": status, "description": description});
        if let Some(secs) = retry_after {
            answer["parameters"] = json!({"retry_after": secs});
        }
        let code = actix_web::http::StatusCode::from_u16(status).expect("a status");
        return HttpResponse::build(code).json(answer);
    }
    let result = json!({"message_id": id, "date": 1_767_225_600, "chat": {"id": body.chat_id, "type": "private"}, "text": body.text});
    HttpResponse::Ok().json(json!({"ok": true, "result": result}))
}
