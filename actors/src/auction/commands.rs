//! The serialized one-off commands: a pre-bid and an admin's details update. Each holds the
//! mailbox (`AtomicResponse`) until its commit returns, so they never interleave.

use actix::prelude::*;

use super::{AuctionActor, PlacePrebid, PrebidAccepted, UpdateDetails};
use crate::clock::Clock;
use crate::errors::{BidRejected, ControlError};
use crate::outlets::BalanceChanged;
use crate::snapshot::{AuctionStatus, Prebid};
use crate::store::{AuctionStore, PrebidError};
use crate::view::{AuctionInfo, EventKind};

impl<S: AuctionStore, C: Clock> Handler<PlacePrebid> for AuctionActor<S, C> {
    // Atomic: the mailbox (and the go-live timer) wait for the commit, so a user's two pre-bids
    // never race and go-live sees every committed pre-bid.
    type Result = AtomicResponse<Self, Result<PrebidAccepted, BidRejected>>;

    fn handle(&mut self, msg: PlacePrebid, _: &mut Context<Self>) -> Self::Result {
        let checked = match &self.closing {
            Some(closing) => Err(closing.bid_rejection()),
            None => self
                .committed
                .check_prebid(msg.stamp, msg.user)
                .and_then(|()| self.admits(msg.user, true, msg.stamp)),
        };
        if let Err(rejected) = checked {
            return AtomicResponse::new(Box::pin(actix::fut::ready(Err(rejected))));
        }
        let commit = self.env.store.commit_prebid(self.committed.id(), msg.user, msg.stamp);
        AtomicResponse::new(Box::pin(commit.into_actor(self).map(move |res, act, _| {
            let done = res.map_err(|e| match e {
                PrebidError::Insufficient => BidRejected::InsufficientBids,
                PrebidError::Limited(why) => why,
                PrebidError::AlreadyPrebid => BidRejected::AlreadyPrebid,
                PrebidError::Unavailable(_) => BidRejected::StoreUnavailable,
            })?;
            let prebid = Prebid { id: done.id, user: msg.user, username: msg.username, stamp: msg.stamp };
            act.tentative.record_prebid(prebid.clone());
            act.committed.record_prebid(prebid);
            act.env.outlets.balances.do_send(BalanceChanged { user: msg.user, balance: done.balance });
            act.broadcast(EventKind::PrebidPlaced, Vec::new());
            act.tell_lobby(false);
            Ok(PrebidAccepted {
                prebid: done.id,
                balance: done.balance,
                prebids_count: act.committed.prebids().len(),
            })
        })))
    }
}

impl<S: AuctionStore, C: Clock> Handler<UpdateDetails> for AuctionActor<S, C> {
    type Result = AtomicResponse<Self, Result<AuctionInfo, ControlError>>;

    fn handle(&mut self, msg: UpdateDetails, _: &mut Context<Self>) -> Self::Result {
        let refused = match &self.closing {
            Some(closing) => Some(closing.control_error()),
            None if self.committed.status() != AuctionStatus::Upcoming => {
                Some(ControlError::AuctionNotUpcoming)
            }
            // A reserve nothing would ever bid for (docs/rules/bots.md, "A house reserve has a bot").
            None if msg.details.house_reserve.is_some_and(|r| r > 0) && self.bots.list().is_empty() => {
                Some(ControlError::ReserveNeedsBot)
            }
            None => None,
        };
        if let Some(err) = refused {
            return AtomicResponse::new(Box::pin(actix::fut::ready(Err(err))));
        }
        let save = self.env.store.update_details(self.committed.id(), msg.details.clone(), msg.start_time);
        AtomicResponse::new(Box::pin(save.into_actor(self).map(move |res, act, ctx| {
            res.map_err(|_| ControlError::StoreUnavailable)?;
            act.fairness = msg.details.fairness();
            act.committed.set_start_time(msg.start_time);
            act.tentative.set_start_time(msg.start_time);
            act.committed.set_opening(msg.details.opening_secs);
            act.tentative.set_opening(msg.details.opening_secs);
            act.details = std::sync::Arc::new(msg.details);
            act.arm(ctx);
            act.broadcast(EventKind::DetailsUpdated, Vec::new());
            act.tell_lobby(false);
            Ok(act.info())
        })))
    }
}
