//! The lobby outlet of the simulation: it remembers the deadline each auction announced when it
//! went live, where the replay of its bids starts (everything else the actors publish is dropped).

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use actix::prelude::*;

use crate::clock::UnixMillis;
use crate::ids::AuctionId;
use crate::outlets::{JsonEncoder, LobbyUpdate, Outlets, Sink};
use crate::state::AuctionStatus;

/// The deadlines announced at go-live, by auction.
pub(super) type Starts = Arc<Mutex<BTreeMap<AuctionId, UnixMillis>>>;

struct Lobby {
    starts: Starts,
}

impl Actor for Lobby {
    type Context = Context<Self>;
}

impl Handler<LobbyUpdate> for Lobby {
    type Result = ();

    /// An auction's first live update comes from its go-live.
    fn handle(&mut self, msg: LobbyUpdate, _: &mut Context<Self>) {
        if let (AuctionStatus::Live, Some(ends_at)) = (msg.status, msg.ends_at) {
            lock(&self.starts).entry(msg.auction).or_insert(ends_at);
        }
    }
}

/// The go-live deadline `auction` announced, if it went live during the run.
pub(super) fn announced(starts: &Starts, auction: AuctionId) -> Option<UnixMillis> {
    lock(starts).get(&auction).copied()
}

fn lock(starts: &Starts) -> std::sync::MutexGuard<'_, BTreeMap<AuctionId, UnixMillis>> {
    // Only this module writes, with no panic while holding the lock; recover regardless.
    starts.lock().unwrap_or_else(|e| e.into_inner())
}

/// Outlets whose lobby records go-live deadlines into `starts`; the rest is discarded.
pub(super) fn outlets(starts: Starts) -> Outlets {
    let sink = Sink.start();
    Outlets {
        lobby: Lobby { starts }.start().recipient(),
        balances: sink.clone().recipient(),
        notices: sink.recipient(),
        encoder: Arc::new(JsonEncoder),
    }
}
