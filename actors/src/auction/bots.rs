//! The bot driver. Bots bid only where the auction's house rule lets them (`house_may_bid`: no
//! house bidders, or a reserve of N bids). Each auction plans its own bots from its own clock, never from a global loop:
//! whenever something that matters changes (a bid committed, go-live, a start, an assignment or
//! setting changed) it re-plans. While the auction is live and its leader is not one of its bots
//! (or nobody leads yet), one wake-up is armed after a random delay in `[minDelay, maxDelay]`,
//! clipped to land before the deadline; when it fires, one of the bots taking part, chosen at
//! random and never the leader, bids through `submit` — the rules, the commit and the broadcast of
//! a person's bid. The wake-up has its own generation, apart from the lifecycle timer's.
//!
//! Also the admin's assignment messages, each persisted (holding the mailbox) before memory
//! changes, and the registry's [`BotNews`].

use actix::prelude::*;
use rand::seq::SliceRandom;

use super::{AssignBot, AuctionActor, ListBots, UnassignBot, UpdateBotAssignment, refuse};
use crate::bots::{BotAssignment, BotError, BotNews};
use crate::clock::{Clock, UnixMillis};
use crate::errors::{BidRejected, ControlError};
use crate::ids::BotId;
use crate::rules::{Bidder, BidderId};
use crate::snapshot::AuctionStatus;
use crate::store::{AuctionStore, BotStoreError};

impl From<BotStoreError> for BotError {
    fn from(e: BotStoreError) -> BotError {
        match e {
            BotStoreError::AlreadyAssigned => BotError::AlreadyAssigned,
            BotStoreError::NotAssigned => BotError::NotAssigned,
            BotStoreError::BotUnavailable => BotError::BotUnavailable,
            BotStoreError::Unavailable(_) => BotError::Control(ControlError::StoreUnavailable),
        }
    }
}

impl<S: AuctionStore, C: Clock> AuctionActor<S, C> {
    /// Re-plans the bots: cancels the armed wake-up and, if a bot should answer, arms a new one.
    pub(super) fn arm_bots(&mut self, ctx: &mut Context<Self>) {
        let at = self.next_bot_bid();
        self.arm_bots_at(at, ctx);
        // Whatever re-plans the bots re-plans the users' auto-bidders too.
        self.arm_autobids(ctx);
    }

    fn arm_bots_at(&mut self, at: Option<UnixMillis>, ctx: &mut Context<Self>) {
        self.arm_wakeup(|a| &mut a.bot_wakeup, at, Self::bot_wake, ctx);
    }

    /// When a bot should bid next, from the committed state: `None` unless the auction is live
    /// and not closing, bots are enabled, the leader is not one of this auction's bots and some
    /// bot takes part.
    fn next_bot_bid(&mut self) -> Option<UnixMillis> {
        let s = &self.committed;
        if self.closing.is_some() || self.paused.is_some() || s.status() != AuctionStatus::Live {
            return None;
        }
        let ends_at = s.ends_at()?;
        if s.leader().is_some_and(|l| self.bots.includes(l.id)) || !self.details.house_may_bid(s.total_bids())
        {
            return None;
        }
        let settings = self.env.bots.settings.get();
        if !settings.enabled
            || self.bots.taking_part(settings.active_bots, |b| self.pending_bids(b)).is_empty()
        {
            return None;
        }
        let now = self.env.clock.now();
        let delay = self.env.bots.draw_delay_ms(&settings, &mut self.rng);
        Some(crate::bots::bid_time(now, delay, ends_at))
    }

    /// The wake-up fired: decide again from the tentative state (bids may be in flight) and let
    /// one bot bid. A bot refused as too fast tries the others; if all are, retry when allowed.
    fn bot_wake(&mut self, ctx: &mut Context<Self>) {
        let settings = self.env.bots.settings.get();
        let leader = self.tentative.leader().map(|l| l.id);
        if !settings.enabled
            || self.closing.is_some()
            || self.tentative.status() != AuctionStatus::Live
            || leader.is_some_and(|l| self.bots.includes(l))
            || !self.details.house_may_bid(self.tentative.total_bids())
        {
            return;
        }
        let mut candidates: Vec<Bidder> = self
            .bots
            .taking_part(settings.active_bots, |b| self.pending_bids(b))
            .into_iter()
            .filter(|a| leader != Some(BidderId::Bot(a.bot)))
            .map(|a| Bidder::bot(a.bot, a.profile.display_name()))
            .collect();
        candidates.shuffle(&mut self.rng);
        let now = self.env.clock.now();
        let mut retry_after: Option<i64> = None;
        for bidder in candidates {
            match self.submit(bidder, now, false, ctx) {
                // Answered by `settle` like any bid; nobody waits on the reply.
                Ok(_) => return,
                Err(BidRejected::TooFast { retry_after_ms }) => {
                    retry_after = Some(retry_after.map_or(retry_after_ms, |r| r.min(retry_after_ms)));
                }
                Err(_) => return,
            }
        }
        if let (Some(wait), Some(ends_at)) = (retry_after, self.tentative.ends_at()) {
            self.arm_bots_at(Some(crate::bots::bid_time(now, wait, ends_at)), ctx);
        }
    }

