//! Database outages (docs/rules/outages.md, "Database outages"): the health monitor, and the last
//! answers kept for the reads that can be served from memory while the database is away.
//!
//! One task probes
//! PostgreSQL every `database.probe_interval_ms`, each probe bounded by `database.timeout_ms`; the
//! probe writes the server's heartbeat, read at the next start (`Registry::launch_after`).
//! The first failed probe tells the auction runtime that the store has been down since the last
//! good probe, so live auctions pause their countdown from then, even those nobody is bidding on;
//! the first good probe after it tells them to resume at once (they also retry on their own).
//!
//! Live and upcoming auctions, their timers and cached sessions are in memory anyway; the list of
//! finished auctions and each user's own account (`/api/auth/me`) are served from the last good
//! answer ([`LastKnown`]), the bid balance kept current by the balance events.

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use deadpool_postgres::Pool;
use tyiyn_actors::view::AuctionInfo;
use tyiyn_actors::{Clock, TokioClock, UnixMillis};

use crate::db::users::UserView;

use crate::runtime::Auctions;

/// Whether the database answered the last probe; shared with handlers.
#[derive(Debug, Default)]
pub struct StoreHealth {
    /// Milliseconds since the epoch of the last good probe before the outage; 0 while up.
    down_since: AtomicI64,
}

impl StoreHealth {
    /// Since when the database has been down, `None` while it answers.
    pub fn down_since(&self) -> Option<UnixMillis> {
        match self.down_since.load(Ordering::Relaxed) {
            0 => None,
            ms => Some(UnixMillis(ms)),
        }
    }
}

/// Starts the monitor on the current actix runtime.
pub fn start(
    pool: Pool,
    auctions: Auctions,
    clock: TokioClock,
    interval: Duration,
    timeout: Duration,
) -> Arc<StoreHealth> {
    let health = Arc::new(StoreHealth::default());
    let shared = health.clone();
    actix_web::rt::spawn(async move {
        let mut last_good = clock.now();
        loop {
            let now = clock.now();
            let good = matches!(tokio::time::timeout(timeout, probe(&pool, now)).await, Ok(Ok(())));
            match (good, shared.down_since()) {
                (true, None) => last_good = now,
                (true, Some(since)) => {
                    tracing::info!(down_ms = now.ms_since(since), "database is back: resuming auctions");
                    shared.down_since.store(0, Ordering::Relaxed);
                    auctions.store_up();
                    last_good = now;
                }
                (false, None) => {
                    tracing::warn!("database unreachable: pausing live auctions");
                    shared.down_since.store(last_good.0.max(1), Ordering::Relaxed);
                    auctions.store_down(last_good);
                }
                (false, Some(_)) => {}
            }
            tokio::time::sleep(interval).await;
        }
    });
    health
}

/// A write, not a read: it also records the server's last sign of life for the next start.
async fn probe(pool: &Pool, now: UnixMillis) -> Result<(), String> {
    let client = pool.get().await.map_err(|e| e.to_string())?;
    crate::db::heartbeat::beat(&client, now).await.map_err(|e| e.to_string())
}

/// The last good answers of the reads that need the database, for while it is away.
#[derive(Debug, Default)]
pub struct LastKnown {
    finished: Mutex<Vec<AuctionInfo>>,
    users: Mutex<HashMap<i64, UserView>>,
}

impl LastKnown {
    /// Keeps the latest list of finished auctions.
    pub fn set_finished(&self, list: &[AuctionInfo]) {
        *lock(&self.finished) = list.to_vec();
    }

    /// The last list of finished auctions read (empty if none was read since the start).
    pub fn finished(&self) -> Vec<AuctionInfo> {
        lock(&self.finished).clone()
    }

    /// Keeps a user's account as last read.
    pub fn set_user(&self, user: &UserView) {
        lock(&self.users).insert(user.id, user.clone());
    }

    /// A user's account as last read, with the latest balance.
    pub fn user(&self, id: i64) -> Option<UserView> {
        lock(&self.users).get(&id).cloned()
    }

    /// A committed bid, pre-bid or refund changed a user's balance.
    pub fn set_balance(&self, id: i64, balance: i64) {
        if let Some(user) = lock(&self.users).get_mut(&id) {
            user.bid_balance = balance;
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}
