//! Local stand-ins of the outbox's HTTP channels, for the API tests and the outbox crash bench:
//! Nikita Mobile's SMS gateway (an XML `<message>` posted to its URL, answered with
//! `<response>…<status>N</status>…</response>`) and Telegram's Bot API (`POST /bot<token>/
//! sendMessage` with `{chat_id, text}`). Each checks a request as its documentation describes and
//! answers as the real service does, records what it took, and can be told to fail: a script of
//! answers to give first, or every answer a 503 while `failing`. A tiny HTTP/1.1 server on
//! 127.0.0.1 (keep-alive, `Content-Length` bodies), so that nothing here needs a web framework.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

/// Which service a stand-in plays, with the credentials it expects.
#[derive(Clone)]
pub enum Service {
    /// The SMS gateway, taking `login`, `pwd` and `sender` as configured.
    Nikita { login: String, password: String, sender: String },
    /// The Bot API of the bot with `token`.
    Telegram { token: String },
}

/// A message the stand-in accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Taken {
    /// The phone number or chat id.
    pub to: String,
    pub text: String,
    /// The gateway's id of the sending (SMS only).
    pub reference: Option<String>,
}

/// An answer: HTTP status, content type, body.
pub type Answer = (u16, &'static str, String);

struct State {
    service: Service,
    taken: Mutex<Vec<Taken>>,
    requests: AtomicU64,
    script: Mutex<VecDeque<Answer>>,
    failing: AtomicBool,
    delay_ms: AtomicU64,
    news: tokio::sync::Notify,
}

/// A running stand-in.
#[derive(Clone)]
pub struct StandIn {
    /// Its base URL: the SMS gateway's `api_url`, or Telegram's `api_base`.
    pub url: String,
    state: Arc<State>,
}

impl StandIn {
    /// Starts a stand-in of `service` on a free port of 127.0.0.1.
    pub async fn start(service: Service) -> StandIn {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("stand-in binds");
        let port = listener.local_addr().expect("stand-in address").port();
        let url = match service {
            Service::Nikita { .. } => format!("http://127.0.0.1:{port}/api/message"),
            Service::Telegram { .. } => format!("http://127.0.0.1:{port}"),
        };
        let state = Arc::new(State {
            service,
            taken: Mutex::default(),
            requests: AtomicU64::new(0),
            script: Mutex::default(),
            failing: AtomicBool::new(false),
            delay_ms: AtomicU64::new(0),
            news: tokio::sync::Notify::new(),
        });
        let serving = state.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                tokio::spawn(serve(stream, serving.clone()));
            }
        });
        StandIn { url, state }
    }

    /// Gives `answers` first, in order, before answering normally again.
    pub fn script(&self, answers: impl IntoIterator<Item = Answer>) {
        self.state.script.lock().expect("script").extend(answers);
    }

    /// While `on`, every request is answered 503.
    pub fn set_failing(&self, on: bool) {
        self.state.failing.store(on, Ordering::SeqCst);
    }

    /// Each answer waits this long first (a service that takes its time).
    pub fn set_delay(&self, ms: u64) {
        self.state.delay_ms.store(ms, Ordering::SeqCst);
    }

    /// What it accepted, in order.
    pub fn taken(&self) -> Vec<Taken> {
        self.state.taken.lock().expect("taken").clone()
    }

    /// Requests received, answered or not.
    pub fn requests(&self) -> u64 {
        self.state.requests.load(Ordering::SeqCst)
    }

    /// Waits (up to `within`) until it has accepted at least `n` messages; what it accepted.
    pub async fn wait_taken(&self, n: usize, within: Duration) -> Vec<Taken> {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            let news = self.state.news.notified();
            let taken = self.taken();
            if taken.len() >= n || tokio::time::Instant::now() >= deadline {
                return taken;
            }
            let _ = tokio::time::timeout_at(deadline, news).await;
        }
    }
}

/// Serves one connection: requests one after another until the client closes it.
async fn serve(stream: tokio::net::TcpStream, state: Arc<State>) -> Option<()> {
    let (read, mut write) = stream.into_split();
    let mut read = BufReader::new(read);
    loop {
        let mut line = String::new();
        read.read_line(&mut line).await.ok().filter(|n| *n > 0)?;
        let path = line.split_whitespace().nth(1).unwrap_or_default().to_owned();
        let (mut length, mut content_type) = (0usize, String::new());
        loop {
            let mut header = String::new();
            read.read_line(&mut header).await.ok().filter(|n| *n > 0)?;
            let header = header.trim_end();
            if header.is_empty() {
                break;
            }
            let (name, value) = header.split_once(':').unwrap_or((header, ""));
            match name.to_ascii_lowercase().as_str() {
                "content-length" => length = value.trim().parse().unwrap_or(0),
                "content-type" => content_type = value.trim().to_owned(),
                _ => {}
            }
        }
        let mut body = vec![0; length];
        read.read_exact(&mut body).await.ok()?;
        let body = String::from_utf8_lossy(&body).into_owned();
        state.requests.fetch_add(1, Ordering::SeqCst);
        let delay = state.delay_ms.load(Ordering::SeqCst);
        if delay > 0 {
            // The slowness the stand-in was told to show: the thing a test exercises.
            tokio::time::sleep(Duration::from_millis(delay)).await;
        }
        let (status, kind, text) = answer(&state, &path, &content_type, &body);
        let head = format!(
            "HTTP/1.1 {status} {}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n\r\n",
            if status < 400 { "OK" } else { "Error" },
            text.len()
        );
        write.write_all(head.as_bytes()).await.ok()?;
        write.write_all(text.as_bytes()).await.ok()?;
    }
}

