//! The lobby outlet of the simulation: it remembers the deadline each auction announced when it
//! went live, where the replay of its bids starts, and each pause and the deadline its resume
//! gave back (everything else the actors publish is dropped).

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use actix::prelude::*;

use crate::clock::UnixMillis;
use crate::ids::AuctionId;
use crate::outlets::{JsonEncoder, LobbyUpdate, Outlets, Sink};
use crate::snapshot::AuctionStatus;

/// What the lobby heard, by auction.
#[derive(Debug, Default)]
pub(super) struct Heard {
    /// The deadline announced at go-live.
    starts: BTreeMap<AuctionId, UnixMillis>,
    /// The start of a pause not yet resumed (the earliest announced).
    pausing: BTreeMap<AuctionId, UnixMillis>,
    /// Each resume: the pause's start and the deadline given back.
    resumes: BTreeMap<AuctionId, Vec<(UnixMillis, UnixMillis)>>,
}

/// The lobby's record, shared with the checks.
pub(super) type Starts = Arc<Mutex<Heard>>;

struct Lobby {
    starts: Starts,
}

impl Actor for Lobby {
    type Context = Context<Self>;
}

impl Handler<LobbyUpdate> for Lobby {
    type Result = ();

    /// An auction's first live update comes from its go-live; a paused one starts a pause, the
    /// next unpaused one ends it with the deadline given back.
    fn handle(&mut self, msg: LobbyUpdate, _: &mut Context<Self>) {
        let (AuctionStatus::Live, Some(ends_at)) = (msg.status, msg.ends_at) else { return };
        let mut heard = lock(&self.starts);
        heard.starts.entry(msg.auction).or_insert(ends_at);
        match msg.paused {
            Some(p) => {
                let since = heard.pausing.entry(msg.auction).or_insert(p.since);
                *since = (*since).min(p.since);
            }
            None => {
                if let Some(since) = heard.pausing.remove(&msg.auction) {
                    heard.resumes.entry(msg.auction).or_default().push((since, ends_at));
                }
            }
        }
    }
}

/// The go-live deadline `auction` announced, if it went live during the run.
pub(super) fn announced(starts: &Starts, auction: AuctionId) -> Option<UnixMillis> {
    lock(starts).starts.get(&auction).copied()
}

/// The start of `auction`'s pause, while it is paused.
pub(super) fn pausing(starts: &Starts, auction: AuctionId) -> Option<UnixMillis> {
    lock(starts).pausing.get(&auction).copied()
}

/// The resumes of `auction`: each pause's start and the deadline its resume gave back.
pub(super) fn resumes(starts: &Starts, auction: AuctionId) -> Vec<(UnixMillis, UnixMillis)> {
    lock(starts).resumes.get(&auction).cloned().unwrap_or_default()
}

fn lock(starts: &Starts) -> std::sync::MutexGuard<'_, Heard> {
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
