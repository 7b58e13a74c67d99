//! Any node answers anything (issue 25): a bid, a pre-bid, a read of an auction or a control
//! message to it (an admin's change, a user's auto-bidder: `super::control`) on an auction that
//! runs on another node is passed to that node, its owner, over NATS and answered as if it had
//! arrived there. The arrival stamp travels with a bid: the deadline race is decided where the
//! click arrived.
//!
//! The owner is read from its lease (`auction_lease`, cached for a moment). A request goes to that
//! one node (`tyiyn.ask.{node}`), never to several, so a bid or a change is made at most once: when
//! the node answers that it does not run the auction (it just handed it over), or nobody listens
//! there (it died), nothing was done, and the owner is looked up again until the takeover is done.
//! When the owner took the request and went silent, it may or may not have been done: the answer
//! is `bid_outcome_unknown` for a bid, `outcome_unknown` for a change, as after a restart in the
//! middle of it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use async_nats::RequestErrorKind;
use deadpool_postgres::Pool;
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use tyiyn_actors::auction::{BidAccepted, GetView, PlaceBid, PlacePrebid, PrebidAccepted};
use tyiyn_actors::clock::UnixMillis;
use tyiyn_actors::errors::BidRejected;
use tyiyn_actors::ids::{AuctionId, UserId};
use tyiyn_actors::view::AuctionView;

use super::Auctions;
use super::bus::{self, Bus};
use crate::db;
use crate::db::leases::Fences;
use tyiyn_actors::remote::{Control, ControlAnswer};

/// How long a request waits for a takeover in progress (no owner yet, or one that just handed the
/// auction over) before the caller is told to try again.
const FIND_OWNER: Duration = Duration::from_secs(3);
/// How long an owner may take to answer one request.
const ANSWER: Duration = Duration::from_secs(5);
/// How long a looked-up owner is trusted without asking PostgreSQL again.
const OWNER_TTL: Duration = Duration::from_millis(500);
/// Between two looks for an owner during a takeover.
const RETRY: Duration = Duration::from_millis(50);

/// What one node asks another.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Ask {
    Bid {
        auction: i64,
        user: i64,
        username: Arc<str>,
        stamp: i64,
    },
    Prebid {
        auction: i64,
        user: i64,
        username: Arc<str>,
        stamp: i64,
    },
    /// The auction and its recent bids (a joining socket's snapshot).
    View {
        auction: i64,
    },
    /// A message to the auction's actor (its info, an admin's change, a user's auto-bidder).
    Control {
        auction: i64,
        control: Control,
    },
}

impl Ask {
    fn auction(&self) -> i64 {
        match self {
            Ask::Bid { auction, .. } | Ask::Prebid { auction, .. } => *auction,
            Ask::View { auction } | Ask::Control { auction, .. } => *auction,
        }
    }
}

/// A request as it crosses: what is asked, and when it was sent (wall clock, milliseconds).
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Sent {
    at_ms: i64,
    ask: Ask,
}

/// A request older than this when it reaches the owner is not done: NATS held it while it was
/// away, and its sender has given up on it (after [`ANSWER`]). Nodes' clocks agree to well within
/// a second (one machine, or chrony).
const STALE: Duration = Duration::from_secs(4);

/// The wall clock, in milliseconds since the epoch.
fn wall_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// What it answers.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Answer {
    Bid(Result<BidAccepted, BidRejected>),
    Prebid(Result<PrebidAccepted, BidRejected>),
    View(Box<AuctionView>),
    Control(Box<ControlAnswer>),
    /// The auction does not run here: nothing was done.
    NotHere,
}

/// Why a request got no answer from an owner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unanswered {
    /// No node took the auction within [`FIND_OWNER`]: nothing was done.
    NoOwner,
    /// The owner took the request and did not answer: it may have been done.
    Unknown,
}

/// Answers the requests of the other nodes about the auctions this node runs.
pub fn serve(bus: Bus, auctions: Auctions) {
    actix_web::rt::spawn(async move {
        let mut requests = match bus.subscribe(bus::ask_subject(bus.node())).await {
            Ok(s) => s,
            Err(e) => {
                tracing::error!("nats: cannot take requests: {e}");
                return;
            }
        };
        while let Some(msg) = requests.next().await {
            let (bus, auctions) = (bus.clone(), auctions.clone());
            actix_web::rt::spawn(async move {
                let Some(reply) = msg.reply.clone() else { return };
                let answer = match serde_json::from_slice::<Sent>(&msg.payload) {
                    // Held in a queue while NATS was away: the sender gave up on it and said so.
                    Ok(sent) if wall_ms() - sent.at_ms > STALE.as_millis() as i64 => Answer::NotHere,
                    Ok(sent) => answer(&auctions, sent.ask).await,
                    Err(e) => {
                        tracing::warn!("nats: a request that does not parse: {e}");
                        return;
                    }
                };
                let payload = serde_json::to_vec(&answer).unwrap_or_default();
                if let Err(e) = bus.client().publish(reply, payload.into()).await {
                    tracing::warn!("nats: answering a request: {e}");
                }
            });
        }
    });
}

