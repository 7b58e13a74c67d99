//! The auto-bidder driver (the rules of turns are in [`crate::autobid`]). Like the bots, each
//! auction plans its auto-bidders from its own clock whenever something that matters changes (a bid
//! committed, go-live, a start, an order set or cancelled): while the auction is live and some
//! auto-bidder may bid, one wake-up is armed for when the countdown falls under a threshold drawn in
//! `[autobid_latest_ms, autobid_earliest_ms]`. When it fires, the first auto-bidder in turn order
//! bids through `submit`, marked `auto`: the rules, the commit (which also counts the bid off its
//! order, in the same transaction) and the broadcast of a click. A person's bid that arrives first
//! is simply first: it moves the deadline, and the wake-up is planned again from it.
//!
//! Also the users' messages: set, cancel and read their auto-bidder, each persisted (holding the
//! mailbox) before memory changes.

use actix::prelude::*;
use rand::RngExt;

use super::{AuctionActor, CancelAutoBid, GetAutoBid, SetAutoBid, refuse};
use crate::autobid::AutoBid;
use crate::clock::{Clock, UnixMillis};
use crate::errors::{BidRejected, ControlError};
use crate::ids::UserId;
use crate::rules::Bidder;
use crate::snapshot::AuctionStatus;
use crate::store::AuctionStore;

/// How soon a wake-up whose every auto-bidder was refused as too fast tries again.
const RETRY_MS: i64 = 250;

impl<S: AuctionStore, C: Clock> AuctionActor<S, C> {
    /// Re-plans the auto-bidders: cancels the armed wake-up and arms a new one if one may bid.
    pub(super) fn arm_autobids(&mut self, ctx: &mut Context<Self>) {
        let at = self.next_autobid();
        self.arm_autobids_at(at, ctx);
    }

    fn arm_autobids_at(&mut self, at: Option<UnixMillis>, ctx: &mut Context<Self>) {
        self.arm_wakeup(|a| &mut a.autobid_wakeup, at, Self::autobid_wake, ctx);
    }

    /// When an auto-bidder should bid next, from the committed state: `None` unless the auction is
    /// live, not closing or paused, and some auto-bidder other than the leader's may bid.
    fn next_autobid(&mut self) -> Option<UnixMillis> {
        let s = &self.committed;
        if self.closing.is_some() || self.paused.is_some() || s.status() != AuctionStatus::Live {
            return None;
        }
        let ends_at = s.ends_at()?;
        let leader = s.leader().and_then(|l| l.id.user());
        let next_price = s.price() + s.rules().increment;
        if self.autobids.turns(leader, next_price, |u| self.pending_autobids(u)).is_empty() {
            return None;
        }
        let r = self.env.rules;
        let threshold =
            self.rng.random_range(r.autobid_latest_ms.min(r.autobid_earliest_ms)..=r.autobid_earliest_ms);
        let now = self.env.clock.now();
        Some(ends_at.plus_ms(-threshold).max(now))
    }

    /// The wake-up fired: decide again from the tentative state (a person's bid may be queued)
    /// and let the first auto-bidder in turn bid.
    fn autobid_wake(&mut self, ctx: &mut Context<Self>) {
        let t = &self.tentative;
        if self.closing.is_some() || self.paused.is_some() || t.status() != AuctionStatus::Live {
            return;
        }
        let now = self.env.clock.now();
        // A bid queued since the plan moved the deadline: not inside the window yet.
        if t.ends_at().is_some_and(|ends| ends.ms_since(now) > self.env.rules.autobid_earliest_ms) {
            return self.arm_autobids(ctx);
        }
        let leader = t.leader().and_then(|l| l.id.user());
        let next_price = t.price() + t.rules().increment;
        let turns = self.autobids.turns(leader, next_price, |u| self.pending_autobids(u));
        let mut too_fast = false;
        let mut stopped = false;
        for user in turns {
            let Some(name) = self.autobids.get(user).map(|o| o.username.clone()) else { continue };
            match self.submit(Bidder::user(user, name), now, true, ctx) {
                // Answered by `settle` like any bid (nobody waits on it); re-planned after it.
                Ok(_) => {
                    self.autobids.placed(user, now);
                    return;
                }
                Err(BidRejected::TooFast { .. }) => too_fast = true,
                // The auction's kind no longer admits its owner (a win elsewhere, no new
                // bidders): it stops, and the next in turn may bid.
                Err(
                    BidRejected::BeginnersOnly | BidRejected::WinLimitReached | BidRejected::NoNewBidders,
                ) => {
                    self.stop_autobid(user, ctx);
                    stopped = true;
                }
                Err(_) => return,
            }
        }
        if too_fast {
            self.arm_autobids_at(Some(now.plus_ms(RETRY_MS)), ctx);
        } else if stopped {
            self.arm_autobids(ctx);
        }
    }

