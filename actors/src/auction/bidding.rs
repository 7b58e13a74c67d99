//! The bid pipeline. A bid is decided against the tentative state (committed + pending); if it
//! passes it waits in the queue. At most one batch is being committed at a time; when it returns,
//! its bids are answered and broadcast and the queue (everything that arrived meanwhile) becomes
//! the next batch. A refused batch is replayed through the rules from the committed state. A
//! batch whose answer was lost stays in flight, the countdown paused, until the store says whether
//! it committed; then it is answered as placed or as not placed, and the auction's row is read back
//! (docs/rules/outages.md, "A commit whose answer is lost").

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use actix::prelude::*;
use tokio::sync::oneshot;

use super::{AuctionActor, BidAccepted, Pending, PlaceBid, StepDown, StopReason};
use crate::clock::{Clock, UnixMillis};
use crate::errors::BidRejected;
use crate::ids::UserId;
use crate::outlets::BalanceChanged;
use crate::record::BidRecord;
use crate::rules::{Bidder, BidderId};
use crate::state::AuctionState;
use crate::store::{AuctionStore, AuctionTally, BidBatch, CommitError, CommittedBid, Doubt, NewBid};
use crate::view::EventKind;

type Reply = Result<BidAccepted, BidRejected>;

impl<S: AuctionStore, C: Clock> AuctionActor<S, C> {
    /// Decides a bid and queues it for commit; the receiver resolves after its batch commits.
    /// People's bids (`PlaceBid`) and bots' bids (`bots`) both come through here.
    pub(super) fn submit(
        &mut self,
        bidder: Bidder,
        stamp: UnixMillis,
        auto: bool,
        ctx: &mut Context<Self>,
    ) -> Result<oneshot::Receiver<Reply>, BidRejected> {
        if let Some(closing) = &self.closing {
            return Err(closing.bid_rejection());
        }
        if self.guard.reason == StopReason::Fenced {
            // Stepping down (handed over, or its lease lost): not here any more.
            return Err(BidRejected::AuctionNotFound);
        }
        if self.paused.is_some() {
            return Err(BidRejected::AuctionPaused);
        }
        match bidder.id.user() {
            Some(user) => self.admits(user, false, stamp)?,
            // The house rule binds bots as the auction's kind binds people.
            None if !self.details.house_may_bid(self.tentative.total_bids()) => {
                return Err(BidRejected::HouseRuleClosed);
            }
            None => {}
        }
        let placed = self.tentative.place_bid(stamp, &bidder)?;
        let (reply, rx) = oneshot::channel();
        self.queue.push(Pending { placed, auto, reply });
        self.flush(ctx);
        Ok(rx)
    }

    /// Commits the queue as one batch, unless a commit is already running.
    fn flush(&mut self, ctx: &mut Context<Self>) {
        if self.in_flight.is_some() || self.queue.is_empty() {
            return;
        }
        if self.paused.is_some() {
            return self.flush_paused();
        }
        let batch = std::mem::take(&mut self.queue);
        // Nothing else is pending, so the tentative state is exactly "committed + this batch".
        let t = &self.tentative;
        let record = BidBatch {
            auction: t.id(),
            bids: batch
                .iter()
                .map(|p| NewBid {
                    bidder: p.placed.bidder.clone(),
                    amount: p.placed.amount,
                    stamp: p.placed.stamp,
                    is_prebid: false,
                    is_auto: p.auto,
                })
                .collect(),
            result: AuctionTally {
                price: t.price(),
                leader: t.leader().cloned(),
                ends_at: t.ends_at().unwrap_or(UnixMillis(0)),
                total_bids: t.total_bids(),
            },
        };
        self.in_flight = Some(batch);
        let commit = self.env.store.commit_bids(record);
        ctx.spawn(commit.into_actor(self).map(|res, act, ctx| act.on_committed(res, ctx)));
    }

    fn on_committed(&mut self, res: Result<Vec<CommittedBid>, CommitError>, ctx: &mut Context<Self>) {
        let Some(batch) = self.in_flight.take() else {
            return;
        };
        match res {
            Ok(done) if done.len() == batch.len() => {
                self.settle(batch, done);
                self.recheck_pause(ctx);
            }
            Ok(done) => {
                let why = format!("store answered {} of {} bids", done.len(), batch.len());
                self.fail(batch, &why, ctx);
            }
            Err(CommitError::Refused(users)) => self.replay_without(batch, &users, ctx),
            Err(CommitError::Unavailable(why)) => self.fail(batch, &why, ctx),
            Err(CommitError::InDoubt(doubt)) => return self.in_doubt(batch, doubt, ctx),
            Err(CommitError::Fenced) => return self.fenced(batch, ctx),
        }
        if self.guard.reason == StopReason::Fenced {
            // Told to step down while this batch was committing: it is answered; now stop.
            return self.fenced(Vec::new(), ctx);
        }
        self.flush(ctx);
        self.on_idle(ctx);
        // A committed bid (a person's above all) re-plans the bots; so does a refused batch.
        self.arm_bots(ctx);
    }

