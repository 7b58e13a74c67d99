//! What the actor shows and publishes: its view, the sessions watching it (join with a snapshot
//! first, leave), broadcasts encoded once, and lobby updates.

use actix::prelude::*;

use super::{
    AuctionActor, GetInfo, GetView, Join, Leave, REMOTE_VIEWERS_MS, RemoteViewers, RemoteWatch, Tap, Viewer,
};
use crate::clock::Clock;
use crate::clock::UnixMillis;
use crate::ids::UserId;
use crate::outlets::{LobbyUpdate, Push};
use crate::record::{BidRecord, Winner};
use crate::snapshot::AuctionStatus;
use crate::store::AuctionStore;
use crate::view::{AuctionEvent, AuctionInfo, AuctionView, EventKind, Shared, WinningBid};

impl<S: AuctionStore, C: Clock> AuctionActor<S, C> {
    pub(super) fn info(&self) -> AuctionInfo {
        let s = &self.committed;
        let finished = s.status() == AuctionStatus::Finished;
        let leader = s.leader().filter(|_| finished);
        AuctionInfo {
            id: s.id(),
            display_id: self.display_id.clone(),
            slug: crate::slug::slug(&self.details.title, &self.display_id),
            details: Shared(self.details.clone()),
            current_price: s.price(),
            starting_price: s.starting_price(),
            bid_increment: s.rules().increment,
            start_time: s.start_time(),
            end_time: s.ended_at(),
            ends_at: s.ends_at().filter(|_| s.status() == AuctionStatus::Live),
            server_time: self.env.clock.now(),
            status: s.status(),
            prebids_count: s.prebids().len(),
            total_bids: s.total_bids(),
            last_bidder: s.leader_name(),
            last_bidder_is_bot: s.leader().is_some_and(|l| l.is_bot()),
            participants: s.participants(),
            viewers: self.viewer_count(),
            created_at: self.created_at,
            winner: leader.map(|w| self.winner.clone().unwrap_or_else(|| Winner::from_bidder(w))),
            winning_bid: leader.map(|_| WinningBid {
                amount: s.price(),
                created_at: s.leader_bid_at().unwrap_or(self.created_at),
            }),
            is_promoted: self.promoted,
            paused: self.paused.as_ref().map(|p| p.pause),
            honest_numbers: self.honest_numbers.clone(),
        }
    }

    /// The sessions watching: this node's (taps not counted) and what other nodes said lately.
    fn viewer_count(&self) -> usize {
        let now = self.env.clock.now();
        let here = self.viewers.iter().filter(|v| v.counted).count();
        here + self.remote_viewers.values().filter(|r| fresh(r, now)).map(|r| r.sessions).sum::<usize>()
    }

    /// Whether `user` watches this auction live, here or on another node.
    pub(super) fn watching(&self, user: UserId, now: UnixMillis) -> bool {
        self.viewers.iter().any(|v| v.user == Some(user))
            || self.remote_viewers.values().any(|r| fresh(r, now) && r.users.contains(&user))
    }

    pub(super) fn view(&self) -> AuctionView {
        AuctionView { auction: self.info(), bids: self.recent.iter().cloned().collect() }
    }

    pub(super) fn remember(&mut self, record: BidRecord) {
        self.recent.push_front(record);
        self.recent.truncate(self.env.settings.recent_bids);
    }

    /// Pushes one event to every viewer, encoded once; drops viewers that are gone. A viewer
    /// whose mailbox is full misses this frame and is marked behind; the next broadcast sends it
    /// the latest state (a `snapshot`, encoded once for all who are behind) instead of a change
    /// it could not apply, so a slow viewer catches up rather than silently falling out.
    pub(super) fn broadcast(&mut self, kind: EventKind, bids: Vec<BidRecord>) {
        if self.viewers.is_empty() {
            return;
        }
        let encoder = self.env.outlets.encoder.clone();
        let catch_up = (kind != EventKind::Deleted && self.viewers.iter().any(|v| v.behind)).then(|| {
            let AuctionView { auction, bids } = self.view();
            encoder.auction_update(&AuctionEvent { kind: EventKind::Snapshot, auction, bids })
        });
        let frame = encoder.auction_update(&AuctionEvent { kind, auction: self.info(), bids });
        self.viewers.retain_mut(|v| {
            let frame = match &catch_up {
                Some(snapshot) if v.behind => snapshot.clone(),
                _ => frame.clone(),
            };
            deliver(v, frame)
        });
    }

