//! [`Directory`]: how HTTP handlers reach an auction. The lookup reads a shared table (a read
//! lock, no message hop); only a missing or dead actor costs a trip through the registry.

use actix::dev::ToEnvelope;
use actix::prelude::*;

use super::{CreateAuction, ListViews, Lookup, Registry, Table};
use crate::auction::{AuctionActor, BidAccepted, PlaceBid, PlacePrebid, PrebidAccepted, StoreDown, StoreUp};
use crate::bots::BotNews;
use crate::clock::{Clock, UnixMillis};
use crate::errors::{BidRejected, ControlError};
use crate::ids::AuctionId;
use crate::store::{AuctionStore, NewAuction};
use crate::view::AuctionInfo;

/// A cloneable handle on the running auctions.
pub struct Directory<S: AuctionStore, C: Clock> {
    table: Table<S, C>,
    registry: Addr<Registry<S, C>>,
}

impl<S: AuctionStore, C: Clock> Clone for Directory<S, C> {
    fn clone(&self) -> Self {
        Directory { table: self.table.clone(), registry: self.registry.clone() }
    }
}

impl<S: AuctionStore, C: Clock> Directory<S, C> {
    pub(super) fn new(table: Table<S, C>, registry: Addr<Registry<S, C>>) -> Self {
        Directory { table, registry }
    }

    /// The registry actor itself.
    pub fn registry(&self) -> &Addr<Registry<S, C>> {
        &self.registry
    }

    /// The running actor of `id`, from the shared table (no message hop).
    pub fn get(&self, id: AuctionId) -> Option<Addr<AuctionActor<S, C>>> {
        let table = self.table.read().unwrap_or_else(|e| e.into_inner());
        table.get(&id).filter(|a| a.connected()).cloned()
    }

    /// The running actor of `id`, restarting it first when it died: when the table has no live
    /// entry, the registry starts the auction again from the store. `None`: no upcoming or live
    /// auction has this id.
    pub async fn running_or_restarted(&self, id: AuctionId) -> Option<Addr<AuctionActor<S, C>>> {
        match self.get(id) {
            Some(addr) => Some(addr),
            None => self.registry.send(Lookup::new(id)).await.ok().flatten(),
        }
    }

    /// Sends `msg` to auction `id`'s actor; if the actor died under it, once more after the
    /// registry restarted it. `None`: no such running auction.
    pub async fn ask<M>(&self, id: AuctionId, msg: M) -> Option<M::Result>
    where
        M: Message + Clone + Send + 'static,
        M::Result: Send,
        AuctionActor<S, C>: Handler<M>,
        <AuctionActor<S, C> as Actor>::Context: ToEnvelope<AuctionActor<S, C>, M>,
    {
        let addr = self.running_or_restarted(id).await?;
        match addr.send(msg.clone()).await {
            Ok(answer) => Some(answer),
            Err(_) => {
                let addr = self.registry.send(Lookup::new(id)).await.ok().flatten()?;
                addr.send(msg).await.ok()
            }
        }
    }

    /// Places a bid on auction `id` (the two hops in one call).
    pub async fn place_bid(&self, id: AuctionId, msg: PlaceBid) -> Result<BidAccepted, BidRejected> {
        self.ask(id, msg).await.unwrap_or(Err(BidRejected::AuctionNotFound))
    }

    /// Places a pre-bid on auction `id`.
    pub async fn place_prebid(&self, id: AuctionId, msg: PlacePrebid) -> Result<PrebidAccepted, BidRejected> {
        self.ask(id, msg).await.unwrap_or(Err(BidRejected::AuctionNotFound))
    }

    /// Creates an auction and starts its actor.
    pub async fn create(&self, new: NewAuction) -> Result<AuctionInfo, ControlError> {
        self.registry.send(CreateAuction { new }).await.unwrap_or(Err(ControlError::StoreUnavailable))
    }

    /// Tells every running auction about a change of bots (settings, a bot's activity, a closed
    /// bot); answered once the registry has applied it and forwarded it.
    pub async fn bots_changed(&self, news: BotNews) {
        // A registry that is gone has no actors to tell.
        let _ = self.registry.send(news).await;
    }

    /// The store is down since `since` (the health monitor saw it): live auctions pause.
    pub fn store_down(&self, since: UnixMillis) {
        self.registry.do_send(StoreDown { since });
    }

    /// The store answers again: paused auctions try to resume now.
    pub fn store_up(&self) {
        self.registry.do_send(StoreUp);
    }

    /// Every running auction, ordered by id.
    pub async fn list(&self) -> Vec<AuctionInfo> {
        self.registry.send(ListViews).await.unwrap_or_default()
    }
}