/// The answer to one request: the script's next, a 503 while failing, else the service's own.
fn answer(state: &State, path: &str, content_type: &str, body: &str) -> Answer {
    if let Some(scripted) = state.script.lock().expect("script").pop_front() {
        return scripted;
    }
    if state.failing.load(Ordering::SeqCst) {
        return (503, "text/plain", "unavailable".into());
    }
    let (answer, taken) = match &state.service {
        Service::Nikita { login, password, sender } => nikita(body, content_type, (login, password, sender)),
        Service::Telegram { token } => telegram(path, body, token),
    };
    if let Some(taken) = taken {
        state.taken.lock().expect("taken").push(taken);
        state.news.notify_waiters();
    }
    answer
}

/// The text of the first `<name>` element of `xml`.
fn element<'a>(xml: &'a str, name: &str) -> Option<&'a str> {
    let start = xml.find(&format!("<{name}>"))? + name.len() + 2;
    let end = xml[start..].find(&format!("</{name}>"))?;
    Some(&xml[start..start + end])
}

/// XML text as written: the five escapes undone.
fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// The gateway's `<response>` with `status` for the sending `id`.
pub fn nikita_response(id: &str, status: u8) -> Answer {
    let xml = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><response><id>{id}</id><status>{status}</status>\
         <phones>1</phones><smscnt>1</smscnt></response>"
    );
    (200, "application/xml", xml)
}

/// The SMS gateway: a `<message>` with the account's login, password and sender, an id of 1 to 12
/// Latin letters and digits, a text, and phones of `996` and nine digits; status 0 when all is
/// well, 1 for a malformed request, 2 for a wrong login or password, 5 for another sender, 7 for a
/// bad number (the gateway's documented codes).
fn nikita(
    body: &str,
    content_type: &str,
    (login, password, sender): (&str, &str, &str),
) -> (Answer, Option<Taken>) {
    let id = element(body, "id").unwrap_or_default();
    let malformed = !content_type.starts_with("application/xml")
        || !body.starts_with("<?xml")
        || !body.contains("<message>")
        || id.is_empty()
        || id.len() > 12
        || !id.bytes().all(|b| b.is_ascii_alphanumeric())
        || element(body, "text").is_none_or(str::is_empty);
    if malformed {
        return (nikita_response(id, 1), None);
    }
    let given = |name| element(body, name).map(unescape).unwrap_or_default();
    if given("login") != login || given("pwd") != password {
        return (nikita_response(id, 2), None);
    }
    if given("sender") != sender {
        return (nikita_response(id, 5), None);
    }
    let phone = element(body, "phones").and_then(|p| element(p, "phone")).unwrap_or_default();
    if phone.len() != 12 || !phone.starts_with("996") || !phone.bytes().all(|b| b.is_ascii_digit()) {
        return (nikita_response(id, 7), None);
    }
    let taken = Taken { to: phone.to_owned(), text: given("text"), reference: Some(id.to_owned()) };
    (nikita_response(id, 0), Some(taken))
}

/// A Bot API refusal as Telegram words it.
pub fn telegram_error(status: u16, description: &str) -> Answer {
    let body = json!({"ok": false, "error_code": status, "description": description});
    (status, "application/json", body.to_string())
}

/// The Bot API's `sendMessage`: the bot's token in the path, a JSON body with a `chat_id` and a
/// non-empty `text`; chat `400` does not exist, chat `403` blocked the bot, and chat `429` is
/// always told to slow down.
fn telegram(path: &str, body: &str, token: &str) -> (Answer, Option<Taken>) {
    if path != format!("/bot{token}/sendMessage") {
        return (telegram_error(404, "Not Found"), None);
    }
    let Ok(message) = serde_json::from_str::<Value>(body) else {
        return (telegram_error(400, "Bad Request: can't parse JSON"), None);
    };
    let chat = match &message["chat_id"] {
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.clone(),
        _ => return (telegram_error(400, "Bad Request: chat_id is empty"), None),
    };
    let text = message["text"].as_str().unwrap_or_default();
    match chat.as_str() {
        _ if text.is_empty() => (telegram_error(400, "Bad Request: message text is empty"), None),
        "400" => (telegram_error(400, "Bad Request: chat not found"), None),
        "403" => (telegram_error(403, "Forbidden: bot was blocked by the user"), None),
        "429" => (telegram_error(429, "Too Many Requests: retry after 1"), None),
        _ => {
            let sent = json!({"ok": true, "result": {"message_id": 1, "chat": {"id": chat}, "text": text}});
            let taken = Taken { to: chat, text: text.to_owned(), reference: None };
            ((200, "application/json", sent.to_string()), Some(taken))
        }
    }
}
