//! Sockets across nodes (issue 25): a socket stays on the node it reached, and gets every frame of
//! every auction it joined, wherever that auction runs. With a bus every join goes through this
//! node's [`Relay`]:
//! - an auction running here: the session joins its actor directly, as on one node (the actor
//!   counts it and knows its user is watching);
//! - an auction running elsewhere: the session gets the owner's `snapshot` first (asked over the
//!   bus), then every frame the owner publishes on `tyiyn.auction.{id}`.
//!
//! Each actor running here has a [`Publisher`] among its viewers, which publishes the actor's
//! frames (encoded once, by the actor) for the other nodes. When an auction moves (this node hands
//! it over, or takes it), the relay moves its sessions with it; each gets the new owner's snapshot.
//! When the NATS connection comes back after a loss, every session fed from the bus gets a fresh
//! snapshot, so no screen keeps a stale price.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Duration;

use actix::prelude::*;
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use tyiyn_actors::auction::{Join, Leave, RemoteViewers, Tap};
use tyiyn_actors::ids::{AuctionId, UserId};
use tyiyn_actors::outlets::{Encoder, Push};
use tyiyn_actors::view::{AuctionEvent, AuctionView, EventKind};

use crate::cluster::RunningHere;
use crate::cluster::bus::{self, Bus};
use crate::cluster::forward::Forward;
use crate::runtime::Auctions;

use super::archive::Archive;

/// How long a session joining an auction during a takeover waits for its snapshot.
const FIND_SNAPSHOT: Duration = Duration::from_secs(5);
const RETRY: Duration = Duration::from_millis(200);
/// How often a node tells the owners how many of its sessions watch their auctions (well within
/// `tyiyn_actors::auction::REMOTE_VIEWERS_MS`).
const TELL_WATCHERS: Duration = Duration::from_secs(1);

/// A node's sessions watching one auction, as the owner hears it.
#[derive(Debug, Serialize, Deserialize)]
struct Watching {
    node: String,
    sessions: usize,
    users: Vec<i64>,
}

/// A session watching one auction.
#[derive(Clone)]
struct Session {
    push: Recipient<Push>,
    user: Option<UserId>,
}

/// The sessions of this node watching one auction.
#[derive(Default)]
struct Watchers {
    /// Joined to the actor running here.
    direct: Vec<Session>,
    /// Fed from the bus (the auction runs elsewhere).
    relayed: Vec<Session>,
}

/// Joins and leaves of this node's sessions, across nodes.
pub struct Relay {
    bus: Bus,
    forward: Forward,
    auctions: Auctions,
    archive: Archive,
    watched: HashMap<AuctionId, Watchers>,
    /// The publishers of the actors running here, each with the actor it taps (a restarted actor
    /// is a new one, tapped again).
    publishers: HashMap<AuctionId, (Addr<Publisher>, Addr<crate::runtime::Actor>)>,
    /// The auctions whose owners were last told that sessions here watch them.
    told: HashSet<AuctionId>,
}

impl Relay {
    pub fn new(forward: Forward, auctions: Auctions, archive: Archive) -> Relay {
        Relay {
            bus: forward.bus().clone(),
            forward,
            auctions,
            archive,
            watched: HashMap::new(),
            publishers: HashMap::new(),
            told: HashSet::new(),
        }
    }

    /// Sends the owner's snapshot of `auction` (or its finished row's) to `sessions`, trying again
    /// through a takeover.
    fn send_snapshot(&self, auction: AuctionId, sessions: Vec<Recipient<Push>>, ctx: &mut Context<Self>) {
        let (forward, archive) = (self.forward.clone(), self.archive.clone());
        ctx.spawn(
            async move {
                let deadline = tokio::time::Instant::now() + FIND_SNAPSHOT;
                let frame = loop {
                    if let Some(AuctionView { auction, bids }) = forward.view(auction).await {
                        let event = AuctionEvent { kind: EventKind::Snapshot, auction, bids };
                        break Some(super::SocketIoEncoder.auction_update(&event));
                    }
                    if let Some(frame) = archive.snapshot(auction).await {
                        break Some(frame);
                    }
                    if tokio::time::Instant::now() + RETRY > deadline {
                        break None;
                    }
                    tokio::time::sleep(RETRY).await;
                };
                if let Some(frame) = frame {
                    for s in sessions {
                        let _ = s.try_send(Push { frame: frame.clone() });
                    }
                }
            }
            .into_actor(self),
        );
    }

