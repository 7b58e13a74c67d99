//! The memory store's tables and its bidding transactions, with the SQL semantics: a batch is all
//! or nothing, every user bid is a conditional debit.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use super::row::{Row, StoredBot};
use super::{StoreStats, StoredBid};
use crate::clock::UnixMillis;
use crate::errors::BidRejected;
use crate::ids::{AuctionId, BidId, BotId, PrebidId, UserId};
use crate::snapshot::{AuctionStatus, Prebid};
use crate::store::types::*;

/// Everything the store holds.
#[derive(Debug, Default)]
pub(super) struct Inner {
    pub(super) balances: HashMap<UserId, i64>,
    pub(super) usernames: HashMap<UserId, Arc<str>>,
    /// Users whose bids are refused as if by their spend limit or pause.
    pub(super) blocked: HashMap<UserId, BidRejected>,
    pub(super) bots: HashMap<BotId, StoredBot>,
    default_balance: i64,
    pub(super) rows: HashMap<AuctionId, Row>,
    pub(super) notifications: Vec<(UserId, AuctionId)>,
    pub(super) next_id: i64,
    pub(super) stats: StoreStats,
    pub(super) unavailable: bool,
    /// Auctions another node took over: their bid commits are refused as by a fence.
    pub(super) fenced: std::collections::HashSet<AuctionId>,
    pub(super) commit_latency: Option<Duration>,
    /// The next bid commit's answer is lost, after or before it commits.
    pub(super) lose_next: Option<LostAnswer>,
    /// Each batch answered in doubt, by its token: what it committed, if it did.
    pub(super) doubts: HashMap<i64, Option<Vec<CommittedBid>>>,
    keep_history: bool,
}

/// How [`MemoryStore::lose_next_commit`](super::MemoryStore::lose_next_commit) loses an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LostAnswer {
    /// The batch committed (its bidders are charged); the answer never came.
    AfterCommit,
    /// The batch never committed; the answer never came either.
    BeforeCommit,
}

pub(super) fn down() -> StoreError {
    StoreError("memory store marked unavailable".into())
}

pub(super) fn missing(auction: AuctionId) -> StoreError {
    StoreError(format!("auction {auction} does not exist"))
}

impl Inner {
    pub(super) fn new(default_balance: i64, keep_history: bool) -> Self {
        Inner { next_id: 1, default_balance, keep_history, ..Inner::default() }
    }

    pub(super) fn next(&mut self) -> i64 {
        self.next_id += 1;
        self.next_id - 1
    }

    pub(super) fn balance(&self, user: UserId) -> i64 {
        self.balances.get(&user).copied().unwrap_or(self.default_balance)
    }

    fn debit(&mut self, user: UserId) -> i64 {
        let balance = self.balance(user) - 1;
        self.balances.insert(user, balance);
        balance
    }

    /// What an in-doubt batch did, once the store answers again.
    pub(super) fn resolve_bids(&mut self, doubt: &Doubt) -> Result<Option<Vec<CommittedBid>>, StoreError> {
        self.check()?;
        Ok(self.doubts.get(&doubt.token).cloned().flatten())
    }

    pub(super) fn check(&self) -> Result<(), StoreError> {
        if self.unavailable { Err(down()) } else { Ok(()) }
    }

    pub(super) fn commit_bids(&mut self, batch: &BidBatch) -> Result<Vec<CommittedBid>, CommitError> {
        if let Some(lost) = self.lose_next.take() {
            let outcome = match lost {
                LostAnswer::AfterCommit => self.commit_bids(batch).ok(),
                LostAnswer::BeforeCommit => None,
            };
            let token = self.next();
            self.doubts.insert(token, outcome);
            // The database died with the answer: away until brought back.
            self.unavailable = true;
            let why = format!("answer lost {lost:?}");
            return Err(CommitError::InDoubt(Doubt { auction: batch.auction, token, keys: Vec::new(), why }));
        }
        let result = self.try_commit_bids(batch);
        match &result {
            Ok(done) => {
                self.stats.commits += 1;
                self.stats.bids_committed += done.len();
            }
            Err(_) => self.stats.failed_commits += 1,
        }
        result
    }