    /// The batch is durable: apply it, answer each bid, then broadcast once.
    fn settle(&mut self, batch: Vec<Pending>, done: Vec<CommittedBid>) {
        let mut answers = Vec::with_capacity(batch.len());
        let mut displaced = Vec::new();
        for (pending, committed) in batch.into_iter().zip(done) {
            let p = &pending.placed;
            if let Some(user) = self.committed.leader().and_then(|l| l.id.user())
                && p.bidder.id.user() != Some(user)
            {
                displaced.push(user);
            }
            self.committed.apply(p);
            let record = BidRecord {
                id: committed.id,
                amount: p.amount,
                bidder: p.bidder.clone(),
                is_prebid: false,
                is_auto: pending.auto,
                created_at: p.stamp,
            };
            if pending.auto
                && let Some(user) = p.bidder.id.user()
            {
                self.autobids.committed(user);
            }
            self.remember(record.clone());
            if let BidderId::Bot(bot) = p.bidder.id {
                self.bots.record_bid(bot);
            }
            if let (Some(user), Some(balance)) = (p.bidder.id.user(), committed.balance) {
                self.env.outlets.balances.do_send(BalanceChanged { user, balance });
            }
            answers.push((pending.reply, record, committed.balance));
        }
        let view = Arc::new(self.view());
        let mut records = Vec::with_capacity(answers.len());
        for (reply, bid, balance) in answers {
            records.push(bid.clone());
            // The bidder may have given up waiting; the bid stands either way.
            let _ = reply.send(Ok(BidAccepted { bid, balance, view: view.clone() }));
        }
        records.reverse();
        self.broadcast(EventKind::BidsPlaced, records);
        self.tell_lobby(false);
        self.tell_outbid(&displaced);
    }

    /// The store refused the batch because `users` may not spend a bid now (no balance, a spent
    /// limit, a pause): refuse their bids with that reason, replay the others (and the queue)
    /// through the rules from the committed state; `flush` retries.
    fn replay_without(
        &mut self,
        batch: Vec<Pending>,
        users: &[(UserId, BidRejected)],
        ctx: &mut Context<Self>,
    ) {
        let why: HashMap<UserId, BidRejected> = users.iter().cloned().collect();
        let short: HashSet<UserId> = why.keys().copied().collect();
        if !batch.iter().any(|p| p.placed.bidder.id.user().is_some_and(|u| short.contains(&u))) {
            // Naming nobody in the batch would make the retry loop forever.
            return self.fail(batch, "store reported insufficient balance for users outside the batch", ctx);
        }
        let (refused, kept): (Vec<_>, Vec<_>) =
            batch.into_iter().partition(|p| p.placed.bidder.id.user().is_some_and(|u| short.contains(&u)));
        // A balance that ran out, a spent limit or a pause stops its owner's auto-bidder.
        for &user in &short {
            self.stop_autobid(user, ctx);
        }
        for p in refused {
            let reason = p.placed.bidder.id.user().and_then(|u| why.get(&u).cloned());
            let _ = p.reply.send(Err(reason.unwrap_or(BidRejected::InsufficientBids)));
        }
        self.replay(kept);
    }

    /// Another node owns the auction now: nothing of the batch was written. Its bids (and those
    /// queued) are answered as not placed, as in an outage, and the actor stops without a word
    /// to the store; the new owner runs the auction from its row.
    fn fenced(&mut self, batch: Vec<Pending>, ctx: &mut Context<Self>) {
        tracing::info!(auction = %self.committed.id(), refused = batch.len() + self.queue.len(), "another node owns it now: stopping here");
        // "Not here": the caller passes them to the node that runs the auction now (with a
        // bus), or says that it is moving (503 `auction_elsewhere`, nothing charged).
        for p in batch.into_iter().chain(std::mem::take(&mut self.queue)) {
            let _ = p.reply.send(Err(BidRejected::AuctionNotFound));
        }
        self.guard.reason = StopReason::Fenced;
        ctx.stop();
    }

    /// The batch's answer was lost: it may have committed. Nothing new is decided until the store
    /// says which: the batch stays in flight (nothing else is sent, no resume is written), the
    /// countdown pauses from its first bid (bids are refused meanwhile, nothing charged), and the
    /// store is asked until it knows. Its bidders wait for the truth.
    fn in_doubt(&mut self, batch: Vec<Pending>, doubt: Doubt, ctx: &mut Context<Self>) {
        tracing::warn!(auction = %self.committed.id(), bids = batch.len(), "bid commit in doubt: {}", doubt.why);
        let now = self.env.clock.now();
        let since = batch.iter().map(|p| p.placed.stamp).min().unwrap_or(now);
        self.in_flight = Some(batch);
        self.store_failed(since, ctx);
        self.resolve(doubt, ctx);
    }