/// This node's answer to `ask`: only from an actor running here, never by starting one.
async fn answer(auctions: &Auctions, ask: Ask) -> Answer {
    let Some(addr) = auctions.get(AuctionId(ask.auction())) else { return Answer::NotHere };
    let answer = match ask {
        Ask::Bid { user, username, stamp, .. } => {
            let msg = PlaceBid { user: UserId(user), username, stamp: UnixMillis(stamp) };
            addr.send(msg).await.map(Answer::Bid)
        }
        Ask::Prebid { user, username, stamp, .. } => {
            let msg = PlacePrebid { user: UserId(user), username, stamp: UnixMillis(stamp) };
            addr.send(msg).await.map(Answer::Prebid)
        }
        Ask::View { .. } => addr.send(GetView).await.map(|v| Answer::View(Box::new(v))),
        Ask::Control { control, .. } => control.send_to(&addr).await.map(|a| Answer::Control(Box::new(a))),
    };
    match answer {
        // The actor stepped down under the request (handed over, its lease lost): nothing was
        // placed, and the asker looks for the new owner.
        Ok(
            Answer::Bid(Err(BidRejected::AuctionNotFound))
            | Answer::Prebid(Err(BidRejected::AuctionNotFound)),
        ) => Answer::NotHere,
        Ok(answer) => answer,
        // A mailbox that closed under the request: the actor stopped before it took it.
        Err(_) => Answer::NotHere,
    }
}

/// Passes requests to the owners of auctions that do not run here.
#[derive(Clone)]
pub struct Forward {
    bus: Bus,
    pool: Pool,
    /// This node's actors: a takeover in progress may end with the auction here.
    auctions: Auctions,
    /// This node's leases: whether its actors may be trusted without asking PostgreSQL.
    fences: Option<Fences>,
    owners: Arc<Mutex<HashMap<i64, (String, Instant)>>>,
}

impl Forward {
    pub fn new(bus: Bus, pool: Pool, auctions: Auctions, fences: Option<Fences>) -> Forward {
        Forward { bus, pool, auctions, fences, owners: Arc::default() }
    }

    /// Whether the actor running `auction` here may answer without looking up its owner: this
    /// node's leases are surely its own (see [`Fences::fresh`]) and that auction's is one of
    /// them. After a freeze they may not be, and the actors' state is old: a request then goes
    /// where the lease says. The keeper forgets a lost lease before its renewal makes the node
    /// fresh again, and stops the actor only later (a message): without the second test, a
    /// request that arrived in that gap was answered from the old state.
    pub fn trusts_local(&self, AuctionId(auction): AuctionId) -> bool {
        self.fences.as_ref().is_none_or(|f| f.fresh() && f.holds(auction))
    }

    pub fn bus(&self) -> &Bus {
        &self.bus
    }

    /// Places a bid on the node that runs its auction.
    pub async fn bid(&self, id: AuctionId, msg: PlaceBid) -> Result<BidAccepted, BidRejected> {
        let ask = Ask::Bid { auction: id.0, user: msg.user.0, username: msg.username, stamp: msg.stamp.0 };
        match self.timed(ask).await {
            Ok(Answer::Bid(answer)) => answer,
            other => Err(refusal(other)),
        }
    }

    /// Places a pre-bid on the node that runs its auction.
    pub async fn prebid(&self, id: AuctionId, msg: PlacePrebid) -> Result<PrebidAccepted, BidRejected> {
        let ask = Ask::Prebid { auction: id.0, user: msg.user.0, username: msg.username, stamp: msg.stamp.0 };
        match self.timed(ask).await {
            Ok(Answer::Prebid(answer)) => answer,
            other => Err(refusal(other)),
        }
    }

    /// Sends `control` to the actor of auction `id` on the node that runs it: that actor's answer.
    pub async fn send_control(
        &self,
        AuctionId(auction): AuctionId,
        control: Control,
    ) -> Result<ControlAnswer, Unanswered> {
        match self.ask(Ask::Control { auction, control }).await? {
            Answer::Control(answer) => Ok(*answer),
            _ => Err(Unanswered::Unknown),
        }
    }

