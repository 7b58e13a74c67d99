//! Closing an auction (finish at the deadline, admin finish, delete) exactly once, after in-flight
//! commits settle.

use actix::prelude::*;
use tokio::sync::oneshot;

use super::{AuctionActor, Delete, EndNow, StopReason};
use crate::clock::Clock;
use crate::errors::{BidRejected, ControlError};
use crate::outlets::BalanceChanged;
use crate::snapshot::AuctionStatus;
use crate::store::{AuctionStore, FinishRecord};
use crate::view::{AuctionView, EventKind};

type FinishReply = oneshot::Sender<Result<AuctionView, ControlError>>;

/// How the auction is being closed.
pub(super) enum CloseKind {
    /// The deadline and grace passed: retried until the store accepts it.
    Deadline,
    /// An admin asked to finish now.
    EndNow(Option<FinishReply>),
    /// An admin asked to delete it.
    Delete(Option<oneshot::Sender<Result<(), ControlError>>>),
}

/// A close in progress: once set, new bids are refused; it runs when no commit is in flight.
pub(super) struct Closing {
    pub(super) kind: CloseKind,
    pub(super) started: bool,
}

impl Closing {
    pub(super) fn deadline() -> Self {
        Closing { kind: CloseKind::Deadline, started: false }
    }

    pub(super) fn bid_rejection(&self) -> BidRejected {
        match self.kind {
            CloseKind::Delete(_) => BidRejected::AuctionNotFound,
            _ => BidRejected::AuctionFinished,
        }
    }

    pub(super) fn control_error(&self) -> ControlError {
        match self.kind {
            CloseKind::Delete(_) => ControlError::AuctionNotFound,
            _ => ControlError::AuctionFinished,
        }
    }
}

impl<S: AuctionStore, C: Clock> AuctionActor<S, C> {
    /// Starts the pending close (called from `on_idle`, so nothing is in flight).
    pub(super) fn run_close(&mut self, ctx: &mut Context<Self>) {
        let Some(closing) = self.closing.as_mut() else {
            return;
        };
        closing.started = true;
        let id = self.committed.id();
        if matches!(closing.kind, CloseKind::Delete(_)) {
            let delete = self.env.store.delete_with_refunds(id);
            ctx.spawn(delete.into_actor(self).map(|res, act, ctx| act.deleted(res, ctx)));
            return;
        }
        let ended_at = match closing.kind {
            CloseKind::Deadline => self.committed.ends_at().unwrap_or_else(|| self.env.clock.now()),
            _ => self.env.clock.now(),
        };
        let s = &self.committed;
        let record =
            FinishRecord { auction: id, winner: s.leader().cloned(), final_price: s.price(), ended_at };
        let finish = self.env.store.finish(record);
        ctx.spawn(finish.into_actor(self).map(move |res, act, ctx| match res {
            Ok(done) => {
                act.winner = done.winner;
                act.honest_numbers = done.honest_numbers;
                act.finished(ended_at, ctx)
            }
            Err(e) => act.close_failed(&e.0, ctx),
        }));
    }

    /// Persisted: announce the result, tell the registry (via the guard) and stop.
    fn finished(&mut self, ended_at: crate::clock::UnixMillis, ctx: &mut Context<Self>) {
        self.committed.finish(ended_at);
        // Beginner and win-limited auctions everywhere see this win from now on.
        if let Some(user) = self.committed.leader().and_then(|l| l.id.user()) {
            self.env.wins.note_win(user, ended_at, self.fairness.item.clone());
        }
        self.broadcast(EventKind::Finished, Vec::new());
        self.tell_lobby(false);
        if let Some(Closing { kind: CloseKind::EndNow(Some(reply)), .. }) = self.closing.take() {
            let _ = reply.send(Ok(self.view()));
        }
        self.guard.reason = StopReason::Finished;
        ctx.stop();
    }

    fn deleted(
        &mut self,
        res: Result<Vec<crate::store::Refund>, crate::store::StoreError>,
        ctx: &mut Context<Self>,
    ) {
        let refunds = match res {
            Ok(refunds) => refunds,
            Err(e) => return self.close_failed(&e.0, ctx),
        };
        for r in refunds {
            self.env.outlets.balances.do_send(BalanceChanged { user: r.user, balance: r.balance });
        }
        self.broadcast(EventKind::Deleted, Vec::new());
        self.tell_lobby(true);
        if let Some(Closing { kind: CloseKind::Delete(Some(reply)), .. }) = self.closing.take() {
            let _ = reply.send(Ok(()));
        }
        self.guard.reason = StopReason::Deleted;
        ctx.stop();
    }

    /// An admin close fails back to the admin and the auction carries on; a deadline finish is
    /// retried, bids staying refused, until the store takes it (unless the auction was paused
    /// meanwhile).
    fn close_failed(&mut self, why: &str, ctx: &mut Context<Self>) {
        tracing::warn!(auction = %self.committed.id(), "closing failed: {why}");
        match self.closing.take() {
            // Paused meanwhile (the outage began before the deadline): the countdown comes back.
            Some(Closing { kind: CloseKind::Deadline, .. }) if self.paused.is_some() => self.arm(ctx),
            Some(Closing { kind: CloseKind::Deadline, .. }) => {
                self.closing = Some(Closing::deadline());
                self.arm_retry(ctx);
            }
            Some(Closing { kind: CloseKind::EndNow(Some(reply)), .. }) => {
                let _ = reply.send(Err(ControlError::StoreUnavailable));
                self.arm(ctx);
            }
            Some(Closing { kind: CloseKind::Delete(Some(reply)), .. }) => {
                let _ = reply.send(Err(ControlError::StoreUnavailable));
                self.arm(ctx);
            }
            _ => self.arm(ctx),
        }
    }

    fn request_close(&mut self, kind: CloseKind, ctx: &mut Context<Self>) {
        self.closing = Some(Closing { kind, started: false });
        self.on_idle(ctx);
    }
}

impl<S: AuctionStore, C: Clock> Handler<EndNow> for AuctionActor<S, C> {
    type Result = ResponseFuture<Result<AuctionView, ControlError>>;

    fn handle(&mut self, _: EndNow, ctx: &mut Context<Self>) -> Self::Result {
        if let Some(closing) = &self.closing {
            let err = closing.control_error();
            return Box::pin(async move { Err(err) });
        }
        if self.committed.status() != AuctionStatus::Live {
            return Box::pin(async { Err(ControlError::AuctionNotLive) });
        }
        let (tx, rx) = oneshot::channel();
        self.request_close(CloseKind::EndNow(Some(tx)), ctx);
        Box::pin(async move { rx.await.unwrap_or(Err(ControlError::StoreUnavailable)) })
    }
}

impl<S: AuctionStore, C: Clock> Handler<Delete> for AuctionActor<S, C> {
    type Result = ResponseFuture<Result<(), ControlError>>;

    fn handle(&mut self, _: Delete, ctx: &mut Context<Self>) -> Self::Result {
        if let Some(closing) = &self.closing {
            let err = closing.control_error();
            return Box::pin(async move { Err(err) });
        }
        let (tx, rx) = oneshot::channel();
        self.request_close(CloseKind::Delete(Some(tx)), ctx);
        Box::pin(async move { rx.await.unwrap_or(Err(ControlError::StoreUnavailable)) })
    }
}
