//! [`AuctionActor`]: one actor per upcoming or live auction. It owns the auction's state; every
//! change goes through it. Bids are decided in memory by [`AuctionState`], committed in batches
//! (see `bidding`), answered and broadcast only after their commit. One timer, armed for the next
//! deadline and stamped with a generation, drives go-live and finish (see `lifecycle`); a second
//! one, with its own generation, wakes the auction's bots (see `bots`), and a third its users'
//! auto-bidders (see `autobid`). While the store is down a
//! live auction's countdown is paused, never run out (see `pause`).

use std::collections::VecDeque;
use std::sync::Arc;

use actix::prelude::*;
use rand::rngs::StdRng;
use tokio::sync::oneshot;

use crate::bots::{BotConfig, BotRoster};
use crate::clock::{Clock, UnixMillis};
use crate::errors::{BidRejected, ControlError};
use crate::ids::UserId;
use crate::outlets::{Outlets, Push};
use crate::record::BidRecord;
use crate::rules::Rules;
use crate::snapshot::{AuctionDetails, AuctionSnapshot, AuctionStatus};
use crate::state::{AuctionState, BidPlaced};
use crate::store::AuctionStore;

mod autobid;
mod bidding;
mod bots;
mod commands;
mod control;
mod lifecycle;
mod messages;
mod outbid;
mod pause;
mod promotion;
mod viewers;

pub use crate::bots::BotAssignment;
pub use messages::*;
pub use promotion::{ForgetPromotion, Promoted, SetPromoted};

/// Runtime knobs of every auction actor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActorSettings {
    /// Bounded mailbox size (senders wait when it is full).
    pub mailbox_capacity: usize,
    /// How long to wait before retrying a failed go-live or finish.
    pub store_retry_ms: i64,
    /// How many recent bids to keep in memory for views.
    pub recent_bids: usize,
    /// A person is told they were outbid on one auction at most once per this many milliseconds.
    pub outbid_every_ms: i64,
}

impl Default for ActorSettings {
    fn default() -> Self {
        ActorSettings {
            mailbox_capacity: 1024,
            store_retry_ms: 1_000,
            recent_bids: 50,
            outbid_every_ms: 600_000,
        }
    }
}

/// What every auction actor shares: the store, the clock, the rules, the outlets and the bots'
/// configuration.
pub struct Env<S, C> {
    /// Persistence.
    pub store: Arc<S>,
    /// The one clock.
    pub clock: C,
    /// The bidding rules.
    pub rules: Rules,
    /// Where news goes.
    pub outlets: Outlets,
    /// Runtime knobs.
    pub settings: ActorSettings,
    /// The global bot settings, the length of a bot "second" and the random seed.
    pub bots: BotConfig,
    /// Every user's wins, for beginner and win-limited auctions (shared by all actors).
    pub wins: crate::fairness::WinBook,
}

impl<S, C: Clone> Clone for Env<S, C> {
    fn clone(&self) -> Self {
        Env {
            store: self.store.clone(),
            clock: self.clock.clone(),
            rules: self.rules,
            outlets: self.outlets.clone(),
            settings: self.settings,
            bots: self.bots.clone(),
            wins: self.wins.clone(),
        }
    }
}

/// Who to tell when the actor stops, and which start of the auction this is.
#[derive(Debug, Clone)]
pub struct Supervision {
    /// The registry.
    pub registry: Recipient<AuctionStopped>,
    /// Incremented by the registry on every (re)start.
    pub incarnation: u64,
}

/// Reports the stop to the registry from `Drop`, so a panic (which skips `stopped`) is reported too.
struct StopGuard {
    id: crate::ids::AuctionId,
    supervision: Option<Supervision>,
    reason: StopReason,
    /// The start of the pause in force, if any (reported so a reload keeps it).
    paused_since: Option<UnixMillis>,
}

impl Drop for StopGuard {
    fn drop(&mut self) {
        if let Some(s) = &self.supervision {
            s.registry.do_send(AuctionStopped {
                id: self.id,
                incarnation: s.incarnation,
                reason: self.reason,
                paused_since: self.paused_since,
            });
        }
    }
}

/// A bid accepted by the rules, waiting for its batch to commit.
struct Pending {
    placed: BidPlaced,
    /// Placed by the bidder's auto-bidder.
    auto: bool,
    reply: oneshot::Sender<Result<BidAccepted, BidRejected>>,
}

/// A wake-up of the actor with a generation: arming it again, or disarming it, cancels the one
/// armed before, and one that fires after being superseded does nothing.
#[derive(Default)]
struct Wakeup {
    handle: Option<SpawnHandle>,
    generation: u64,
}