    /// `bot`'s bids accepted but not yet committed (queued or in flight).
    fn pending_bids(&self, bot: BotId) -> u32 {
        let in_flight = self.in_flight.iter().flatten();
        let n = in_flight.chain(&self.queue).filter(|p| p.placed.bidder.id == BidderId::Bot(bot)).count();
        u32::try_from(n).unwrap_or(u32::MAX)
    }

    /// Assignments change only while the auction is upcoming or live and not closing.
    fn bots_editable(&self) -> Result<(), BotError> {
        self.editable().map_err(BotError::from)
    }
}

impl<S: AuctionStore, C: Clock> Handler<AssignBot> for AuctionActor<S, C> {
    type Result = AtomicResponse<Self, Result<BotAssignment, BotError>>;

    fn handle(&mut self, msg: AssignBot, _: &mut Context<Self>) -> Self::Result {
        if let Err(e) = self.bots_editable() {
            return refuse(e);
        }
        if self.bots.get(msg.bot).is_some() {
            return refuse(BotError::AlreadyAssigned);
        }
        let save = self.env.store.assign_bot(self.committed.id(), msg.bot, msg.active, msg.bid_limit);
        AtomicResponse::new(Box::pin(save.into_actor(self).map(|res, act, ctx| {
            let assignment = res.map_err(BotError::from)?;
            act.bots.insert(assignment.clone());
            act.arm_bots(ctx);
            Ok(assignment)
        })))
    }
}

impl<S: AuctionStore, C: Clock> Handler<UpdateBotAssignment> for AuctionActor<S, C> {
    type Result = AtomicResponse<Self, Result<BotAssignment, BotError>>;

    fn handle(&mut self, msg: UpdateBotAssignment, _: &mut Context<Self>) -> Self::Result {
        if let Err(e) = self.bots_editable() {
            return refuse(e);
        }
        let Some(current) = self.bots.get(msg.bot) else {
            return refuse(BotError::NotAssigned);
        };
        let active = msg.active.unwrap_or(current.active);
        let bid_limit = msg.bid_limit.unwrap_or(current.bid_limit);
        let save = self.env.store.update_bot_assignment(self.committed.id(), msg.bot, active, bid_limit);
        AtomicResponse::new(Box::pin(save.into_actor(self).map(move |res, act, ctx| {
            res.map_err(BotError::from)?;
            let updated =
                act.bots.update(msg.bot, active, bid_limit).cloned().ok_or(BotError::NotAssigned)?;
            act.arm_bots(ctx);
            Ok(updated)
        })))
    }
}

impl<S: AuctionStore, C: Clock> Handler<UnassignBot> for AuctionActor<S, C> {
    type Result = AtomicResponse<Self, Result<(), BotError>>;

    fn handle(&mut self, msg: UnassignBot, _: &mut Context<Self>) -> Self::Result {
        if let Err(e) = self.bots_editable() {
            return refuse(e);
        }
        if self.bots.get(msg.bot).is_none() {
            return refuse(BotError::NotAssigned);
        }
        // The reserve's last bot stays (it can be turned off here instead): a reserve with no bot
        // would promise house bids that never come.
        if self.details.house_reserve.is_some_and(|r| r > 0) && self.bots.list().len() == 1 {
            return refuse(BotError::Control(ControlError::ReserveNeedsBot));
        }
        let save = self.env.store.remove_bot_assignment(self.committed.id(), msg.bot);
        AtomicResponse::new(Box::pin(save.into_actor(self).map(move |res, act, ctx| {
            res.map_err(BotError::from)?;
            act.bots.remove(msg.bot);
            act.arm_bots(ctx);
            Ok(())
        })))
    }
}

impl<S: AuctionStore, C: Clock> Handler<ListBots> for AuctionActor<S, C> {
    type Result = MessageResult<ListBots>;

    fn handle(&mut self, _: ListBots, _: &mut Context<Self>) -> Self::Result {
        MessageResult(self.bots.list().to_vec())
    }
}

impl<S: AuctionStore, C: Clock> Handler<BotNews> for AuctionActor<S, C> {
    type Result = ();

    fn handle(&mut self, news: BotNews, ctx: &mut Context<Self>) {
        match news {
            // The registry already wrote the shared cell; re-plan with it.
            BotNews::Settings(_) => {}
            BotNews::BotActive { bot, active } => self.bots.set_bot_active(bot, active),
            BotNews::BotClosed { bot } => {
                self.bots.remove(bot);
            }
        }
        self.arm_bots(ctx);
    }
}
