//! The memory store's rows: one auction's ([`Row`]) and a bot's ([`StoredBot`]). The tables that
//! hold them are `txn`'s; the transactions over them are spread over this module's siblings.

use std::collections::{HashMap, VecDeque};

use super::StoredBid;
use crate::bots::BotProfile;
use crate::clock::UnixMillis;
use crate::ids::UserId;
use crate::record::BidRecord;
use crate::rules::BidderId;
use crate::snapshot::AuctionSnapshot;
use crate::store::types::AuctionTally;

const RECENT: usize = 50;

/// A bot row.
#[derive(Debug, Clone)]
pub(crate) struct StoredBot {
    pub(super) profile: BotProfile,
    pub(super) active: bool,
}

/// One auction's rows: the auction, its bids, and what each user paid on it.
#[derive(Debug, Clone)]
pub(super) struct Row {
    pub(super) snap: AuctionSnapshot,
    last_bids: HashMap<BidderId, UnixMillis>,
    recent: VecDeque<StoredBid>,
    pub(super) history: Vec<StoredBid>,
    /// Bids and pre-bids each user paid for (the refund on delete).
    pub(super) paid: HashMap<UserId, i64>,
}

impl Row {
    pub(super) fn new(snap: AuctionSnapshot) -> Self {
        let last_bids = snap.last_bids.iter().copied().collect();
        Row { snap, last_bids, recent: VecDeque::new(), history: Vec::new(), paid: HashMap::new() }
    }

    pub(super) fn snapshot(&self) -> AuctionSnapshot {
        let mut snap = self.snap.clone();
        snap.last_bids = self.last_bids.iter().map(|(k, v)| (*k, *v)).collect();
        snap.recent_bids.splice(0..0, self.recent.iter().rev().map(StoredBid::record));
        snap.recent_bids.truncate(RECENT);
        snap
    }

    pub(super) fn insert(&mut self, bid: StoredBid, keep_history: bool) {
        self.last_bids.insert(bid.bidder.id, bid.stamp);
        if let BidderId::Bot(bot) = bid.bidder.id {
            // Like the SQL count over `bid`: an assigned bot's bids here.
            for a in self.snap.bots.iter_mut().filter(|a| a.bot == bot) {
                a.current_bids += 1;
            }
        }
        if keep_history {
            self.history.push(bid.clone());
        }
        if self.recent.len() == RECENT {
            self.recent.pop_front();
        }
        self.recent.push_back(bid);
    }

    pub(super) fn set_tally(&mut self, tally: &AuctionTally) {
        self.snap.price = tally.price;
        self.snap.leader = tally.leader.clone();
        self.snap.ends_at = Some(tally.ends_at);
        self.snap.total_bids = tally.total_bids;
        self.snap.leader_bid_at = self.recent.back().map(|b| b.stamp);
    }
}

impl StoredBid {
    fn record(&self) -> BidRecord {
        BidRecord {
            id: self.id,
            amount: self.amount,
            bidder: self.bidder.clone(),
            is_prebid: self.is_prebid,
            is_auto: self.is_auto,
            created_at: self.stamp,
        }
    }
}
