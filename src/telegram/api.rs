//! A small client of the Telegram Bot API (`{api_base}/bot{token}/<method>`): `getUpdates` for
//! long polling and `sendMessage`. Its errors say whether trying again may help ([`SendError`]).
//! The token is part of every URL, so no URL is ever logged or put in an error.

use std::time::Duration;

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use crate::config::TelegramSettings;

/// Why a Bot API call failed.
#[derive(Debug, thiserror::Error)]
pub enum SendError {
    /// May work later: the network, a 5xx answer, or 429 (too many requests; `retry_after` is
    /// Telegram's wait, when it said).
    #[error("Telegram did not take it: {reason}")]
    Retryable { reason: String, retry_after: Option<Duration> },
    /// Will fail again: any other 4xx. 403 means the user blocked the bot (or left Telegram).
    #[error("Telegram refused it ({status}): {description}")]
    Permanent { status: u16, description: String },
}

impl SendError {
    /// Whether trying again later may work.
    pub fn is_retryable(&self) -> bool {
        matches!(self, SendError::Retryable { .. })
    }

    /// Whether the chat refuses the bot for good (403: blocked, or the account is gone).
    pub fn is_blocked(&self) -> bool {
        matches!(self, SendError::Permanent { status: 403, .. })
    }

    /// How long Telegram asked us to wait (a 429's `retry_after`).
    pub fn retry_after(&self) -> Option<Duration> {
        match self {
            SendError::Retryable { retry_after, .. } => *retry_after,
            SendError::Permanent { .. } => None,
        }
    }

    /// The error for an answer with HTTP status `status`.
    fn of_status(status: u16, description: Option<String>, retry_after: Option<u64>) -> SendError {
        match (status, description) {
            (400..=428 | 430..=499, description) => SendError::Permanent {
                status,
                description: description.unwrap_or_else(|| format!("HTTP {status}")),
            },
            // The status leads the reason: an operator reading it sees a 429 for what it is.
            (_, description) => SendError::Retryable {
                reason: description
                    .map_or_else(|| format!("HTTP {status}"), |d| format!("HTTP {status}: {d}")),
                retry_after: retry_after.map(Duration::from_secs),
            },
        }
    }

    fn network(err: reqwest::Error) -> SendError {
        // `without_url`: the URL carries the bot's token.
        SendError::Retryable { reason: err.without_url().to_string(), retry_after: None }
    }
}

/// One update from `getUpdates`: its id, and the message it carries when it is one the bot reads.
#[derive(Debug, Clone)]
pub struct Update {
    pub update_id: i64,
    pub message: Option<Message>,
}

/// A message to the bot.
#[derive(Debug, Clone, Deserialize)]
pub struct Message {
    pub chat: Chat,
    #[serde(default)]
    pub from: Option<Sender>,
    #[serde(default)]
    pub text: Option<String>,
}

/// The chat a message came from.
#[derive(Debug, Clone, Deserialize)]
pub struct Chat {
    pub id: i64,
    /// `private`, `group`, `supergroup` or `channel`.
    #[serde(rename = "type")]
    pub kind: String,
}

/// Who sent a message.
#[derive(Debug, Clone, Deserialize)]
pub struct Sender {
    /// Their Telegram app's language (an IETF tag), when Telegram says.
    #[serde(default)]
    pub language_code: Option<String>,
}

/// Every answer of the Bot API: `{ok, result}` or `{ok: false, error_code, description}`.
#[derive(Deserialize)]
struct Answer<T> {
    ok: bool,
    result: Option<T>,
    description: Option<String>,
    parameters: Option<Parameters>,
}

#[derive(Deserialize)]
struct Parameters {
    retry_after: Option<u64>,
}

/// The Bot API of one bot. Cheap to clone.
#[derive(Clone)]
pub struct BotApi {
    http: reqwest::Client,
    /// `{api_base}/bot{token}`: a secret, never logged.
    base: String,
    bot_id: i64,
}

impl std::fmt::Debug for BotApi {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BotApi").field("bot_id", &self.bot_id).finish_non_exhaustive()
    }
}

/// How long a `sendMessage` may take.
const SEND_TIMEOUT: Duration = Duration::from_secs(15);

impl BotApi {
    /// The client of the bot `settings` name. Its token must look like BotFather's,
    /// `<bot id>:<secret>`.
    pub fn new(settings: &TelegramSettings) -> anyhow::Result<BotApi> {
        let token = settings.bot_token.expose().trim();
        let bot_id = token
            .split_once(':')
            .and_then(|(id, secret)| id.parse::<i64>().ok().filter(|_| !secret.is_empty()))
            .ok_or_else(|| anyhow::anyhow!("telegram.bot_token does not look like <bot id>:<secret>"))?;
        let http = reqwest::Client::builder().connect_timeout(Duration::from_secs(10)).build()?;
        let base = format!("{}/bot{token}", settings.api_base.trim_end_matches('/'));
        Ok(BotApi { http, base, bot_id })
    }

