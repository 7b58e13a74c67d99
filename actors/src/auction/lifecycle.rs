//! Deadlines, not ticks: one `run_later` armed for the next moment something is due (the start
//! time, or the deadline plus the grace), stamped with a generation so a stale wake-up does
//! nothing. Also the go-live transition.

use actix::prelude::*;

use super::AuctionActor;
use crate::clock::{Clock, UnixMillis};
use crate::outlets::{Notice, NoticeKind};
use crate::record::BidRecord;
use crate::state::{BidPlaced, Due};
use crate::store::{AuctionStore, AuctionTally, GoLive, NewBid};
use crate::view::EventKind;

impl<S: AuctionStore, C: Clock> AuctionActor<S, C> {
    /// Arms the timer for whatever the committed state says is next.
    /// While paused, that is the next try to resume instead.
    pub(super) fn arm(&mut self, ctx: &mut Context<Self>) {
        if self.paused.is_some() {
            return self.arm_retry(ctx);
        }
        let at = self.committed.wake_at();
        self.arm_at(at, ctx);
    }

    /// Arms the timer for `at` (or disarms it), invalidating any earlier wake-up.
    pub(super) fn arm_at(&mut self, at: Option<UnixMillis>, ctx: &mut Context<Self>) {
        self.generation += 1;
        if let Some(old) = self.timer.take() {
            ctx.cancel_future(old);
        }
        let Some(at) = at else { return };
        let generation = self.generation;
        let wake = move |act: &mut Self, ctx: &mut Context<Self>| {
            if act.generation == generation {
                act.timer = None;
                act.on_wake(ctx);
            }
        };
        let delay = at.delay_from(self.env.clock.now());
        self.timer = Some(if delay.is_zero() {
            // Already due (e.g. a deadline that passed while the server was down): run on the
            // next turn of this actor instead of waiting for the timer wheel's next tick.
            ctx.spawn(actix::fut::ready(()).map(move |(), act, ctx| wake(act, ctx)))
        } else {
            ctx.run_later(delay, wake)
        });
    }

    /// Retries a failed store step after the configured pause.
    pub(super) fn arm_retry(&mut self, ctx: &mut Context<Self>) {
        let at = self.env.clock.now().plus_ms(self.env.settings.store_retry_ms);
        self.arm_at(Some(at), ctx);
    }

    /// The timer fired: do what is due, or re-arm for the (extended) deadline.
    pub(super) fn on_wake(&mut self, ctx: &mut Context<Self>) {
        if self.in_flight.is_some() {
            // In-flight bids may extend the deadline; decide once they settle.
            self.wake_deferred = true;
            return;
        }
        if self.closing.is_some() {
            return self.on_idle(ctx);
        }
        if self.paused.is_some() {
            return self.try_resume(ctx);
        }
        match self.committed.is_due(self.env.clock.now()) {
            Some(Due::GoLive) => self.go_live(ctx),
            Some(Due::Finish) => {
                self.closing = Some(super::control::Closing::deadline());
                self.on_idle(ctx);
            }
            None => self.arm(ctx),
        }
    }

    /// Called whenever no commit is in flight: start a pending close, or a deferred wake-up.
    pub(super) fn on_idle(&mut self, ctx: &mut Context<Self>) {
        if self.in_flight.is_some() {
            return;
        }
        if self.closing.as_ref().is_some_and(|c| !c.started) {
            return self.run_close(ctx);
        }
        if std::mem::take(&mut self.wake_deferred) && self.closing.is_none() {
            self.on_wake(ctx);
        }
    }

    /// Goes live: converts the pre-bids, persists, then announces. The mailbox waits meanwhile,
    /// so no bid is decided against a half-started auction.
    fn go_live(&mut self, ctx: &mut Context<Self>) {
        let now = self.env.clock.now();
        // Timers fire a tick late; a wake-up within the grace counts as on time, so the countdown
        // starts from the advertised start. After downtime it starts from now.
        let start = self.committed.start_time();
        let now = if now.ms_since(start) < self.env.rules.finish_grace_ms { start } else { now };
        let before = self.committed.clone();
        let converted = self.committed.go_live(now);
        let s = &self.committed;
        let change = GoLive {
            auction: s.id(),
            bids: converted
                .iter()
                .map(|b| NewBid {
                    bidder: b.bidder.clone(),
                    amount: b.amount,
                    stamp: b.stamp,
                    is_prebid: true,
                    is_auto: false,
                })
                .collect(),
            result: AuctionTally {
                price: s.price(),
                leader: s.leader().cloned(),
                ends_at: s.ends_at().unwrap_or(now),
                total_bids: s.total_bids(),
            },
            notify: s.prebidders(),
        };
        let persist = self.env.store.go_live(change);
        ctx.wait(persist.into_actor(self).map(move |res, act, ctx| match res {
            Ok(ids) => act.went_live(converted, ids, ctx),
            Err(e) => {
                tracing::warn!(auction = %before.id(), "go-live failed, retrying: {e}");
                act.tentative = before.clone();
                act.committed = before;
                act.arm_retry(ctx);
            }
        }));
    }

    fn went_live(&mut self, converted: Vec<BidPlaced>, ids: Vec<crate::ids::BidId>, ctx: &mut Context<Self>) {
        // The store just took a write and nothing was in flight: no outage is pending.
        self.outage = None;
        self.tentative = self.committed.clone();
        let mut records: Vec<BidRecord> = converted
            .into_iter()
            .zip(ids)
            .map(|(b, id)| BidRecord {
                id,
                amount: b.amount,
                bidder: b.bidder,
                is_prebid: true,
                is_auto: false,
                created_at: b.stamp,
            })
            .collect();
        for r in &records {
            self.remember(r.clone());
        }
        records.reverse();
        self.broadcast(EventKind::Started, records);
        self.tell_lobby(false);
        let title: std::sync::Arc<str> = self.details.title.as_str().into();
        for user in self.committed.prebidders() {
            self.env.outlets.notices.do_send(Notice {
                user,
                auction: self.committed.id(),
                title: title.clone(),
                kind: NoticeKind::AuctionStarted,
            });
        }
        self.arm(ctx);
        self.arm_bots(ctx);
    }
}
