//! The `[telegram]` settings: the bot users link their accounts to (docs/operations.md,
//! "Telegram"). Every key is in `config/default.toml`, which gives the defaults.

use serde::Deserialize;

use super::Secret;

/// The Telegram bot's token and name, and how it polls the Bot API.
#[derive(Debug, Clone, Deserialize)]
pub struct TelegramSettings {
    /// The token BotFather gave (`123456789:AA…`); empty: Telegram is off.
    pub bot_token: Secret,
    /// The bot's username, for the `https://t.me/<bot_username>?start=<token>` links.
    pub bot_username: String,
    /// Where the Bot API answers (tests point it at a stand-in).
    pub api_base: String,
    /// Seconds one `getUpdates` long poll may wait for an update.
    pub poll_timeout_secs: u64,
}

impl TelegramSettings {
    /// Whether Telegram is on: a token is set.
    pub fn enabled(&self) -> bool {
        !self.bot_token.is_empty()
    }

    /// The bot's username without a leading `@`.
    pub fn username(&self) -> &str {
        self.bot_username.trim().trim_start_matches('@')
    }
}

#[cfg(test)]
mod tests {
    use crate::config::Settings;

    #[test]
    fn telegram_is_off_by_default_and_polls_telegram_itself() {
        let s = Settings::load(None).expect("defaults parse");
        assert!(!s.telegram.enabled());
        assert_eq!(s.telegram.api_base, "https://api.telegram.org");
        assert_eq!(s.telegram.poll_timeout_secs, 25);
    }

    #[test]
    fn a_token_turns_it_on_and_the_username_loses_its_at() {
        let s = Settings::load(Some("[telegram]\nbot_token = \"1:x\"\nbot_username = \"@tyiyn_bot\"\n"))
            .expect("loads");
        assert!(s.telegram.enabled());
        assert_eq!(s.telegram.username(), "tyiyn_bot");
    }
}
