//! What the bot does with one update: `/start <token>` links the chat, `/stop` unlinks it,
//! anything else gets a short help. Only private chats are served (a group's `/start` would link
//! the whole group); other updates are passed over.

use std::time::Duration;

use deadpool_postgres::Pool;

use super::api::{BotApi, SendError, Update};
use super::texts::{Reply, lang_of, text};
use crate::app::telegram as link;
use crate::error::AppError;

/// A message's command.
#[derive(Debug, PartialEq, Eq)]
enum Command<'a> {
    /// `/start`, with the link's token when it came from one.
    Start(Option<&'a str>),
    Stop,
    Other,
}

/// Reads `/start <payload>` and `/stop` (also as `/start@bot_name`, as Telegram writes them in
/// menus).
fn command(text: &str) -> Command<'_> {
    let mut words = text.split_whitespace();
    let first = words.next().unwrap_or("");
    let name = first.split('@').next().unwrap_or(first);
    match name {
        "/start" => Command::Start(words.next()),
        "/stop" => Command::Stop,
        _ => Command::Other,
    }
}

/// Sending attempts of one reply when Telegram is busy or unreachable.
const REPLY_ATTEMPTS: u32 = 3;

/// The bot: its Bot API client and the database.
#[derive(Clone)]
pub struct Bot {
    pub api: BotApi,
    pool: Pool,
}

impl Bot {
    pub fn new(api: BotApi, pool: Pool) -> Bot {
        Bot { api, pool }
    }

    /// The database the bot works on.
    pub fn pool(&self) -> &Pool {
        &self.pool
    }

    /// Sends `text` to `chat` once (the bot's replies, and the outbox's Telegram rows). A chat
    /// that refuses the bot for good (403: the user blocked it) is unlinked from its account, so
    /// nothing more is sent there.
    pub async fn deliver(&self, chat: i64, text: &str) -> Result<(), SendError> {
        let sent = self.api.send_message(chat, text).await;
        if let Err(err) = &sent
            && err.is_blocked()
        {
            tracing::info!(%err, "the bot is blocked in a chat: unlinking it");
            if let Err(err) = link::unlink_chat(&self.pool, chat).await {
                tracing::warn!(%err, "could not unlink a chat that blocked the bot");
            }
        }
        sent
    }

    /// Handles `update`: answers it in its chat. An error is the database's: the update should
    /// be handled again later (nothing of it was written).
    pub async fn handle(&self, update: &Update) -> Result<(), AppError> {
        let Some(message) = &update.message else { return Ok(()) };
        if message.chat.kind != "private" {
            return Ok(());
        }
        let chat = message.chat.id;
        let lang = lang_of(message.from.as_ref().and_then(|f| f.language_code.as_deref()));
        let answer = match command(message.text.as_deref().unwrap_or("")) {
            Command::Start(Some(token)) => match link::link_chat(&self.pool, token, chat).await? {
                Some(username) => text(Reply::Linked { username: &username }, lang),
                None => text(Reply::BadLink, lang),
            },
            Command::Start(None) | Command::Other => text(Reply::Help, lang),
            Command::Stop => match link::unlink_chat(&self.pool, chat).await? {
                Some(username) => text(Reply::Stopped { username: &username }, lang),
                None => text(Reply::NotLinked, lang),
            },
        };
        self.reply(chat, &answer).await;
        Ok(())
    }

    /// Tells `update`'s sender that the site could not handle it (it was given up).
    pub async fn apologize(&self, update: &Update) {
        let Some(message) = update.message.as_ref().filter(|m| m.chat.kind == "private") else { return };
        let lang = lang_of(message.from.as_ref().and_then(|f| f.language_code.as_deref()));
        self.reply(message.chat.id, &text(Reply::Failed, lang)).await;
    }

    /// Sends an answer, trying again a little while Telegram is busy; a failure is only logged
    /// (the user can send their message again).
    async fn reply(&self, chat: i64, answer: &str) {
        for attempt in 1..=REPLY_ATTEMPTS {
            match self.deliver(chat, answer).await {
                Ok(()) => return,
                Err(err) if err.is_retryable() && attempt < REPLY_ATTEMPTS => {
                    let wait = err.retry_after().unwrap_or(Duration::from_secs(1 << attempt));
                    tokio::time::sleep(wait.min(Duration::from_secs(30))).await;
                }
                Err(err) => {
                    tracing::warn!(%err, "the bot's reply was not sent");
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_read_with_or_without_the_bots_name() {
        assert_eq!(command("/start abc"), Command::Start(Some("abc")));
        assert_eq!(command("  /start@tyiyn_bot abc "), Command::Start(Some("abc")));
        assert_eq!(command("/start"), Command::Start(None));
        assert_eq!(command("/stop"), Command::Stop);
        assert_eq!(command("/stop@tyiyn_bot"), Command::Stop);
        assert_eq!(command("hello"), Command::Other);
        assert_eq!(command("/starting"), Command::Other);
        assert_eq!(command(""), Command::Other);
    }
}
