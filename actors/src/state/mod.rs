//! The pure auction rules: [`AuctionState`] decides every bid, pre-bid, go-live and finish from
//! memory. No actix, no I/O, no clock: the caller passes the stamps, so tests need no runtime.

use std::collections::{HashMap, HashSet};

use crate::clock::UnixMillis;
use crate::errors::BidRejected;
use crate::ids::{AuctionId, Tyiyn, UserId};
use crate::rules::{Bidder, BidderId, Rules};

mod access;
mod types;

// Status and pre-bids are part of the stored snapshot the state is rebuilt from; re-exported here.
pub use crate::snapshot::{AuctionStatus, Prebid};
pub use types::{BidPlaced, Due, Outcome};

/// One auction's rule state, entirely in memory.
#[derive(Debug, Clone, PartialEq)]
pub struct AuctionState {
    id: AuctionId,
    rules: Rules,
    status: AuctionStatus,
    start_time: UnixMillis,
    starting_price: Tyiyn,
    /// From go-live to the first deadline: the auction's opening, else the rules' default.
    opening_ms: i64,
    price: Tyiyn,
    ends_at: Option<UnixMillis>,
    ended_at: Option<UnixMillis>,
    leader: Option<Bidder>,
    leader_bid_at: Option<UnixMillis>,
    total_bids: i64,
    /// Each bidder's latest bid stamp; its keys are the participants.
    last_bids: HashMap<BidderId, UnixMillis>,
    prebids: Vec<Prebid>,
    prebidders: HashSet<UserId>,
}

impl AuctionState {
    /// A new auction that goes live at `start_time`.
    pub fn upcoming(id: AuctionId, start_time: UnixMillis, starting_price: Tyiyn, rules: Rules) -> Self {
        AuctionState {
            id,
            rules,
            status: AuctionStatus::Upcoming,
            start_time,
            starting_price,
            opening_ms: rules.start_countdown_ms,
            price: starting_price,
            ends_at: None,
            ended_at: None,
            leader: None,
            leader_bid_at: None,
            total_bids: 0,
            last_bids: HashMap::new(),
            prebids: Vec::new(),
            prebidders: HashSet::new(),
        }
    }

    /// Places a bid stamped `stamp` (when the request arrived). On success the state has moved.
    pub fn place_bid(&mut self, stamp: UnixMillis, bidder: &Bidder) -> Result<BidPlaced, BidRejected> {
        let ends_at = match (self.status, self.ends_at) {
            (AuctionStatus::Live, Some(ends_at)) => ends_at,
            (AuctionStatus::Finished, _) => return Err(BidRejected::AuctionFinished),
            _ => return Err(BidRejected::AuctionNotLive),
        };
        if stamp >= ends_at {
            return Err(BidRejected::DeadlinePassed);
        }
        if self.leader.as_ref().is_some_and(|l| l.id == bidder.id) {
            return Err(BidRejected::AlreadyLeader);
        }
        if let Some(&last) = self.last_bids.get(&bidder.id) {
            let since = stamp.ms_since(last);
            if since < self.rules.min_bid_interval_ms {
                return Err(BidRejected::TooFast { retry_after_ms: self.rules.min_bid_interval_ms - since });
            }
        }
        let placed = BidPlaced {
            bidder: bidder.clone(),
            amount: self.price + self.rules.increment,
            stamp,
            // A bid processed out of stamp order never shortens the countdown.
            ends_at: ends_at.max(stamp.plus_ms(self.rules.bid_countdown_ms)),
            total_bids: self.total_bids + 1,
            is_prebid: false,
        };
        self.apply(&placed);
        Ok(placed)
    }

    /// Applies an already-decided bid (replaying a committed batch onto the committed state).
    pub fn apply(&mut self, placed: &BidPlaced) {
        self.price = placed.amount;
        self.ends_at = Some(self.ends_at.map_or(placed.ends_at, |e| e.max(placed.ends_at)));
        self.total_bids = placed.total_bids;
        self.leader_bid_at = Some(placed.stamp);
        self.last_bids.insert(placed.bidder.id, placed.stamp);
        self.leader = Some(placed.bidder.clone());
    }