    /// Asks the store what the in-doubt batch did, again every `store_retry_ms` until it knows;
    /// then answers it as a commit would have, and reads the auction's row back.
    fn resolve(&mut self, doubt: Doubt, ctx: &mut Context<Self>) {
        let asking = self.env.store.resolve_bids(doubt.clone());
        ctx.spawn(asking.into_actor(self).map(move |res, act, ctx| {
            let answer = match res {
                Ok(Some(done)) => Ok(done),
                Ok(None) => Err(CommitError::Unavailable(format!("not committed ({})", doubt.why))),
                Err(e) => {
                    tracing::debug!(auction = %act.committed.id(), "in-doubt batch still unknown: {e}");
                    let retry = std::time::Duration::from_millis(act.env.settings.store_retry_ms.max(1) as u64);
                    ctx.run_later(retry, move |act, ctx| act.resolve(doubt, ctx));
                    return;
                }
            };
            tracing::info!(auction = %act.committed.id(), committed = answer.is_ok(), "in-doubt batch resolved");
            act.on_committed(answer, ctx);
            act.read_back(ctx);
        }));
    }

    /// After a doubt: the auction's row as stored becomes the actor's state should the two differ
    /// (they do not, unless a store broke its word), provided nothing was committed meanwhile.
    fn read_back(&mut self, ctx: &mut Context<Self>) {
        let before = self.committed.total_bids();
        let load = self.env.store.load(self.committed.id());
        ctx.spawn(load.into_actor(self).map(move |res, act, _| {
            let Ok(Some(snap)) = res else { return };
            let c = &act.committed;
            let same = (snap.price, snap.total_bids, snap.leader.as_ref().map(|l| l.id))
                == (c.price(), c.total_bids(), c.leader().map(|l| l.id));
            let quiet = c.total_bids() == before && act.in_flight.is_none() && act.queue.is_empty();
            if same || !quiet || snap.status != c.status() {
                return;
            }
            tracing::error!(auction = %c.id(), stored_bids = snap.total_bids, held_bids = c.total_bids(), "after a doubt the stored row differs: running from the row");
            let ends_at = c.ends_at();
            let mut rebuilt = AuctionState::from_snapshot(&snap, act.env.rules);
            if let Some(ends_at) = ends_at {
                // The countdown as the pause keeps it (the row's deadline waits for the resume).
                rebuilt.resume(ends_at);
            }
            act.committed = rebuilt;
            act.tentative = act.committed.clone();
            act.recent = snap.recent_bids.into_iter().take(act.env.settings.recent_bids).collect();
            let recent = act.recent.iter().cloned().collect();
            act.broadcast(EventKind::Snapshot, recent);
            act.tell_lobby(false);
        }));
    }

    /// The store failed: refuse the batch's bids, fall back to the committed state, and pause
    /// the countdown from the earliest refused bid (see `pause`): those bidders could not bid.
    fn fail(&mut self, batch: Vec<Pending>, why: &str, ctx: &mut Context<Self>) {
        tracing::warn!(auction = %self.committed.id(), bids = batch.len(), "bid commit failed: {why}");
        let now = self.env.clock.now();
        let since = batch.iter().map(|p| p.placed.stamp).min().unwrap_or(now);
        for p in batch {
            let _ = p.reply.send(Err(BidRejected::StoreUnavailable));
        }
        self.replay(Vec::new());
        // The deadline may have moved back with the refused bids.
        self.arm(ctx);
        self.store_failed(since, ctx);
    }

    /// Rebuilds the tentative state from the committed one, re-deciding `first` then the queue.
    fn replay(&mut self, first: Vec<Pending>) {
        self.tentative = self.committed.clone();
        let queue = std::mem::take(&mut self.queue);
        for Pending { placed, auto, reply } in first.into_iter().chain(queue) {
            match self.tentative.place_bid(placed.stamp, &placed.bidder) {
                Ok(placed) => self.queue.push(Pending { placed, auto, reply }),
                Err(rejected) => {
                    let _ = reply.send(Err(rejected));
                }
            }
        }
    }
}

impl<S: AuctionStore, C: Clock> Handler<StepDown> for AuctionActor<S, C> {
    type Result = ();

    fn handle(&mut self, _: StepDown, ctx: &mut Context<Self>) {
        self.guard.reason = StopReason::Fenced;
        if self.in_flight.is_none() {
            self.fenced(Vec::new(), ctx);
        }
    }
}

impl<S: AuctionStore, C: Clock> Handler<PlaceBid> for AuctionActor<S, C> {
    type Result = ResponseFuture<Reply>;

    fn handle(&mut self, msg: PlaceBid, ctx: &mut Context<Self>) -> Self::Result {
        let outcome = self.submit(Bidder::user(msg.user, msg.username), msg.stamp, false, ctx);
        Box::pin(async move {
            match outcome {
                // A dropped sender means the actor stopped (a crash) while the bid was queued or
                // being committed: whether it was committed is not known here.
                Ok(rx) => rx.await.unwrap_or(Err(BidRejected::OutcomeUnknown)),
                Err(rejected) => Err(rejected),
            }
        })
    }
}