    /// `user`'s auto-bids accepted but not committed yet (queued or in flight).
    fn pending_autobids(&self, user: UserId) -> u32 {
        let in_flight = self.in_flight.iter().flatten();
        let n = in_flight
            .chain(&self.queue)
            .filter(|p| p.auto && p.placed.bidder.id.user() == Some(user))
            .count();
        u32::try_from(n).unwrap_or(u32::MAX)
    }

    /// Stops `user`'s auto-bidder (their balance ran out) and saves it stopped; a failed save is
    /// logged (after a restart it would run again, and stop again at its first refused bid).
    pub(super) fn stop_autobid(&mut self, user: UserId, ctx: &mut Context<Self>) {
        let Some(order) = self.autobids.stop(user).cloned() else { return };
        let auction = self.committed.id();
        let save = self.env.store.save_autobid(auction, order);
        ctx.spawn(save.into_actor(self).map(move |res, _, _| {
            if let Err(e) = res {
                tracing::warn!(%auction, user = user.0, "saving a stopped auto-bidder failed: {e}");
            }
        }));
    }
}

impl<S: AuctionStore, C: Clock> Handler<SetAutoBid> for AuctionActor<S, C> {
    type Result = AtomicResponse<Self, Result<AutoBid, ControlError>>;

    fn handle(&mut self, msg: SetAutoBid, _: &mut Context<Self>) -> Self::Result {
        if let Err(e) = self.editable() {
            return refuse(e);
        }
        let upcoming = self.committed.status() == AuctionStatus::Upcoming;
        if let Err(why) = self.admits(msg.user, upcoming, self.env.clock.now()) {
            return refuse(ControlError::NotAdmitted(why));
        }
        let bids = msg.bids.clamp(1, crate::autobid::MAX_BIDS);
        let order = AutoBid {
            user: msg.user,
            username: msg.username,
            bids,
            left: bids,
            max_price: msg.max_price,
            active: true,
            set_at: self.env.clock.now(),
        };
        let save = self.env.store.save_autobid(self.committed.id(), order.clone());
        AtomicResponse::new(Box::pin(save.into_actor(self).map(move |res, act, ctx| {
            res.map_err(|_| ControlError::StoreUnavailable)?;
            act.autobids.set(order.clone());
            act.arm_autobids(ctx);
            Ok(order)
        })))
    }
}

impl<S: AuctionStore, C: Clock> Handler<CancelAutoBid> for AuctionActor<S, C> {
    type Result = AtomicResponse<Self, Result<bool, ControlError>>;

    fn handle(&mut self, msg: CancelAutoBid, _: &mut Context<Self>) -> Self::Result {
        if let Err(e) = self.editable() {
            return refuse(e);
        }
        let delete = self.env.store.delete_autobid(self.committed.id(), msg.user);
        AtomicResponse::new(Box::pin(delete.into_actor(self).map(move |res, act, ctx| {
            let existed = res.map_err(|_| ControlError::StoreUnavailable)?;
            act.autobids.remove(msg.user);
            act.arm_autobids(ctx);
            Ok(existed)
        })))
    }
}

impl<S: AuctionStore, C: Clock> Handler<GetAutoBid> for AuctionActor<S, C> {
    type Result = MessageResult<GetAutoBid>;

    fn handle(&mut self, msg: GetAutoBid, _: &mut Context<Self>) -> Self::Result {
        MessageResult(self.autobids.get(msg.user).cloned())
    }
}