    /// The bot's numeric id (the token's part before the colon).
    pub fn bot_id(&self) -> i64 {
        self.bot_id
    }

    /// The updates from `offset` on, waiting up to `timeout_secs` for one to come (long polling).
    /// Asking with an offset confirms every update before it: Telegram forgets them.
    pub async fn get_updates(&self, offset: i64, timeout_secs: u64) -> Result<Vec<Update>, SendError> {
        let url = format!("{}/getUpdates?offset={offset}&timeout={timeout_secs}", self.base);
        let request = self.http.get(url).timeout(Duration::from_secs(timeout_secs + 15));
        let raw: Vec<Value> = call(request).await?;
        Ok(raw.into_iter().filter_map(update).collect())
    }

    /// Sends `text` to `chat_id`.
    pub async fn send_message(&self, chat_id: i64, text: &str) -> Result<(), SendError> {
        let body = json!({"chat_id": chat_id, "text": text});
        let request = self.http.post(format!("{}/sendMessage", self.base)).json(&body).timeout(SEND_TIMEOUT);
        let _sent: Value = call(request).await?;
        Ok(())
    }
}

/// One raw update, read leniently: a message of a shape the bot does not know still yields its
/// id (so the offset moves past it) with no message.
fn update(raw: Value) -> Option<Update> {
    let update_id = raw.get("update_id")?.as_i64()?;
    let message = raw.get("message").and_then(|m| serde_json::from_value(m.clone()).ok());
    Some(Update { update_id, message })
}

/// Sends `request` and reads the Bot API's answer.
async fn call<T: DeserializeOwned>(request: reqwest::RequestBuilder) -> Result<T, SendError> {
    let response = request.send().await.map_err(SendError::network)?;
    let status = response.status().as_u16();
    let answer = response.json::<Answer<T>>().await;
    match answer {
        Ok(Answer { ok: true, result: Some(result), .. }) if (200..300).contains(&status) => Ok(result),
        Ok(Answer { description, parameters, .. }) => {
            let status = if (200..300).contains(&status) { 502 } else { status };
            Err(SendError::of_status(status, description, parameters.and_then(|p| p.retry_after)))
        }
        Err(err) if (200..300).contains(&status) => Err(SendError::network(err)),
        Err(_) => Err(SendError::of_status(status, None, None)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_are_retryable_or_permanent() {
        assert!(SendError::of_status(500, None, None).is_retryable());
        assert!(SendError::of_status(502, None, None).is_retryable());
        let slow = SendError::of_status(429, Some("Too Many Requests".into()), Some(3));
        assert_eq!((slow.is_retryable(), slow.retry_after()), (true, Some(Duration::from_secs(3))));
        assert!(slow.to_string().contains("HTTP 429: Too Many Requests"), "{slow}");
        let blocked = SendError::of_status(403, Some("Forbidden: bot was blocked by the user".into()), None);
        assert!(!blocked.is_retryable() && blocked.is_blocked());
        let bad = SendError::of_status(400, Some("Bad Request: chat not found".into()), None);
        assert!(!bad.is_retryable() && !bad.is_blocked());
    }

    #[test]
    fn a_token_must_name_its_bot() {
        let mut settings = crate::config::Settings::load(None).expect("defaults").telegram;
        settings.bot_token = "123456:AAE-secret".into();
        assert_eq!(BotApi::new(&settings).expect("a token").bot_id(), 123456);
        settings.bot_token = "no-colon".into();
        assert!(BotApi::new(&settings).is_err());
        settings.bot_token = "123456:".into();
        assert!(BotApi::new(&settings).is_err());
    }

    #[test]
    fn the_client_prints_no_token() {
        let mut settings = crate::config::Settings::load(None).expect("defaults").telegram;
        settings.bot_token = "123456:AAE-secret".into();
        let api = BotApi::new(&settings).expect("a token");
        assert!(!format!("{api:?}").contains("AAE-secret"));
    }

    #[test]
    fn an_update_of_an_unknown_shape_keeps_its_id() {
        let known = update(
            json!({"update_id": 7, "message": {"chat": {"id": 5, "type": "private"}, "text": "/stop"}}),
        );
        let known = known.expect("an update");
        assert_eq!((known.update_id, known.message.and_then(|m| m.text)), (7, Some("/stop".into())));
        let odd = update(json!({"update_id": 8, "message": {"chat": "?"}})).expect("still an update");
        assert!(odd.message.is_none());
        assert!(update(json!({"message": {}})).is_none(), "no id, no update");
    }
}
