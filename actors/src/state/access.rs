//! Read access to [`AuctionState`] and its reconstruction from a stored snapshot.

use std::sync::Arc;

use super::{AuctionState, AuctionStatus, Prebid};
use crate::clock::UnixMillis;
use crate::ids::{AuctionId, Tyiyn};
use crate::rules::{Bidder, Rules};
use crate::snapshot::AuctionSnapshot;

impl AuctionState {
    /// Rebuilds the state a snapshot describes, under `rules`.
    pub fn from_snapshot(snap: &AuctionSnapshot, rules: Rules) -> Self {
        let mut state = AuctionState::upcoming(snap.id, snap.start_time, snap.starting_price, rules);
        state.set_opening(snap.details.opening_secs);
        state.status = snap.status;
        state.price = snap.price;
        state.ends_at = snap.ends_at;
        state.ended_at = snap.ended_at;
        state.leader = snap.leader.clone();
        state.leader_bid_at = snap.leader_bid_at;
        state.total_bids = snap.total_bids;
        state.last_bids = snap.last_bids.iter().copied().collect();
        for prebid in &snap.prebids {
            state.record_prebid(prebid.clone());
        }
        if state.status == AuctionStatus::Live && state.ends_at.is_none() {
            // A live row without a deadline is inconsistent; give it a fresh countdown from the start.
            state.ends_at = Some(snap.start_time.plus_ms(state.opening_ms));
        }
        state
    }

    /// The auction's id.
    pub fn id(&self) -> AuctionId {
        self.id
    }

    /// The rules this auction runs under.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Upcoming, live or finished.
    pub fn status(&self) -> AuctionStatus {
        self.status
    }

    /// When the auction goes live.
    pub fn start_time(&self) -> UnixMillis {
        self.start_time
    }

    /// Changes the start time (an upcoming auction's details were edited).
    pub fn set_start_time(&mut self, start_time: UnixMillis) {
        self.start_time = start_time;
    }

    /// Sets the opening countdown: `secs` seconds, or the rules' default for `None`.
    pub fn set_opening(&mut self, secs: Option<i32>) {
        self.opening_ms = secs.map_or(self.rules.start_countdown_ms, |s| i64::from(s) * 1000);
    }

    /// The price before any bid.
    pub fn starting_price(&self) -> Tyiyn {
        self.starting_price
    }

    /// The current price.
    pub fn price(&self) -> Tyiyn {
        self.price
    }

    /// The live deadline (`None` unless live or finished).
    pub fn ends_at(&self) -> Option<UnixMillis> {
        self.ends_at
    }

    /// When it finished.
    pub fn ended_at(&self) -> Option<UnixMillis> {
        self.ended_at
    }

    /// The current leader, the last accepted bidder.
    pub fn leader(&self) -> Option<&Bidder> {
        self.leader.as_ref()
    }

    /// The leader's name, shared.
    pub fn leader_name(&self) -> Option<Arc<str>> {
        self.leader.as_ref().map(|l| l.name.clone())
    }

    /// When the leading bid arrived.
    pub fn leader_bid_at(&self) -> Option<UnixMillis> {
        self.leader_bid_at
    }

    /// Accepted bids, converted pre-bids included.
    pub fn total_bids(&self) -> i64 {
        self.total_bids
    }

    /// Whether `user` has bid (or pre-bid) on this auction.
    pub fn has_bid(&self, user: crate::ids::UserId) -> bool {
        self.last_bids.contains_key(&crate::rules::BidderId::User(user)) || self.prebidders.contains(&user)
    }

    /// Distinct bidders so far.
    pub fn participants(&self) -> usize {
        self.last_bids.len()
    }

    /// The pre-bids in the order placed.
    pub fn prebids(&self) -> &[Prebid] {
        &self.prebids
    }

    /// The users to notify at go-live (the pre-bidders, in order).
    pub fn prebidders(&self) -> Vec<crate::ids::UserId> {
        self.prebids.iter().map(|p| p.user).collect()
    }
}
