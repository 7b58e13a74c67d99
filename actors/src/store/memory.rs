//! [`MemoryStore`]: the whole store in one mutex-guarded map, for tests and benches. It follows
//! the SQL semantics the server must give (all-or-nothing batches, idempotent finish) and counts
//! every call so tests can assert what reached the store.

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use crate::bots::{BotAssignment, BotProfile};
use crate::clock::UnixMillis;
use crate::errors::BidRejected;
use crate::ids::{AuctionId, BidId, BotId, Tyiyn, UserId};
use crate::rules::Bidder;

use crate::snapshot::AuctionSnapshot;

mod bots;
mod lifecycle;
mod ops;
mod promotion;
mod row;
mod txn;

use row::{Row, StoredBot};
use txn::Inner;
pub use txn::LostAnswer;

/// A bid as the memory store keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredBid {
    /// Its id.
    pub id: BidId,
    /// Who placed it.
    pub bidder: Bidder,
    /// The price it made.
    pub amount: Tyiyn,
    /// Its arrival stamp.
    pub stamp: UnixMillis,
    /// Whether it is a converted pre-bid.
    pub is_prebid: bool,
    /// Whether an auto-bidder placed it.
    pub is_auto: bool,
}

/// How many calls of each kind reached the store.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StoreStats {
    /// Successful `commit_bids` calls (batches).
    pub commits: usize,
    /// Bids in those batches.
    pub bids_committed: usize,
    /// `commit_bids` calls that failed (insufficient or unavailable).
    pub failed_commits: usize,
    /// Successful pre-bids.
    pub prebids: usize,
    /// Successful go-lives.
    pub go_lives: usize,
    /// `finish` calls, whatever they returned.
    pub finish_calls: usize,
    /// `finish` calls that actually finished the auction.
    pub finished: usize,
    /// Deletions.
    pub deletes: usize,
    /// Deadlines given back after a pause.
    pub resumes: usize,
}

/// An in-memory [`AuctionStore`](super::AuctionStore). Cheap to clone (shared state).
#[derive(Debug, Clone)]
pub struct MemoryStore {
    inner: Arc<Mutex<Inner>>,
}

impl Default for MemoryStore {
    fn default() -> Self {
        Self::new()
    }
}

impl MemoryStore {
    /// An empty store; unknown users have balance 0; full bid history is kept.
    pub fn new() -> Self {
        MemoryStore { inner: Arc::new(Mutex::new(Inner::new(0, true))) }
    }

    /// For benches: unknown users start with `balance`, and only the last 50 bids are kept.
    pub fn for_bench(balance: i64) -> Self {
        MemoryStore { inner: Arc::new(Mutex::new(Inner::new(balance, false))) }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A panic while holding this lock is a test bug already reported; keep the data usable.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Registers a user's name (shown on their pre-bids after a reload) and balance.
    pub fn add_user(&self, user: UserId, username: &str, balance: i64) {
        let mut inner = self.lock();
        inner.usernames.insert(user, username.into());
        inner.balances.insert(user, balance);
    }

    /// Sets a user's bid balance.
    pub fn set_balance(&self, user: UserId, balance: i64) {
        self.lock().balances.insert(user, balance);
    }

    /// Refuses `user`'s bids and pre-bids with `why` ([`BidRejected::LimitReached`] or
    /// [`BidRejected::BiddingPaused`]), as the database does for a spent limit or a pause; `None`
    /// lifts it.
    pub fn set_blocked(&self, user: UserId, why: Option<BidRejected>) {
        let mut inner = self.lock();
        match why {
            Some(why) => inner.blocked.insert(user, why),
            None => inner.blocked.remove(&user),
        };
    }

    /// A user's bid balance.
    pub fn balance(&self, user: UserId) -> i64 {
        self.lock().balance(user)
    }

    /// Makes every call fail as if the database were down (or brings it back).
    pub fn set_unavailable(&self, down: bool) {
        self.lock().unavailable = down;
    }

    /// Loses the answer of the next bid commit, after or before it commits (a database that
    /// died mid-commit): it answers [`CommitError::InDoubt`](crate::store::CommitError::InDoubt)
    /// and the store is unavailable from then on, until [`MemoryStore::set_unavailable`]`(false)`;
    /// then `resolve_bids` tells what the commit did.
    pub fn lose_next_commit(&self, lost: LostAnswer) {
        self.lock().lose_next = Some(lost);
    }

    /// Refuses `auction`'s bid commits as the fence of a lease taken over does.
    pub fn set_fenced(&self, auction: AuctionId) {
        self.lock().fenced.insert(auction);
    }

    /// Delays every `commit_bids` answer by `latency` (tokio time: pause it in tests).
    pub fn set_commit_latency(&self, latency: Option<Duration>) {
        self.lock().commit_latency = latency;
    }

    /// Call counters.
    pub fn stats(&self) -> StoreStats {
        self.lock().stats
    }

    /// Inserts an auction exactly as given (e.g. a live auction, to test a restart), with its bot
    /// assignments (their bots are registered if unknown).
    pub fn seed(&self, snap: AuctionSnapshot) {
        let mut inner = self.lock();
        let top = snap.bots.iter().map(|a| a.id.0).fold(snap.id.0, i64::max);
        inner.next_id = inner.next_id.max(top + 1);
        for a in &snap.bots {
            let bot = StoredBot { profile: a.profile.clone(), active: a.bot_active };
            inner.bots.entry(a.bot).or_insert(bot);
        }
        inner.rows.insert(snap.id, Row::new(snap));
    }

    /// Registers a bot named `first last` (username `bot<id>`), active or not.
    pub fn add_bot(&self, bot: BotId, first: &str, last: &str, active: bool) {
        let profile = BotProfile {
            first_name: first.into(),
            last_name: last.into(),
            username: format!("bot{}", bot.0),
        };
        self.lock().bots.insert(bot, StoredBot { profile, active });
    }

    /// Activates or deactivates a bot, as the server's bot update does (its assignments' rows
    /// then read the new state).
    pub fn set_bot_active(&self, bot: BotId, active: bool) {
        let mut inner = self.lock();
        if let Some(b) = inner.bots.get_mut(&bot) {
            b.active = active;
        }
        for row in inner.rows.values_mut() {
            for a in row.snap.bots.iter_mut().filter(|a| a.bot == bot) {
                a.bot_active = active;
            }
        }
    }

    /// An auction's stored bot assignments.
    pub fn bot_assignments(&self, auction: AuctionId) -> Vec<BotAssignment> {
        self.lock().rows.get(&auction).map(|r| r.snap.bots.clone()).unwrap_or_default()
    }

    /// The stored snapshot of an auction, whatever its status.
    pub fn snapshot(&self, auction: AuctionId) -> Option<AuctionSnapshot> {
        self.lock().rows.get(&auction).map(Row::snapshot)
    }

    /// Every bid stored for an auction, oldest first (empty for benches).
    pub fn bids(&self, auction: AuctionId) -> Vec<StoredBid> {
        self.lock().rows.get(&auction).map(|r| r.history.clone()).unwrap_or_default()
    }

    /// The go-live notifications queued so far: (user, auction).
    pub fn notifications(&self) -> Vec<(UserId, AuctionId)> {
        self.lock().notifications.clone()
    }
}
