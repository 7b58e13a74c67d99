//! The Telegram channel: the outbox's Telegram rows as the bot's `sendMessage`
//! (`POST {api_base}/bot{token}/sendMessage` with `{"chat_id", "text"}`). Telegram's 429 and 5xx,
//! and the network, are tried again; its other refusals (a chat that blocked the bot, one that
//! does not exist) are final.

use futures_util::future::BoxFuture;
use reqwest::StatusCode;
use serde_json::{Value, json};

use super::{Channel, Message, SendError};
use crate::config::TelegramSettings;

/// The bot, when `[telegram]` has a token.
pub struct Telegram {
    http: reqwest::Client,
    /// `{api_base}/bot{token}/sendMessage`: a secret, for its token.
    send_url: String,
}

impl Telegram {
    /// The bot `s` describes; `None` without a token (Telegram is off).
    pub fn from_settings(s: &TelegramSettings, http: reqwest::Client) -> Option<Telegram> {
        let token = s.bot_token.expose().trim();
        if token.is_empty() {
            return None;
        }
        let send_url = format!("{}/bot{token}/sendMessage", s.api_base.trim_end_matches('/'));
        Some(Telegram { http, send_url })
    }
}

impl Channel for Telegram {
    fn send<'a>(&'a self, m: Message<'a>) -> BoxFuture<'a, Result<(), SendError>> {
        Box::pin(async move {
            let text = match m.subject {
                Some(subject) if !subject.is_empty() => format!("{subject}\n\n{}", m.body),
                _ => m.body.to_owned(),
            };
            // A chat id is a number; anything else (`@channel`) goes as the text it is.
            let chat: Value = m.recipient.parse::<i64>().map_or_else(|_| json!(m.recipient), |id| json!(id));
            let answer = self
                .http
                .post(&self.send_url)
                .json(&json!({ "chat_id": chat, "text": text }))
                .send()
                .await
                // Without the URL: it holds the token.
                .map_err(|e| SendError::Retryable(format!("telegram unreachable: {}", e.without_url())))?;
            let status = answer.status();
            if status.is_success() {
                return Ok(());
            }
            let body: Value = answer.json().await.unwrap_or_default();
            let said = body["description"].as_str().unwrap_or("no description");
            let text = format!("telegram answered HTTP {}: {said}", status.as_u16());
            if status.is_server_error() || status == StatusCode::TOO_MANY_REQUESTS {
                Err(SendError::Retryable(text))
            } else {
                Err(SendError::Permanent(text))
            }
        })
    }
}