    /// An auction and its recent bids from its owner; `None` when no node runs it.
    pub async fn view(&self, AuctionId(auction): AuctionId) -> Option<AuctionView> {
        match self.ask(Ask::View { auction }).await {
            Ok(Answer::View(view)) => Some(*view),
            _ => None,
        }
    }

    /// `ask`, counted and timed as a forwarded bid.
    async fn timed(&self, ask: Ask) -> Result<Answer, Unanswered> {
        let started = Instant::now();
        let answer = self.ask(ask).await;
        let outcome = match answer {
            Ok(_) => "answered",
            Err(Unanswered::NoOwner) => "unreached",
            Err(Unanswered::Unknown) => "unknown",
        };
        metrics::counter!(crate::metrics::FORWARDED_BIDS, "outcome" => outcome).increment(1);
        if answer.is_ok() {
            metrics::histogram!(crate::metrics::FORWARDED_BID_SECONDS)
                .record(started.elapsed().as_secs_f64());
        }
        answer
    }

    /// Sends `ask` to the owner of its auction, waiting through a takeover for up to
    /// [`FIND_OWNER`].
    pub async fn ask(&self, ask: Ask) -> Result<Answer, Unanswered> {
        let auction = ask.auction();
        let deadline = Instant::now() + FIND_OWNER;
        loop {
            let owner = self.owner(auction).await;
            let here =
                self.auctions.get(AuctionId(auction)).is_some() && self.trusts_local(AuctionId(auction));
            if owner.as_deref() == Some(self.bus.node()) || here {
                // It runs here now (this node took it over while the request waited).
                match answer(&self.auctions, ask.clone()).await {
                    Answer::NotHere => self.forget(auction),
                    answer => return Ok(answer),
                }
            } else if let Some(owner) = owner
                && self.bus.client().connection_state() == async_nats::connection::State::Connected
            {
                let sent = Sent { at_ms: wall_ms(), ask: ask.clone() };
                let payload: bytes::Bytes = serde_json::to_vec(&sent).unwrap_or_default().into();
                let request = async_nats::Request::new().payload(payload).timeout(Some(ANSWER));
                match self.bus.client().send_request(bus::ask_subject(&owner), request).await {
                    Ok(reply) => match serde_json::from_slice::<Answer>(&reply.payload) {
                        Ok(Answer::NotHere) => self.forget(auction),
                        Ok(answer) => return Ok(answer),
                        Err(e) => {
                            tracing::warn!(owner, "nats: an answer that does not parse: {e}");
                            return Err(Unanswered::Unknown);
                        }
                    },
                    Err(e) if e.kind() == RequestErrorKind::NoResponders => self.forget(auction),
                    Err(e) if e.kind() == RequestErrorKind::TimedOut => return Err(Unanswered::Unknown),
                    // Not sent (NATS is away): nothing was done.
                    Err(e) => {
                        tracing::debug!(owner, "nats: request: {e}");
                        self.forget(auction);
                    }
                }
            } else {
                self.forget(auction);
                // Finished, deleted or never there: no owner is coming.
                if !self.active(auction).await {
                    return Err(Unanswered::NoOwner);
                }
            }
            if Instant::now() + RETRY > deadline {
                return Err(Unanswered::NoOwner);
            }
            tokio::time::sleep(RETRY).await;
        }
    }

    /// The node holding `auction`'s lease, from the cache or PostgreSQL.
    async fn owner(&self, auction: i64) -> Option<String> {
        if let Some((node, at)) = self.lock().get(&auction)
            && at.elapsed() < OWNER_TTL
        {
            return Some(node.clone());
        }
        let client = self.pool.get().await.ok()?;
        let (node, _) = db::leases::owner(&client, auction).await.ok()??;
        self.lock().insert(auction, (node.clone(), Instant::now()));
        Some(node)
    }

    /// Whether `auction` is upcoming or live (a node runs it, or soon will). A database that does
    /// not answer counts as yes: the caller waits, then is told to try again.
    async fn active(&self, auction: i64) -> bool {
        let Ok(client) = self.pool.get().await else { return true };
        db::leases::active(&client, auction).await.unwrap_or(true)
    }

    fn forget(&self, auction: i64) {
        self.lock().remove(&auction);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<i64, (String, Instant)>> {
        self.owners.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The refusal for a request that got no bid answer: nobody runs the auction (the caller finds out
/// whether it finished, is gone or is moving), or the owner went silent with it.
fn refusal(answer: Result<Answer, Unanswered>) -> BidRejected {
    match answer {
        Err(Unanswered::Unknown) => BidRejected::OutcomeUnknown,
        _ => BidRejected::AuctionNotFound,
    }
}