/// An atomic handler's answer that refuses at once, changing nothing.
fn refuse<A: Actor, T: 'static, E: 'static>(err: E) -> AtomicResponse<A, Result<T, E>> {
    AtomicResponse::new(Box::pin(actix::fut::ready(Err(err))))
}

impl<S: AuctionStore, C: Clock> AuctionActor<S, C> {
    /// Whether `user` may bid (or, with `prebid`, pre-bid) at `stamp`, by the auction's kind (see
    /// [`crate::fairness`]). Decided against the tentative state.
    fn admits(&self, user: UserId, prebid: bool, stamp: UnixMillis) -> Result<(), BidRejected> {
        // Most auctions have no rule: nothing to look up on the bid's path.
        if !self.fairness.applies() {
            return Ok(());
        }
        let t = &self.tentative;
        let already_in = prebid || t.has_bid(user);
        self.fairness.admits(user, already_in, t.price(), stamp, &self.env.wins, &self.env.rules.wins)
    }

    /// Bots and users' auto-bidders change only while the auction is upcoming or live and not
    /// closing.
    fn editable(&self) -> Result<(), ControlError> {
        match &self.closing {
            Some(closing) => Err(closing.control_error()),
            None if self.committed.status() == crate::snapshot::AuctionStatus::Finished => {
                Err(ControlError::AuctionFinished)
            }
            None => Ok(()),
        }
    }

    /// Cancels the wake-up `slot` finds in the actor; then, given `at`, arms `fire` for then.
    fn arm_wakeup(
        &mut self,
        slot: fn(&mut Self) -> &mut Wakeup,
        at: Option<UnixMillis>,
        fire: fn(&mut Self, &mut Context<Self>),
        ctx: &mut Context<Self>,
    ) {
        let now = self.env.clock.now();
        let wakeup = slot(self);
        wakeup.generation += 1;
        if let Some(old) = wakeup.handle.take() {
            ctx.cancel_future(old);
        }
        let Some(at) = at else { return };
        let generation = wakeup.generation;
        let handle = ctx.run_later(at.delay_from(now), move |act, ctx| {
            let wakeup = slot(act);
            if wakeup.generation == generation {
                wakeup.handle = None;
                fire(act, ctx);
            }
        });
        slot(self).handle = Some(handle);
    }
}

/// A session watching this auction.
struct Viewer {
    session: Recipient<Push>,
    /// A frame could not be delivered (its mailbox was full): the next one it gets is the whole
    /// state, a `snapshot`, not a change it could not apply.
    behind: bool,
    /// Whose session it is (a visitor's has none): a person watching live is not told they were
    /// outbid.
    user: Option<UserId>,
    /// Counted among the auction's viewers: `false` for a tap (another node's relay).
    counted: bool,
}

/// What another node said of its sessions watching this auction ([`RemoteViewers`]).
struct RemoteWatch {
    sessions: usize,
    users: Vec<UserId>,
    at: UnixMillis,
}

/// The actor owning one upcoming or live auction.
pub struct AuctionActor<S: AuctionStore, C: Clock> {
    env: Env<S, C>,
    display_id: Arc<str>,
    created_at: UnixMillis,
    details: Arc<AuctionDetails>,
    /// What the auction asks of its bidders (from `details`).
    fairness: crate::fairness::Fairness,
    /// The state the store has confirmed.
    committed: AuctionState,
    /// `committed` plus the in-flight batch plus the queue: what new bids are decided against.
    tentative: AuctionState,
    /// The batch being committed, if any.
    in_flight: Option<Vec<Pending>>,
    /// Accepted bids waiting for the in-flight commit to finish.
    queue: Vec<Pending>,
    recent: VecDeque<BidRecord>,
    viewers: Vec<Viewer>,
    /// Other nodes' sessions watching this auction, by node.
    remote_viewers: std::collections::HashMap<Arc<str>, RemoteWatch>,
    /// Who was told they were outbid here, and when.
    outbid: outbid::OutbidBook,
    timer: Option<SpawnHandle>,
    generation: u64,
    /// The timer fired during a commit: re-check once idle.
    wake_deferred: bool,
    closing: Option<control::Closing>,
    /// The winner as the store recorded it at finish (with the names and role the actor does not
    /// otherwise know); `None` until finished, or when finished without bids.
    winner: Option<crate::record::Winner>,
    /// The honest numbers the store computed at finish; `None` until finished (and from a store
    /// that computes none).
    honest_numbers: Option<crate::record::HonestNumbers>,
    /// Bot assignments: the bot driver submits their bids through `submit`, the path of `PlaceBid`.
    bots: BotRoster,
    /// The bots' wake-up, separate from the lifecycle timer.
    bot_wakeup: Wakeup,
    /// Users' auto-bidders: `autobid` submits their bids through `submit` too.
    autobids: crate::autobid::AutoBidders,
    /// The auto-bidders' wake-up.
    autobid_wakeup: Wakeup,
    /// Picks bot delays and which bot bids; seeded from `Env::bots` and the auction id.
    rng: StdRng,
    /// Whether this is the promoted auction (see `promotion`).
    promoted: bool,
    /// Set while the countdown is paused because the store is down (see `pause`).
    paused: Option<pause::Paused>,
    /// The outage the actor last heard of (a failed write or `StoreDown`), kept until a resume,
    /// or until `StoreUp` with no commit in flight: a deadline that a late commit answer moves
    /// into it pauses too (see `pause`).
    outage: Option<pause::Outage>,
    /// Bids could not be placed since then (the server was down): pause and resume at start.
    down_since: Option<UnixMillis>,
    guard: StopGuard,
}