    /// Makes sure the actor of `auction`, running here, has a publisher.
    fn publish(&mut self, auction: AuctionId) {
        let Some(actor) = self.auctions.get(auction) else { return };
        if self.publishers.get(&auction).is_some_and(|(_, tapped)| *tapped == actor) {
            return;
        }
        let publisher = Publisher { bus: self.bus.clone(), subject: bus::auction_subject(auction.0) }.start();
        actor.do_send(Tap { session: publisher.clone().recipient() });
        self.publishers.insert(auction, (publisher, actor));
    }
}

impl Relay {
    /// Tells the owners how many sessions here watch their auctions from the bus (and once more,
    /// with none, when the last one left).
    fn tell_watchers(&mut self) {
        let mut told = HashSet::new();
        for (&auction, watchers) in &self.watched {
            if watchers.relayed.is_empty() {
                continue;
            }
            let users = watchers.relayed.iter().filter_map(|s| s.user.map(|u| u.0)).collect();
            self.say(auction, watchers.relayed.len(), users);
            told.insert(auction);
        }
        for &auction in self.told.difference(&told) {
            self.say(auction, 0, Vec::new());
        }
        self.told = told;
    }

    fn say(&self, auction: AuctionId, sessions: usize, users: Vec<i64>) {
        let watching = Watching { node: self.bus.node().to_owned(), sessions, users };
        let payload = serde_json::to_vec(&watching).unwrap_or_default();
        self.bus.publish(bus::watchers_subject(auction.0), payload.into());
    }
}

impl Actor for Relay {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Context<Self>) {
        ctx.set_mailbox_capacity(16_384);
        ctx.run_interval(TELL_WATCHERS, |relay, _| relay.tell_watchers());
        // The other nodes' watchers of the auctions running here.
        let (bus, auctions) = (self.bus.clone(), self.auctions.clone());
        actix_web::rt::spawn(async move {
            let mut said = match bus.subscribe(format!("{}*", bus::watchers_subject_prefix())).await {
                Ok(s) => s,
                Err(e) => {
                    tracing::error!("nats: cannot hear the other nodes' watchers: {e}");
                    return;
                }
            };
            while let Some(msg) = said.next().await {
                let Some(id) = msg.subject.as_str().strip_prefix(bus::watchers_subject_prefix()) else {
                    continue;
                };
                let (Ok(id), Ok(w)) = (id.parse::<i64>(), serde_json::from_slice::<Watching>(&msg.payload))
                else {
                    continue;
                };
                if let Some(actor) = auctions.get(AuctionId(id)) {
                    let users = w.users.into_iter().map(UserId).collect();
                    actor.do_send(RemoteViewers { node: w.node.into(), sessions: w.sessions, users });
                }
            }
        });
        let bus = self.bus.clone();
        let me = ctx.address();
        actix_web::rt::spawn(async move {
            let frames = match bus.subscribe(format!("{}*", bus::auction_subject_prefix())).await {
                Ok(s) => s,
                Err(e) => {
                    tracing::error!("nats: cannot hear the auctions of the other nodes: {e}");
                    return;
                }
            };
            let mut frames = frames;
            while let Some(msg) = frames.next().await {
                // This node's own frames come back too: its sessions had them from the actor
                // already. (An echo late from a lost connection would show a finished auction
                // finishing again to sessions moved to the bus meanwhile.)
                if bus.is_mine(&msg) {
                    continue;
                }
                let Some(id) = msg.subject.as_str().strip_prefix(bus::auction_subject_prefix()) else {
                    continue;
                };
                let Ok(id) = id.parse::<i64>() else { continue };
                let Ok(frame) = std::str::from_utf8(&msg.payload) else { continue };
                if me.try_send(Frame { auction: AuctionId(id), frame: frame.into() }).is_err()
                    && !me.connected()
                {
                    return;
                }
            }
        });
        let mut reconnects = self.bus.reconnects();
        let me = ctx.address();
        actix_web::rt::spawn(async move {
            while reconnects.changed().await.is_ok() {
                me.do_send(Resync);
            }
        });
    }
}

/// A session starts watching `auction`.
#[derive(Message)]
#[rtype(result = "()")]
pub struct Watch {
    pub auction: AuctionId,
    pub session: Recipient<Push>,
    pub user: Option<UserId>,
}

/// A session stops watching `auction`.
#[derive(Message)]
#[rtype(result = "()")]
pub struct Unwatch {
    pub auction: AuctionId,
    pub session: Recipient<Push>,
}

/// A frame another node's auction published.
#[derive(Message)]
#[rtype(result = "()")]
struct Frame {
    auction: AuctionId,
    frame: Arc<str>,
}

