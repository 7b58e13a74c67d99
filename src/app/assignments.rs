//! Bots on one auction: assigning, changing and removing them are messages to the auction's actor,
//! on whichever node runs it; each writes its audit row once the actor has made the change. A
//! finished auction's bots are read from PostgreSQL as they were.

use serde_json::{Value, json};
use tyiyn_actors::auction::{AssignBot, ListBots, UnassignBot, UpdateBotAssignment};
use tyiyn_actors::bots::BotAssignment;
use tyiyn_actors::clock::Clock;
use tyiyn_actors::ids::{AuctionId, BotId};

use super::auctions::Handles;
use super::audit;
use crate::auth::CurrentUser;
use crate::db;
use crate::error::AppError;
use crate::i18n::Msg;

/// An assignment as the audit log keeps it: the wire shape plus its auction.
fn logged(auction: AuctionId, a: &BotAssignment) -> Value {
    json!({"auctionId": auction, "botId": a.bot, "isActive": a.active, "bidLimit": a.bid_limit})
}

/// Auction `id`'s bots (a finished auction's as they were).
pub async fn list(h: &Handles<'_>, id: AuctionId) -> Result<Vec<BotAssignment>, AppError> {
    if let Some(bots) = h.reach(id, ListBots).await? {
        return Ok(bots);
    }
    let client = h.pool.get().await?;
    if db::auctions::finished(&client, Some(id.0), 1, h.clock.now()).await?.is_empty() {
        // Missing, or (several nodes) moving between nodes.
        return Err(h.gone(id).await?);
    }
    Ok(db::bots::assignments(&client, id).await?)
}

/// Assigns an active bot to a live or upcoming auction, with a bid limit (0: none).
pub async fn assign(
    h: &Handles<'_>,
    admin: &CurrentUser,
    id: AuctionId,
    bot: i64,
    (bid_limit, active): (u32, bool),
) -> Result<BotAssignment, AppError> {
    let client = h.pool.get().await?;
    match db::bots::get(&client, bot).await? {
        None => return Err(AppError::NotFound(Msg::BotNotFound)),
        Some(b) if !b.is_active => return Err(AppError::Conflict(Msg::BotInactive)),
        Some(_) => {}
    }
    let assigned = h.ask(id, AssignBot { bot: BotId(bot), bid_limit, active }).await??;
    audit::log(&client, admin, "bot.assign", ("bot", Some(bot)), None, Some(logged(id, &assigned))).await?;
    Ok(assigned)
}

/// The bot's assignment on a running auction, or the error that says why there is none.
async fn assignment(h: &Handles<'_>, id: AuctionId, bot: BotId) -> Result<BotAssignment, AppError> {
    let bots = h.ask(id, ListBots).await?;
    bots.into_iter().find(|a| a.bot == bot).ok_or(AppError::NotFound(Msg::BotNotAssigned))
}

/// Changes a bot's assignment on a live or upcoming auction (`None`: unchanged).
pub async fn update(
    h: &Handles<'_>,
    admin: &CurrentUser,
    (id, bot): (AuctionId, BotId),
    active: Option<bool>,
    bid_limit: Option<u32>,
) -> Result<BotAssignment, AppError> {
    let before = assignment(h, id, bot).await?;
    let updated = h.ask(id, UpdateBotAssignment { bot, active, bid_limit }).await??;
    let client = h.pool.get().await?;
    let (was, now) = (Some(logged(id, &before)), Some(logged(id, &updated)));
    audit::log(&client, admin, "bot.assignment_update", ("bot", Some(bot.0)), was, now).await?;
    Ok(updated)
}

/// Removes a bot from a live or upcoming auction; its bids there stay.
pub async fn unassign(
    h: &Handles<'_>,
    admin: &CurrentUser,
    (id, bot): (AuctionId, BotId),
) -> Result<(), AppError> {
    let before = assignment(h, id, bot).await?;
    h.ask(id, UnassignBot { bot }).await??;
    let client = h.pool.get().await?;
    audit::log(&client, admin, "bot.unassign", ("bot", Some(bot.0)), Some(logged(id, &before)), None).await?;
    Ok(())
}