    fn try_commit_bids(&mut self, batch: &BidBatch) -> Result<Vec<CommittedBid>, CommitError> {
        self.check().map_err(|e| CommitError::Unavailable(e.0))?;
        if self.fenced.contains(&batch.auction) {
            return Err(CommitError::Fenced);
        }
        if !self.rows.get(&batch.auction).is_some_and(|r| r.snap.status == AuctionStatus::Live) {
            return Err(CommitError::Unavailable(format!("auction {} is not live", batch.auction)));
        }
        let mut need: HashMap<UserId, i64> = HashMap::new();
        for user in batch.bids.iter().filter(|b| !b.is_prebid).filter_map(|b| b.bidder.id.user()) {
            *need.entry(user).or_default() += 1;
        }
        // Like the SQL: a pause or a spent limit first, then the balance.
        let mut short: Vec<(UserId, BidRejected)> = need
            .iter()
            .filter_map(|(&u, &n)| match self.blocked.get(&u) {
                Some(why) => Some((u, why.clone())),
                None => (self.balance(u) < n).then_some((u, BidRejected::InsufficientBids)),
            })
            .collect();
        if !short.is_empty() {
            short.sort_by_key(|(u, _)| *u);
            return Err(CommitError::Refused(short));
        }
        let keep = self.keep_history;
        let mut committed = Vec::with_capacity(batch.bids.len());
        for bid in &batch.bids {
            let user = bid.bidder.id.user().filter(|_| !bid.is_prebid);
            let balance = user.map(|u| self.debit(u));
            let id = BidId(self.next());
            let row = self.rows.get_mut(&batch.auction).expect("checked above, under the same lock");
            if let Some(u) = user {
                *row.paid.entry(u).or_default() += 1;
            }
            let stored = StoredBid {
                id,
                bidder: bid.bidder.clone(),
                amount: bid.amount,
                stamp: bid.stamp,
                is_prebid: bid.is_prebid,
                is_auto: bid.is_auto,
            };
            if bid.is_auto
                && let Some(u) = user
                && let Some(order) = row.snap.autobids.iter_mut().find(|a| a.user == u)
            {
                // Like the SQL: the auto-bidder's count goes down with the bid, in the same commit.
                order.left = order.left.saturating_sub(1);
                order.active &= order.left > 0;
            }
            row.insert(stored, keep);
            committed.push(CommittedBid { id, balance });
        }
        let row = self.rows.get_mut(&batch.auction).expect("checked above, under the same lock");
        row.set_tally(&batch.result);
        Ok(committed)
    }

    pub(super) fn commit_prebid(
        &mut self,
        auction: AuctionId,
        user: UserId,
        stamp: UnixMillis,
    ) -> Result<CommittedPrebid, PrebidError> {
        self.check().map_err(|e| PrebidError::Unavailable(e.0))?;
        let row = self.rows.get(&auction).ok_or_else(|| PrebidError::Unavailable(missing(auction).0))?;
        if row.snap.prebids.iter().any(|p| p.user == user) {
            return Err(PrebidError::AlreadyPrebid);
        }
        if let Some(why) = self.blocked.get(&user) {
            return Err(PrebidError::Limited(why.clone()));
        }
        if self.balance(user) < 1 {
            return Err(PrebidError::Insufficient);
        }
        let balance = self.debit(user);
        let id = PrebidId(self.next());
        let username = self.usernames.get(&user).cloned().unwrap_or_else(|| format!("user{}", user.0).into());
        let row = self.rows.get_mut(&auction).expect("checked above, under the same lock");
        row.snap.prebids.push(Prebid { id, user, username, stamp });
        *row.paid.entry(user).or_default() += 1;
        self.stats.prebids += 1;
        Ok(CommittedPrebid { id, balance })
    }

    pub(super) fn go_live(&mut self, change: &GoLive) -> Result<Vec<BidId>, StoreError> {
        self.check()?;
        let keep = self.keep_history;
        let ids: Vec<BidId> = change.bids.iter().map(|_| BidId(self.next())).collect();
        let row = self.rows.get_mut(&change.auction).ok_or_else(|| missing(change.auction))?;
        for (bid, id) in change.bids.iter().zip(&ids) {
            let stored = StoredBid {
                id: *id,
                bidder: bid.bidder.clone(),
                amount: bid.amount,
                stamp: bid.stamp,
                is_prebid: true,
                is_auto: false,
            };
            row.insert(stored, keep);
        }
        row.snap.status = AuctionStatus::Live;
        row.set_tally(&change.result);
        self.notifications.extend(change.notify.iter().map(|u| (*u, change.auction)));
        self.stats.go_lives += 1;
        Ok(ids)
    }
}