/// The bus came back: fresh snapshots for every session fed from it.
#[derive(Message)]
#[rtype(result = "()")]
struct Resync;

impl Handler<Watch> for Relay {
    type Result = ();
    fn handle(&mut self, msg: Watch, ctx: &mut Context<Self>) {
        let session = Session { push: msg.session, user: msg.user };
        let watchers = self.watched.entry(msg.auction).or_default();
        watchers.direct.retain(|s| s.push != session.push);
        watchers.relayed.retain(|s| s.push != session.push);
        if let Some(actor) = self.auctions.get(msg.auction) {
            actor.do_send(Join { session: session.push.clone(), user: session.user });
            watchers.direct.push(session);
            self.publish(msg.auction);
            return;
        }
        let push = session.push.clone();
        watchers.relayed.push(session);
        self.send_snapshot(msg.auction, vec![push], ctx);
    }
}

impl Handler<Unwatch> for Relay {
    type Result = ();
    fn handle(&mut self, msg: Unwatch, _: &mut Context<Self>) {
        let Some(watchers) = self.watched.get_mut(&msg.auction) else { return };
        if watchers.direct.iter().any(|s| s.push == msg.session)
            && let Some(actor) = self.auctions.get(msg.auction)
        {
            actor.do_send(Leave { session: msg.session.clone() });
        }
        watchers.direct.retain(|s| s.push != msg.session);
        watchers.relayed.retain(|s| s.push != msg.session);
        if watchers.direct.is_empty() && watchers.relayed.is_empty() {
            self.watched.remove(&msg.auction);
        }
    }
}

impl Handler<Frame> for Relay {
    type Result = ();
    fn handle(&mut self, msg: Frame, _: &mut Context<Self>) {
        let Some(watchers) = self.watched.get_mut(&msg.auction) else { return };
        watchers.relayed.retain(|s| match s.push.try_send(Push { frame: msg.frame.clone() }) {
            Ok(()) | Err(SendError::Full(_)) => true,
            Err(SendError::Closed(_)) => false,
        });
    }
}

impl Handler<RunningHere> for Relay {
    type Result = ();
    fn handle(&mut self, RunningHere(running): RunningHere, ctx: &mut Context<Self>) {
        for &id in &running {
            self.publish(AuctionId(id));
        }
        let gone: Vec<AuctionId> =
            self.publishers.keys().filter(|a| !running.contains(&a.0)).copied().collect();
        for auction in gone {
            self.publishers.remove(&auction);
        }
        let mut moved_away = Vec::new();
        for (&auction, watchers) in &mut self.watched {
            let here = running.contains(&auction.0).then(|| self.auctions.get(auction)).flatten();
            match here {
                // It runs here now: its sessions fed from the bus join the actor.
                Some(actor) => {
                    for s in watchers.relayed.drain(..) {
                        actor.do_send(Join { session: s.push.clone(), user: s.user });
                        watchers.direct.push(s);
                    }
                }
                // It moved away (or finished): its sessions here are fed from the bus.
                None if !watchers.direct.is_empty() => {
                    let sessions: Vec<Session> = watchers.direct.drain(..).collect();
                    moved_away.push((auction, sessions.iter().map(|s| s.push.clone()).collect::<Vec<_>>()));
                    watchers.relayed.extend(sessions);
                }
                None => {}
            }
        }
        for (auction, sessions) in moved_away {
            self.send_snapshot(auction, sessions, ctx);
        }
    }
}

impl Handler<Resync> for Relay {
    type Result = ();
    fn handle(&mut self, _: Resync, ctx: &mut Context<Self>) {
        let fed: Vec<(AuctionId, Vec<Recipient<Push>>)> = self
            .watched
            .iter()
            .filter(|(_, w)| !w.relayed.is_empty())
            .map(|(a, w)| (*a, w.relayed.iter().map(|s| s.push.clone()).collect()))
            .collect();
        for (auction, sessions) in fed {
            self.send_snapshot(auction, sessions, ctx);
        }
    }
}

/// Publishes the frames of one actor running here for the other nodes: it is one of the actor's
/// viewers.
pub struct Publisher {
    bus: Bus,
    subject: String,
}

impl Actor for Publisher {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Context<Self>) {
        ctx.set_mailbox_capacity(4096);
    }
}

impl Handler<Push> for Publisher {
    type Result = ();
    fn handle(&mut self, msg: Push, _: &mut Context<Self>) {
        self.bus.publish(self.subject.clone(), bytes::Bytes::copy_from_slice(msg.frame.as_bytes()));
    }
}
