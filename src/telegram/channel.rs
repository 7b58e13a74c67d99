//! The outbox's Telegram channel: its Telegram rows sent by the bot ([`Bot::deliver`], over the
//! one Bot API client, [`api::BotApi`]). A row's recipient is a chat id. Telegram's 429 and 5xx,
//! and the network, are tried again, not before a 429's `retry_after`; a 403 (the user blocked
//! the bot) unlinks the chat from its account and fails the message; any other refusal (a chat
//! that does not exist) is final. It lives here, not in `outbox`, because the bot reaches the
//! use cases (`app`), which reach the outbox: the outbox only takes the channel built.

use deadpool_postgres::Pool;
use futures_util::future::BoxFuture;

use super::api;
use super::bot::Bot;
use crate::config::TelegramSettings;
use crate::outbox::{Channel, Message, SendError};

/// The channel for `outbox::Delivery::from_settings`: the bot `settings` name, unlinking in
/// `pool` the chats that blocked it; `None` when Telegram is off. Fails on a token not of
/// BotFather's shape.
pub fn for_outbox(settings: &TelegramSettings, pool: Pool) -> anyhow::Result<Option<Box<dyn Channel>>> {
    if !settings.enabled() {
        return Ok(None);
    }
    Ok(Some(Box::new(Bot::new(api::BotApi::new(settings)?, pool))))
}

impl Channel for Bot {
    fn send<'a>(&'a self, m: Message<'a>) -> BoxFuture<'a, Result<(), SendError>> {
        Box::pin(async move {
            // Not the recipient itself in the error: the operator's list masks chats.
            let not_a_chat = |_| SendError::Permanent("the recipient is not a Telegram chat id".to_owned());
            let chat = m.recipient.trim().parse::<i64>().map_err(not_a_chat)?;
            let text = match m.subject {
                Some(subject) if !subject.is_empty() => format!("{subject}\n\n{}", m.body),
                _ => m.body.to_owned(),
            };
            self.deliver(chat, &text).await.map_err(outcome)
        })
    }
}

/// What a Bot API failure means for the outbox.
fn outcome(err: api::SendError) -> SendError {
    if err.is_blocked() {
        SendError::Permanent(format!("the user blocked the bot, so their chat was unlinked ({err})"))
    } else if err.is_retryable() {
        let wait = err.retry_after();
        SendError::Retryable(err.to_string(), wait)
    } else {
        SendError::Permanent(err.to_string())
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn refused(status: u16, description: &str) -> api::SendError {
        api::SendError::Permanent { status, description: description.to_owned() }
    }

    #[test]
    fn a_blocked_chat_and_a_missing_one_fail_and_a_busy_bot_waits_as_asked() {
        let blocked = outcome(refused(403, "Forbidden: bot was blocked by the user"));
        assert!(
            matches!(&blocked, SendError::Permanent(e) if e.starts_with("the user blocked the bot")),
            "{blocked:?}"
        );
        let missing = outcome(refused(400, "Bad Request: chat not found"));
        assert!(matches!(&missing, SendError::Permanent(e) if e.contains("chat not found")), "{missing:?}");
        let wait = Some(Duration::from_secs(30));
        let busy = outcome(api::SendError::Retryable { reason: "HTTP 429".into(), retry_after: wait });
        assert_eq!(busy, SendError::Retryable("Telegram did not take it: HTTP 429".into(), wait));
    }
}
