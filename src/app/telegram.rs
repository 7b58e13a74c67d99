//! Linking a Telegram chat to an account (issue 24; docs/rules/telegram.md, "Telegram"). The profile
//! asks for a link `https://t.me/<bot>?start=<token>`: the token is random, stored as its SHA-256,
//! lives [`LINK_MINUTES`] minutes and works once, and a new link voids the older ones. When the
//! user presses Start, the bot (`crate::telegram`) receives `/start <token>` and links that chat
//! here. One chat per account and one account per chat: a chat another account holds moves to the
//! new one. Unlinking is the profile's `DELETE` or `/stop` in the chat.

use chrono::{DateTime, Utc};
use deadpool_postgres::Pool;
use serde::Serialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use crate::config::TelegramSettings;
use crate::db;
use crate::error::AppError;
use crate::i18n::Msg;

/// How long a link's token works.
pub const LINK_MINUTES: i32 = 15;

/// Random bytes in a token: 192 bits, 48 hex digits (Telegram's start parameter takes up to 64
/// characters of `A-Z a-z 0-9 _ -`).
const TOKEN_BYTES: usize = 24;

/// Whether Telegram is on, and the caller's link.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TelegramStatus {
    /// Telegram is on for this site (a bot is configured); when not, the profile says nothing of it.
    pub enabled: bool,
    /// The caller's account has a linked chat.
    pub linked: bool,
    /// Since when (only when linked).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub linked_at: Option<DateTime<Utc>>,
}

/// A fresh link to the bot: opening it in Telegram and pressing Start links that chat.
#[derive(Debug, Serialize, ToSchema)]
pub struct TelegramLink {
    /// `https://t.me/<bot>?start=<token>`; the token works once, for 15 minutes.
    #[schema(example = "https://t.me/tyiyn_bot?start=3f9c0e7a2b4d6f8e1a3c5e7f9b0d2f4a6c8e0b1d3f5a7c9e")]
    pub url: String,
}

/// The SHA-256 a token is stored as.
fn hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

/// Whether `token` can be a link token at all (before asking the database).
fn well_formed(token: &str) -> bool {
    token.len() == TOKEN_BYTES * 2 && token.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// `user`'s link, and whether Telegram is on.
pub async fn status(pool: &Pool, settings: &TelegramSettings, user: i64) -> Result<TelegramStatus, AppError> {
    let linked_at = db::telegram::linked_at(&pool.get().await?, user).await?;
    Ok(TelegramStatus { enabled: settings.enabled(), linked: linked_at.is_some(), linked_at })
}

/// A new one-time link for `user` (voiding their older ones); 404 `telegram_off` when no bot is
/// configured.
pub async fn new_link(pool: &Pool, settings: &TelegramSettings, user: i64) -> Result<TelegramLink, AppError> {
    if !settings.enabled() {
        return Err(AppError::NotFound(Msg::TelegramOff));
    }
    let token = hex::encode(rand::random::<[u8; TOKEN_BYTES]>());
    db::telegram::insert_token(&pool.get().await?, user, &hash(&token), LINK_MINUTES).await?;
    Ok(TelegramLink { url: format!("https://t.me/{}?start={token}", settings.username()) })
}

/// Unlinks `user`'s chat (nothing to do when there is none); the status after it.
pub async fn unlink(pool: &Pool, settings: &TelegramSettings, user: i64) -> Result<TelegramStatus, AppError> {
    if db::telegram::unlink_user(&pool.get().await?, user).await? {
        tracing::info!(user, "Telegram unlinked from the profile");
    }
    Ok(TelegramStatus { enabled: settings.enabled(), linked: false, linked_at: None })
}

/// `/start <token>` from `chat`: links the chat to the token's account and uses the token up, in
/// one transaction. The account's username, or `None` when the token is malformed, unknown, used
/// or expired.
pub async fn link_chat(pool: &Pool, token: &str, chat: i64) -> Result<Option<String>, AppError> {
    if !well_formed(token) {
        return Ok(None);
    }
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    let Some(user) = db::telegram::use_token(&tx, &hash(token)).await? else {
        return Ok(None);
    };
    let (username, left) = db::telegram::link(&tx, user, chat).await?;
    super::commit(tx).await?;
    match left {
        Some(previous) => tracing::info!(user, previous, "Telegram chat moved to another account"),
        None => tracing::info!(user, "Telegram linked"),
    }
    Ok(Some(username))
}

/// `/stop` from `chat`, or the bot found blocked there: unlinks the chat. The username of the
/// account it left, or `None` when it was not linked.
pub async fn unlink_chat(pool: &Pool, chat: i64) -> Result<Option<String>, AppError> {
    let username = db::telegram::unlink_chat(&pool.get().await?, chat).await?;
    if username.is_some() {
        tracing::info!("Telegram chat unlinked from its side");
    }
    Ok(username)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_tokens_of_the_links_shape_reach_the_database() {
        let token = hex::encode([0xab_u8; TOKEN_BYTES]);
        assert!(well_formed(&token));
        assert!(!well_formed(&token[1..]), "too short");
        assert!(!well_formed(&token.to_uppercase()), "upper-case hex is not what we hand out");
        assert!(!well_formed(&format!("{}zz", &token[2..])), "not hex");
        assert!(!well_formed(""));
    }
}
