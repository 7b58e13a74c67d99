//! The Telegram bot (issue 24): users link a chat from their profile (`app::telegram` gives the
//! one-time `https://t.me/<bot>?start=<token>` link), and the bot, polling the Bot API
//! (`getUpdates`, so the server needs no public address), links the chat on `/start <token>`,
//! unlinks it on `/stop`, and answers anything else with a short help. [`api::BotApi`] is the
//! Bot API client, also for sending (`sendMessage`); [`bot::Bot`] handles one update, and sends
//! the outbox's Telegram rows too ([`channel`]); [`poller`] runs one poller per bot token across
//! every node.

pub mod api;
pub mod bot;
pub mod channel;
pub mod poller;
pub mod texts;

use deadpool_postgres::Pool;

use crate::config::{Secret, TelegramSettings};

/// Starts the bot in the background when a token is set; `Ok(false)` when Telegram is off. Fails
/// when the settings cannot work (a token not of BotFather's shape, no bot username).
pub fn start(pool: Pool, database_url: &Secret, settings: &TelegramSettings) -> anyhow::Result<bool> {
    if !settings.enabled() {
        return Ok(false);
    }
    if settings.username().is_empty() {
        anyhow::bail!("telegram.bot_username is required when telegram.bot_token is set");
    }
    let api = api::BotApi::new(settings)?;
    tracing::info!(bot = settings.username(), "Telegram bot on");
    let bot = bot::Bot::new(api, pool);
    actix_web::rt::spawn(poller::run(bot, database_url.expose().to_owned(), settings.poll_timeout_secs));
    Ok(true)
}
