//! The auction lists across nodes (issue 25): each node runs some of the upcoming and live
//! auctions, and every list (the home page, the timers, the admin's tables) shows all of them.
//! A node asks the others on `tyiyn.list` and waits for as many answers as there are other live
//! nodes, at most [`WAIT`]; a node that does not answer in time is dying, and its auctions show
//! again once another node took them over.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use actix::prelude::*;
use futures_util::StreamExt;
use tyiyn_actors::registry::ListViews;
use tyiyn_actors::view::AuctionInfo;

use super::Auctions;
use super::bus::{self, Bus};

/// The longest a list waits for the other nodes.
const WAIT: Duration = Duration::from_millis(250);

/// Live nodes that take a share, this one included, as of the keeper's last beat.
static NODES: AtomicUsize = AtomicUsize::new(1);

/// The keeper's count of live nodes.
pub fn set_nodes(n: i64) {
    NODES.store(n.max(1) as usize, Ordering::Relaxed);
}

/// Every running auction on every node, ordered by id.
#[derive(Clone)]
pub struct Lists {
    auctions: Auctions,
    bus: Option<Bus>,
}

impl Lists {
    pub fn new(auctions: Auctions, bus: Option<Bus>) -> Lists {
        Lists { auctions, bus }
    }

    /// Every upcoming and live auction, from this node's actors and the others'.
    pub async fn all(&self) -> Vec<AuctionInfo> {
        let mine = self.auctions.list().await;
        let Some(bus) = &self.bus else { return mine };
        let mut by_id: BTreeMap<i64, AuctionInfo> = BTreeMap::new();
        for info in others(bus).await.into_iter().chain(mine) {
            // During a hand-over two nodes may both show an auction: the later state wins.
            match by_id.get(&info.id.0) {
                Some(had) if had.total_bids > info.total_bids => {}
                _ => {
                    by_id.insert(info.id.0, info);
                }
            }
        }
        by_id.into_values().collect()
    }

    /// Answers the other nodes' lists with this node's auctions.
    pub fn serve(&self) {
        let Some(bus) = self.bus.clone() else { return };
        let auctions = self.auctions.clone();
        actix_web::rt::spawn(async move {
            let mut asks = match bus.subscribe(bus::LIST.to_owned()).await {
                Ok(s) => s,
                Err(e) => {
                    tracing::error!("nats: cannot answer lists: {e}");
                    return;
                }
            };
            while let Some(msg) = asks.next().await {
                let Some(reply) = msg.reply.clone() else { continue };
                if bus.is_mine(&msg) {
                    continue;
                }
                let (bus, auctions) = (bus.clone(), auctions.clone());
                actix_web::rt::spawn(async move {
                    let payload = serde_json::to_vec(&auctions.list().await).unwrap_or_default();
                    let _ = bus.client().publish(reply, payload.into()).await;
                });
            }
        });
    }
}

/// The other nodes' auctions.
async fn others(bus: &Bus) -> Vec<AuctionInfo> {
    let peers = NODES.load(Ordering::Relaxed).saturating_sub(1);
    if peers == 0 {
        return Vec::new();
    }
    let inbox = bus.client().new_inbox();
    let Ok(mut answers) = bus.client().subscribe(inbox.clone()).await else { return Vec::new() };
    if bus
        .client()
        .publish_with_reply_and_headers(bus::LIST, inbox, bus.headers(), Default::default())
        .await
        .is_err()
    {
        return Vec::new();
    }
    let mut all = Vec::new();
    let gather = async {
        for _ in 0..peers {
            let Some(msg) = answers.next().await else { break };
            match serde_json::from_slice::<Vec<AuctionInfo>>(&msg.payload) {
                Ok(list) => all.extend(list),
                Err(e) => tracing::warn!("nats: a list that does not parse: {e}"),
            }
        }
    };
    let _ = tokio::time::timeout(WAIT, gather).await;
    all
}

/// Answers [`ListViews`] with every node's auctions: what the realtime hub's timers read.
pub struct ListAll(pub Lists);

impl Actor for ListAll {
    type Context = Context<Self>;
}

impl Handler<ListViews> for ListAll {
    type Result = ResponseFuture<Vec<AuctionInfo>>;

    fn handle(&mut self, _: ListViews, _: &mut Context<Self>) -> Self::Result {
        let lists = self.0.clone();
        Box::pin(async move { lists.all().await })
    }
}