    /// Checks that `user` may pre-bid at `stamp`; the store charges, then [`Self::record_prebid`].
    pub fn check_prebid(&self, stamp: UnixMillis, user: UserId) -> Result<(), BidRejected> {
        match self.status {
            AuctionStatus::Finished => Err(BidRejected::AuctionFinished),
            AuctionStatus::Live => Err(BidRejected::AuctionNotUpcoming),
            AuctionStatus::Upcoming if stamp >= self.start_time => Err(BidRejected::AuctionNotUpcoming),
            AuctionStatus::Upcoming if self.prebidders.contains(&user) => Err(BidRejected::AlreadyPrebid),
            AuctionStatus::Upcoming => Ok(()),
        }
    }

    /// Records a committed pre-bid (after [`Self::check_prebid`] and the store's debit).
    pub fn record_prebid(&mut self, prebid: Prebid) {
        if self.prebidders.insert(prebid.user) {
            self.prebids.push(prebid);
        }
    }

    /// Goes live at `now`: the pre-bids become bids in the order placed (each +1 increment, not
    /// charged again, the last pre-bidder leads) and the countdown starts at the auction's opening
    /// (`start_countdown_ms` unless it sets its own). Each later bid makes the countdown
    /// max(remaining, `bid_countdown_ms`), so a long opening is never cut short by a bid.
    /// Returns the converted bids; empty (and no change) unless upcoming.
    pub fn go_live(&mut self, now: UnixMillis) -> Vec<BidPlaced> {
        if self.status != AuctionStatus::Upcoming {
            return Vec::new();
        }
        let ends_at = now.plus_ms(self.opening_ms);
        self.status = AuctionStatus::Live;
        self.ends_at = Some(ends_at);
        let mut converted = Vec::with_capacity(self.prebids.len());
        for prebid in &self.prebids {
            let bidder = Bidder::user(prebid.user, prebid.username.clone());
            self.price += self.rules.increment;
            self.total_bids += 1;
            // Counted as a participant, but free to bid right after go-live: a pre-bid is not a
            // bid of the live auction for the 1 s rule.
            self.last_bids.insert(bidder.id, now.plus_ms(-self.rules.min_bid_interval_ms));
            self.leader = Some(bidder.clone());
            self.leader_bid_at = Some(now);
            converted.push(BidPlaced {
                bidder,
                amount: self.price,
                stamp: now,
                ends_at,
                total_bids: self.total_bids,
                is_prebid: true,
            });
        }
        converted
    }

    /// Gives a live auction a new deadline after a pause (never an earlier one).
    pub fn resume(&mut self, ends_at: UnixMillis) {
        if self.status == AuctionStatus::Live {
            self.ends_at = Some(self.ends_at.map_or(ends_at, |e| e.max(ends_at)));
        }
    }

    /// Finishes the auction at `ended_at`; the leader (the last accepted bid) wins.
    pub fn finish(&mut self, ended_at: UnixMillis) -> Outcome {
        self.status = AuctionStatus::Finished;
        self.ended_at = Some(ended_at);
        Outcome { winner: self.leader.clone(), final_price: self.price, ended_at }
    }

    /// When the timer should next fire: the start time, or the deadline plus the grace.
    pub fn wake_at(&self) -> Option<UnixMillis> {
        match self.status {
            AuctionStatus::Upcoming => Some(self.start_time),
            AuctionStatus::Live => self.ends_at.map(|e| e.plus_ms(self.rules.finish_grace_ms)),
            AuctionStatus::Finished => None,
        }
    }

    /// What is due at `now`, if anything.
    pub fn is_due(&self, now: UnixMillis) -> Option<Due> {
        let due = match self.status {
            AuctionStatus::Upcoming => Due::GoLive,
            AuctionStatus::Live => Due::Finish,
            AuctionStatus::Finished => return None,
        };
        self.wake_at().filter(|&at| now >= at).map(|_| due)
    }
}