impl<S: AuctionStore, C: Clock> AuctionActor<S, C> {
    /// An actor for the auction `snap` describes.
    pub fn new(snap: AuctionSnapshot, env: Env<S, C>, supervision: Option<Supervision>) -> Self {
        let state = AuctionState::from_snapshot(&snap, env.rules);
        let mut recent: VecDeque<BidRecord> = snap.recent_bids.into_iter().collect();
        recent.truncate(env.settings.recent_bids);
        AuctionActor {
            display_id: snap.display_id.into(),
            created_at: snap.created_at,
            fairness: snap.details.fairness(),
            details: Arc::new(snap.details),
            tentative: state.clone(),
            committed: state,
            in_flight: None,
            queue: Vec::new(),
            recent,
            viewers: Vec::new(),
            remote_viewers: std::collections::HashMap::new(),
            outbid: outbid::OutbidBook::default(),
            timer: None,
            generation: 0,
            wake_deferred: false,
            closing: None,
            winner: None,
            honest_numbers: None,
            bots: BotRoster::new(snap.bots),
            bot_wakeup: Wakeup::default(),
            autobids: crate::autobid::AutoBidders::new(snap.autobids),
            autobid_wakeup: Wakeup::default(),
            rng: env.bots.rng_for(snap.id),
            promoted: snap.promoted,
            paused: None,
            outage: None,
            down_since: None,
            guard: StopGuard { id: snap.id, supervision, reason: StopReason::Unexpected, paused_since: None },
            env,
        }
    }

    /// An actor for an auction nobody could bid on since `since` (the previous server process's
    /// last sign of life): at start it is paused from then and resumed at once, so a deadline
    /// that fell meanwhile gives its countdown back instead of finishing (see `pause`).
    pub fn down_since(mut self, since: Option<UnixMillis>) -> Self {
        self.down_since = since;
        self
    }

    /// Starts the actor on the current arbiter with the configured mailbox capacity.
    pub fn launch(self) -> Addr<Self> {
        let mut ctx = Context::new();
        ctx.set_mailbox_capacity(self.env.settings.mailbox_capacity);
        ctx.run(self)
    }

    /// Starts the actor on another arbiter (thread), with the configured mailbox capacity.
    pub fn launch_in(self, arbiter: &ArbiterHandle) -> Addr<Self> {
        Self::start_in_arbiter(arbiter, move |ctx| {
            ctx.set_mailbox_capacity(self.env.settings.mailbox_capacity);
            self
        })
    }

    /// The bot assignments of this auction, by assignment id.
    pub fn assignments(&self) -> &[BotAssignment] {
        self.bots.list()
    }
}

impl<S: AuctionStore, C: Clock> Actor for AuctionActor<S, C> {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Context<Self>) {
        if let Some(since) = self.down_since.take() {
            self.pause(since, ctx);
            self.try_resume(ctx);
        } else if self.committed.status() == AuctionStatus::Live {
            // Started again (a takeover, a crash) with its countdown given back by the registry:
            // the lists learn the new deadline now rather than at their next refresh.
            self.tell_lobby(false);
        }
        // A restarted auction whose start or deadline passed while down (and before its last
        // sign of life, if known) is due now: the timer fires at once and it goes through the
        // normal go-live or finish path.
        self.arm(ctx);
        // A restarted live auction's bots carry on with the counts the store kept.
        self.arm_bots(ctx);
    }
}
