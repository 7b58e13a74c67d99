//! The house's automatic bidders: creating, switching and closing bots, and their global
//! settings. Each change is one transaction with its audit row; the running auctions, on every
//! node, hear of it after the commit.

use deadpool_postgres::{GenericClient, Pool};
use serde_json::{Value, json};
use tyiyn_actors::bots::{BotNews, BotSettings};
use tyiyn_actors::ids::BotId;

use super::audit;
use super::elsewhere::Elsewhere;
use crate::auth::CurrentUser;
use crate::db;
use crate::db::bots::{BotView, NewBot};
use crate::error::AppError;
use crate::i18n::Msg;
use crate::input::parse::{self, Username};
use crate::runtime::Auctions;

/// The running auctions of every node, as far as a change of bots goes.
pub struct AllAuctions<'a> {
    /// This node's.
    pub auctions: &'a Auctions,
    /// With several nodes: the others'.
    pub elsewhere: Option<&'a dyn Elsewhere>,
}

impl AllAuctions<'_> {
    /// Tells every running auction, here and on every other node, about a change of bots;
    /// answered once this node's registry has applied it (the others apply it as they hear it).
    pub async fn bots_changed(&self, news: BotNews) {
        if let Some(elsewhere) = self.elsewhere {
            elsewhere.bots_changed(&news);
        }
        self.auctions.bots_changed(news).await;
    }
}

/// A bot as the audit log shows it.
fn shown(bot: &BotView) -> Value {
    json!({"username": bot.username, "firstName": bot.first_name, "lastName": bot.last_name,
           "isActive": bot.is_active})
}

/// Creates a bot named `first last`, with `username` or the first generated one nobody has.
pub async fn create(
    pool: &Pool,
    admin: &CurrentUser,
    (first, last): (&str, &str),
    username: Option<Username>,
    is_active: bool,
) -> Result<BotView, AppError> {
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    let username = match username {
        Some(given) => given,
        None => free_username(&tx, first).await?,
    };
    let new = NewBot { username: &username, first_name: first, last_name: last, is_active };
    let id = db::bots::create(&tx, &new).await?;
    db::users::set_skeleton(&tx, id, new.username.as_str()).await?;
    let bot =
        db::bots::get(&tx, id).await?.ok_or_else(|| anyhow::anyhow!("bot {id} vanished after insert"))?;
    audit::log(&tx, admin, "bot.create", ("bot", Some(id)), None, Some(shown(&bot))).await?;
    super::commit(tx).await?;
    Ok(bot)
}

/// The first generated username nobody has.
async fn free_username(db: &impl GenericClient, first: &str) -> Result<Username, AppError> {
    // Each candidate is a valid username by construction; parsing keeps that a checked fact.
    for candidate in db::bots::username_candidates(first).take(40).filter_map(|c| parse::username(&c).ok()) {
        if db::users::username_clash(db, &candidate, None).await?.is_none() {
            return Ok(candidate);
        }
    }
    Err(AppError::taken("username", Msg::UsernameTaken))
}

/// Activates or deactivates a bot everywhere.
pub async fn set_active(
    pool: &Pool,
    auctions: &AllAuctions<'_>,
    admin: &CurrentUser,
    BotId(id): BotId,
    active: bool,
) -> Result<BotView, AppError> {
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    let before = db::bots::lock(&tx, id).await?.ok_or(AppError::NotFound(Msg::BotNotFound))?;
    db::bots::set_active(&tx, id, active).await?;
    let (was, now) = (json!({"isActive": before}), json!({"isActive": active}));
    audit::log(&tx, admin, "bot.update", ("bot", Some(id)), Some(was), Some(now)).await?;
    super::commit(tx).await?;
    auctions.bots_changed(BotNews::BotActive { bot: BotId(id), active }).await;
    db::bots::get(&client, id).await?.ok_or(AppError::NotFound(Msg::BotNotFound))
}

/// Closes a bot: it leaves every live and upcoming auction; its past bids stay.
pub async fn close(
    pool: &Pool,
    auctions: &AllAuctions<'_>,
    admin: &CurrentUser,
    BotId(id): BotId,
) -> Result<(), AppError> {
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    db::bots::lock(&tx, id).await?.ok_or(AppError::NotFound(Msg::BotNotFound))?;
    let bot = db::bots::get(&tx, id).await?.ok_or(AppError::NotFound(Msg::BotNotFound))?;
    let left = db::bots::close(&tx, id).await?;
    let mut before = shown(&bot);
    before["auctions"] = json!(left);
    audit::log(&tx, admin, "bot.delete", ("bot", Some(id)), Some(before), None).await?;
    super::commit(tx).await?;
    auctions.bots_changed(BotNews::BotClosed { bot: BotId(id) }).await;
    Ok(())
}

/// Saves the global bot settings `change` makes of the current ones (it refuses with the form's
/// errors); every running auction re-plans its bots with them at once.
pub async fn save_settings(
    pool: &Pool,
    auctions: &AllAuctions<'_>,
    admin: &CurrentUser,
    change: impl FnOnce(BotSettings) -> Result<BotSettings, AppError>,
) -> Result<BotSettings, AppError> {
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    let current = db::bots::lock_settings(&tx).await?;
    let new = change(current)?;
    let saved = db::bots::save_settings(&tx, &new).await?;
    let (before, after) = (serde_json::to_value(current).ok(), serde_json::to_value(saved).ok());
    audit::log(&tx, admin, "bot_settings.update", ("bot_settings", None), before, after).await?;
    super::commit(tx).await?;
    auctions.bots_changed(BotNews::Settings(saved)).await;
    Ok(saved)
}
