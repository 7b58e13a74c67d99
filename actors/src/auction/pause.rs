//! Outages are survived, not decided (docs/rules/outages.md, "Database outages"). When the store
//! fails a bid batch, or the server's health monitor reports it down ([`StoreDown`]), a live
//! auction stops its countdown at the moment bids stopped being accepted: bids are refused with
//! `auction_paused` (nothing is charged), bots wait, and no deadline finishes it. The lifecycle
//! timer retries; the first write the store takes gives the auction its remaining time back,
//! never less than the bid countdown, and that deadline is persisted before anyone is told
//! ([`StoreUp`] only makes the next try come sooner). A deadline that had passed before the
//! outage began stands: that auction was decided, and its finish is retried until written.

use actix::prelude::*;

use super::control::CloseKind;
use super::{AuctionActor, StoreDown, StoreUp};
use crate::clock::{Clock, UnixMillis};
use crate::errors::BidRejected;
use crate::snapshot::AuctionStatus;
use crate::store::AuctionStore;
use crate::view::{EventKind, Pause, PauseReason};

/// An outage as the actor heard of it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Outage {
    /// From when bids could not be accepted.
    since: UnixMillis,
    /// `StoreUp` came: the store answers again.
    over: bool,
}

/// A paused countdown.
pub(super) struct Paused {
    /// What viewers are shown.
    pub(super) pause: Pause,
    /// A resume write is in flight.
    resuming: bool,
}

impl<S: AuctionStore, C: Clock> AuctionActor<S, C> {
    /// The store has been down since `since`: pause a live auction whose deadline had not passed
    /// by then. A later report with an earlier `since` moves the pause back.
    pub(super) fn pause(&mut self, since: UnixMillis, ctx: &mut Context<Self>) {
        let since = since.min(self.env.clock.now());
        let Some(ends_at) =
            self.committed.ends_at().filter(|_| self.committed.status() == AuctionStatus::Live)
        else {
            return;
        };
        if let Some(p) = self.paused.as_mut() {
            if since < p.pause.since {
                p.pause.since = since;
                p.pause.remaining_ms = ends_at.ms_since(since).max(0);
                self.guard.paused_since = Some(since);
                self.broadcast(EventKind::Paused, Vec::new());
                self.tell_lobby(false);
            }
            return;
        }
        if ends_at <= since {
            return;
        }
        // A deadline close waiting for its retry is undone: its deadline fell during the outage.
        // One already in flight is undone by its failure (`close_failed`); an admin's close runs on.
        if self.closing.as_ref().is_some_and(|c| matches!(c.kind, CloseKind::Deadline) && !c.started) {
            self.closing = None;
        }
        let remaining_ms = ends_at.ms_since(since);
        tracing::warn!(auction = %self.committed.id(), remaining_ms, "store down: countdown paused");
        self.paused = Some(Paused {
            pause: Pause { reason: PauseReason::StoreUnavailable, since, remaining_ms },
            resuming: false,
        });
        self.guard.paused_since = Some(since);
        self.flush_paused();
        self.arm_bots(ctx);
        self.arm(ctx);
        self.broadcast(EventKind::Paused, Vec::new());
        self.tell_lobby(false);
    }

    /// Refuses the bids decided but not yet sent to the store (nothing was charged for them),
    /// when nothing is in flight: the tentative state is then the committed one again.
    pub(super) fn flush_paused(&mut self) {
        if self.in_flight.is_some() || self.paused.is_none() {
            return;
        }
        for pending in std::mem::take(&mut self.queue) {
            let _ = pending.reply.send(Err(BidRejected::AuctionPaused));
        }
        self.tentative = self.committed.clone();
    }

    /// Tries to give the countdown back: persists the new deadline, then runs it.
    pub(super) fn try_resume(&mut self, ctx: &mut Context<Self>) {
        if self.in_flight.is_some() {
            self.wake_deferred = true;
            return;
        }
        let countdown = self.env.rules.bid_countdown_ms;
        let Some(p) = self.paused.as_mut().filter(|p| !p.resuming) else {
            return;
        };
        p.resuming = true;
        let ends_at = self.env.clock.now().plus_ms(p.pause.remaining_ms.max(countdown));
        let write = self.env.store.resume(self.committed.id(), ends_at);
        ctx.spawn(write.into_actor(self).map(move |res, act, ctx| match res {
            Ok(()) => act.resumed(ends_at, ctx),
            Err(e) => {
                tracing::debug!(auction = %act.committed.id(), "store still down: {e}");
                if let Some(p) = act.paused.as_mut() {
                    p.resuming = false;
                }
                act.arm(ctx);
            }
        }));
    }

    /// The store failed, or the monitor saw it down, from `since`: remembered (the earliest
    /// start), then the countdown pauses.
    pub(super) fn store_failed(&mut self, since: UnixMillis, ctx: &mut Context<Self>) {
        let since = self.outage.map_or(since, |o| o.since.min(since));
        self.outage = Some(Outage { since, over: false });
        self.pause(since, ctx);
    }

    /// A commit answered after the store went down moved the deadline: if past the outage's
    /// start, the countdown pauses now (those bids were stamped before it; the time after it was
    /// not biddable), and resumes at once when the outage is over.
    pub(super) fn recheck_pause(&mut self, ctx: &mut Context<Self>) {
        let Some(outage) = self.outage else { return };
        self.pause(outage.since, ctx);
        if outage.over {
            if self.paused.is_some() {
                self.try_resume(ctx);
            } else if self.in_flight.is_none() {
                self.outage = None;
            }
        }
    }

    fn resumed(&mut self, ends_at: UnixMillis, ctx: &mut Context<Self>) {
        self.outage = None;
        let Some(p) = self.paused.take() else {
            return;
        };
        self.guard.paused_since = None;
        tracing::info!(auction = %self.committed.id(), paused_ms = self.env.clock.now().ms_since(p.pause.since), "store back: countdown resumed");
        self.committed.resume(ends_at);
        // Bids were refused while paused, so nothing is queued or in flight.
        self.tentative = self.committed.clone();
        self.broadcast(EventKind::Resumed, Vec::new());
        self.tell_lobby(false);
        self.arm(ctx);
        self.arm_bots(ctx);
    }
}

impl<S: AuctionStore, C: Clock> Handler<StoreDown> for AuctionActor<S, C> {
    type Result = ();

    fn handle(&mut self, msg: StoreDown, ctx: &mut Context<Self>) {
        self.store_failed(msg.since, ctx);
    }
}

impl<S: AuctionStore, C: Clock> Handler<StoreUp> for AuctionActor<S, C> {
    type Result = ();

    fn handle(&mut self, _: StoreUp, ctx: &mut Context<Self>) {
        match self.outage.as_mut() {
            // A commit sent before the outage may still answer with a deadline inside it.
            Some(outage) if self.paused.is_some() || self.in_flight.is_some() => outage.over = true,
            _ => self.outage = None,
        }
        if self.closing.is_none() {
            self.try_resume(ctx);
        }
    }
}
