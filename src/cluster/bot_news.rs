//! Bot news across nodes (issue 25): a change of bots (the global settings, a bot's activity, a
//! closed bot) concerns the running auctions of every node. `app::bots` tells this node's
//! registry and [`publish`]es the news on `tyiyn.bots`; every other node [`hear`]s it and
//! tells its own. News is lost while a node is cut off from NATS: once it is back, the node reads
//! the settings and each open bot's activity from PostgreSQL again and tells its auctions, so a
//! fresh state repairs it (a bot closed meanwhile stays on that node's auctions until they load
//! again; its assignments' rows are gone).

use deadpool_postgres::Pool;
use futures_util::StreamExt;
use tyiyn_actors::bots::BotNews;
use tyiyn_actors::ids::BotId;

use super::Auctions;
use super::bus::{self, Bus};
use crate::db;

/// Publishes a change of bots on `tyiyn.bots` for every other node's auctions (this node's are
/// told by the caller, `app::bots`).
pub fn publish(bus: &Bus, news: &BotNews) {
    match serde_json::to_vec(news) {
        Ok(payload) => bus.publish(bus::BOTS.to_owned(), payload.into()),
        Err(e) => tracing::error!("bot news that does not serialize: {e}"),
    }
}

/// Hands the other nodes' bot news to this node's auctions, and repairs what was missed each time
/// the connection to NATS comes back.
pub fn hear(bus: Bus, auctions: Auctions, pool: Pool) {
    actix_web::rt::spawn(async move {
        let mut news = match bus.subscribe(bus::BOTS.to_owned()).await {
            Ok(s) => s,
            Err(e) => {
                tracing::error!("nats: cannot hear the other nodes' bot news: {e}");
                return;
            }
        };
        let mut reconnects = bus.reconnects();
        loop {
            tokio::select! {
                msg = news.next() => {
                    let Some(msg) = msg else { return };
                    if bus.is_mine(&msg) {
                        continue;
                    }
                    match serde_json::from_slice::<BotNews>(&msg.payload) {
                        Ok(news) => auctions.bots_changed(news).await,
                        Err(e) => tracing::warn!("nats: bot news that does not parse: {e}"),
                    }
                }
                changed = reconnects.changed() => {
                    if changed.is_err() {
                        return;
                    }
                    if let Err(e) = refresh(&auctions, &pool).await {
                        tracing::warn!("bot settings not read again after NATS came back: {e}");
                    }
                }
            }
        }
    });
}

/// Tells this node's auctions the bot settings and each open bot's activity as PostgreSQL has them.
async fn refresh(auctions: &Auctions, pool: &Pool) -> anyhow::Result<()> {
    let client = pool.get().await?;
    let (settings, bots) = (db::bots::settings(&client).await?, db::bots::list(&client).await?);
    auctions.bots_changed(BotNews::Settings(settings)).await;
    for bot in bots {
        auctions.bots_changed(BotNews::BotActive { bot: BotId(bot.id), active: bot.is_active }).await;
    }
    Ok(())
}