    pub(super) fn tell_lobby(&self, deleted: bool) {
        let s = &self.committed;
        self.env.outlets.lobby.do_send(LobbyUpdate {
            auction: s.id(),
            status: s.status(),
            price: s.price(),
            leader: s.leader_name(),
            leader_is_bot: s.leader().is_some_and(|l| l.is_bot()),
            ends_at: s.ends_at(),
            total_bids: s.total_bids(),
            deleted,
            paused: self.paused.as_ref().map(|p| p.pause),
        });
    }
}

/// Whether what another node said still holds.
fn fresh(r: &RemoteWatch, now: UnixMillis) -> bool {
    now.ms_since(r.at) < REMOTE_VIEWERS_MS
}

/// Pushes `frame` to `viewer`: `false` when the session is gone (drop it); a full mailbox keeps
/// the viewer, marked behind.
fn deliver(viewer: &mut Viewer, frame: std::sync::Arc<str>) -> bool {
    match viewer.session.try_send(Push { frame }) {
        Ok(()) => {
            viewer.behind = false;
            true
        }
        Err(SendError::Full(_)) => {
            viewer.behind = true;
            true
        }
        Err(SendError::Closed(_)) => false,
    }
}

impl<S: AuctionStore, C: Clock> AuctionActor<S, C> {
    /// Adds a viewer (counted or a tap), the current state first.
    fn watch(&mut self, session: Recipient<Push>, user: Option<UserId>, counted: bool) {
        self.viewers.retain(|v| v.session != session);
        let AuctionView { mut auction, bids } = self.view();
        if counted {
            auction.viewers += 1;
        }
        let frame = self.env.outlets.encoder.auction_update(&AuctionEvent {
            kind: EventKind::Snapshot,
            auction,
            bids,
        });
        // A session whose mailbox is full gets the state with the next broadcast; a closed one
        // is not watching.
        let mut viewer = Viewer { session, user, behind: false, counted };
        if deliver(&mut viewer, frame) {
            self.viewers.push(viewer);
        }
    }
}

impl<S: AuctionStore, C: Clock> Handler<Join> for AuctionActor<S, C> {
    type Result = ();

    fn handle(&mut self, msg: Join, _: &mut Context<Self>) {
        self.watch(msg.session, msg.user, true);
    }
}

impl<S: AuctionStore, C: Clock> Handler<Tap> for AuctionActor<S, C> {
    type Result = ();

    fn handle(&mut self, msg: Tap, _: &mut Context<Self>) {
        self.watch(msg.session, None, false);
    }
}

impl<S: AuctionStore, C: Clock> Handler<RemoteViewers> for AuctionActor<S, C> {
    type Result = ();

    fn handle(&mut self, msg: RemoteViewers, _: &mut Context<Self>) {
        let at = self.env.clock.now();
        if msg.sessions == 0 {
            self.remote_viewers.remove(&msg.node);
        } else {
            self.remote_viewers
                .insert(msg.node, RemoteWatch { sessions: msg.sessions, users: msg.users, at });
        }
    }
}

impl<S: AuctionStore, C: Clock> Handler<Leave> for AuctionActor<S, C> {
    type Result = ();

    fn handle(&mut self, msg: Leave, _: &mut Context<Self>) {
        self.viewers.retain(|v| v.session != msg.session);
    }
}

impl<S: AuctionStore, C: Clock> Handler<GetView> for AuctionActor<S, C> {
    type Result = MessageResult<GetView>;

    fn handle(&mut self, _: GetView, _: &mut Context<Self>) -> Self::Result {
        MessageResult(self.view())
    }
}

impl<S: AuctionStore, C: Clock> Handler<GetInfo> for AuctionActor<S, C> {
    type Result = MessageResult<GetInfo>;

    fn handle(&mut self, _: GetInfo, _: &mut Context<Self>) -> Self::Result {
        MessageResult::<GetInfo>(self.info())
    }
}
