//! Bot news across nodes (issue 25): a change of bots (the global settings, a bot's activity, a
//! closed bot) concerns the running auctions of every node. [`AllAuctions::bots_changed`] tells
//! this node's registry and publishes the news on `tyiyn.bots`; every other node [`hear`]s it and
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

/// The running auctions of every node, as far as a change of bots goes.
pub struct AllAuctions<'a> {
    /// This node's.
    pub auctions: &'a Auctions,
    /// With several nodes: the others'.
    pub bus: Option<&'a Bus>,
}

impl AllAuctions<'_> {
    /// Tells every running auction, here and on every other node, about a change of bots;
    /// answered once this node's registry has applied it (the others apply it as they hear it).
    pub async fn bots_changed(&self, news: BotNews) {
        if let Some(bus) = self.bus {
            match serde_json::to_vec(&news) {
                Ok(payload) => bus.publish(bus::BOTS.to_owned(), payload.into()),
                Err(e) => tracing::error!("bot news that does not serialize: {e}"),
            }
        }
        self.auctions.bots_changed(news).await;
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
