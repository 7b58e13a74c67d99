//! Leases on auctions (issue 25; docs/rules/cluster.md, "Leases and fences"): with several nodes on
//! one database, an upcoming or live auction runs on the node that holds its lease, which runs out
//! unless renewed. Each lease taken carries a new fencing number, written on the auction's row in
//! the same transaction (waiting there for a commit in flight); the owner's writes name the fence
//! they were made under, and the row refuses any other (`commit_bid_groups`' `t_fences`). So a
//! node that lost its lease without noticing (frozen, cut off) can never commit a bid after the
//! next owner took over.
//!
//! [`Fences`] is what this node holds, shared between whoever takes and renews the leases and the
//! group committer that names them.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Instant;

use chrono::{DateTime, Utc};
use deadpool_postgres::GenericClient;

macro_rules! q {
    ($name:literal) => {
        include_str!(concat!("../../sql/queries/lease/", $name, ".sql"))
    };
}

/// The fence a write names for an auction this node holds no lease on: no row has it, so the
/// write is refused.
pub const NO_LEASE: i64 = -1;

/// The leases this node holds: auction id → fence, with the node's name and how long a lease
/// lasts. Cheap to clone; every clone is the same map.
#[derive(Debug, Clone)]
pub struct Fences {
    held: Arc<RwLock<HashMap<i64, i64>>>,
    node: Arc<str>,
    ttl_ms: i64,
    /// When the last renewal that PostgreSQL took was sent: milliseconds after `epoch`, plus one
    /// (0: never).
    renewed: Arc<AtomicU64>,
    epoch: Instant,
}

impl Fences {
    /// No leases yet, for node `node`, whose leases last `ttl_ms`.
    pub fn new(node: &str, ttl_ms: i64) -> Fences {
        Fences {
            held: Arc::default(),
            node: node.into(),
            ttl_ms,
            renewed: Arc::default(),
            epoch: Instant::now(),
        }
    }

    /// Records that a renewal sent at `sent` was taken: the leases it answered run until at
    /// least `sent` + the lease time.
    pub fn renewed(&self, sent: Instant) {
        let ms = sent.saturating_duration_since(self.epoch).as_millis() as u64 + 1;
        self.renewed.fetch_max(ms, Ordering::Relaxed);
    }

    /// Whether this node's leases are surely still its own: the last renewal PostgreSQL took was
    /// sent less than a lease time ago. A node that was frozen (SIGSTOP, a stalled VM) or cut off
    /// from PostgreSQL for longer may have lost them without hearing of it yet: until its keeper
    /// renews or steps them down, its requests go to whichever node holds each lease now
    /// (`crate::cluster::forward`), not to its own actors' stale state.
    pub fn fresh(&self) -> bool {
        let at = self.renewed.load(Ordering::Relaxed);
        at > 0 && (self.epoch.elapsed().as_millis() as u64 + 1).saturating_sub(at) < self.ttl_ms as u64
    }

    /// Whether this node holds `auction`'s lease (as far as its keeper last heard).
    pub fn holds(&self, auction: i64) -> bool {
        self.read().contains_key(&auction)
    }

    /// This node's name.
    pub fn node(&self) -> &str {
        &self.node
    }

    /// How long a lease lasts without renewal, in milliseconds.
    pub fn ttl_ms(&self) -> i64 {
        self.ttl_ms
    }

    /// The fence to write `auction` under: its lease's, or [`NO_LEASE`].
    pub fn of(&self, auction: i64) -> i64 {
        self.read().get(&auction).copied().unwrap_or(NO_LEASE)
    }

    /// Records that this node holds `auction` under `fence`.
    pub fn hold(&self, auction: i64, fence: i64) {
        self.write().insert(auction, fence);
    }

    /// Forgets `auction`'s lease (lost or given up).
    pub fn drop_lease(&self, auction: i64) {
        self.write().remove(&auction);
    }

    /// Every auction held, with its fence.
    pub fn held(&self) -> Vec<(i64, i64)> {
        self.read().iter().map(|(a, f)| (*a, *f)).collect()
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, HashMap<i64, i64>> {
        // Nothing panics while holding the lock; recover regardless.
        self.held.read().unwrap_or_else(|e| e.into_inner())
    }

    fn write(&self) -> std::sync::RwLockWriteGuard<'_, HashMap<i64, i64>> {
        self.held.write().unwrap_or_else(|e| e.into_inner())
    }
}

/// Takes `auction`'s lease for `node` for `ttl_ms` if it is free or has run out: the new fence,
/// or `None` when another node's lease is live.
pub async fn take(
    db: &impl GenericClient,
    auction: i64,
    node: &str,
    ttl_ms: i64,
) -> Result<Option<i64>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("take")).await?;
    Ok(db.query_opt(&stmt, &[&auction, &node, &(ttl_ms as f64)]).await?.map(|r| r.get(0)))
}

/// Renews every live lease of `node` for `ttl_ms`: the auctions (and fences) it still holds.
pub async fn renew(
    db: &impl GenericClient,
    node: &str,
    ttl_ms: i64,
) -> Result<Vec<(i64, i64)>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("renew")).await?;
    Ok(db.query(&stmt, &[&node, &(ttl_ms as f64)]).await?.iter().map(|r| (r.get(0), r.get(1))).collect())
}

/// Gives up `node`'s lease `fence` on `auction`; `false` when it held no such lease.
pub async fn release(
    db: &impl GenericClient,
    auction: i64,
    node: &str,
    fence: i64,
) -> Result<bool, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("release")).await?;
    Ok(db.execute(&stmt, &[&auction, &node, &fence]).await? == 1)
}

/// Who holds `auction`'s live lease, with its fence.
pub async fn owner(
    db: &impl GenericClient,
    auction: i64,
) -> Result<Option<(String, i64)>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_owner")).await?;
    Ok(db.query_opt(&stmt, &[&auction]).await?.map(|r| (r.get(0), r.get(1))))
}

/// An auction nobody holds, and since when nobody could bid on it: its last holder's last
/// renewal (`None`: it was never leased).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Free {
    pub auction: i64,
    pub held_until_ms: Option<i64>,
    /// Its last holder stopped renewing the lease (died, froze) instead of handing it over.
    pub lapsed: bool,
}

/// Up to `limit` upcoming or live auctions without a live lease, oldest first.
pub async fn free(
    db: &impl GenericClient,
    limit: i64,
    ttl_ms: i64,
) -> Result<Vec<Free>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_free")).await?;
    Ok(db
        .query(&stmt, &[&limit, &ttl_ms])
        .await?
        .iter()
        .map(|r| Free { auction: r.get(0), held_until_ms: r.get(1), lapsed: r.get(2) })
        .collect())
}

/// A node's figures at a beat.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Figures {
    pub bids_per_sec: f32,
    pub sockets: i32,
    /// It drains of itself (SIGTERM).
    pub draining: bool,
}

/// What a beat answers: the nodes seen within the window (itself included, draining ones not),
/// the upcoming or live auctions, and whether this node is to drain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Beat {
    pub nodes: i64,
    pub active: i64,
    pub draining: bool,
}

/// Records that `node` starts (again), not draining.
pub async fn start(db: &impl GenericClient, node: &str) -> Result<(), tokio_postgres::Error> {
    db.execute(&db.prepare_cached(q!("start_node")).await?, &[&node]).await.map(drop)
}

/// Records that `node` is alive with `figures`.
pub async fn beat(
    db: &impl GenericClient,
    node: &str,
    window_ms: i64,
    figures: Figures,
) -> Result<Beat, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("beat_node")).await?;
    let params: [&(dyn tokio_postgres::types::ToSql + Sync); 5] =
        [&node, &(window_ms as f64), &figures.bids_per_sec, &figures.sockets, &figures.draining];
    let row = db.query_one(&stmt, &params).await?;
    Ok(Beat { nodes: row.get(0), active: row.get(1), draining: row.get(2) })
}

/// Whether `auction` is upcoming or live, so that some node runs it (or will once it takes the
/// lease): a node that does not run it answers that it is elsewhere, not that it is missing.
pub async fn active(db: &impl GenericClient, auction: i64) -> Result<bool, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_active")).await?;
    Ok(db.query_one(&stmt, &[&auction]).await?.get(0))
}

/// A node as the operator's page shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct NodeRow {
    pub id: String,
    pub started_at: DateTime<Utc>,
    pub last_seen_at: DateTime<Utc>,
    /// Seen within the window asked for.
    pub alive: bool,
    pub draining: bool,
    pub bids_per_sec: f32,
    pub sockets: i32,
    /// The auctions it holds live leases on.
    pub auctions: Vec<i64>,
}

/// Every node that shared this database (at most 200, the live ones first); `alive`: seen
/// within `window_ms`.
pub async fn nodes(db: &impl GenericClient, window_ms: i64) -> Result<Vec<NodeRow>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_nodes")).await?;
    Ok(db
        .query(&stmt, &[&(window_ms as f64)])
        .await?
        .iter()
        .map(|r| NodeRow {
            id: r.get("id"),
            started_at: r.get("started_at"),
            last_seen_at: r.get("last_seen_at"),
            alive: r.get("alive"),
            draining: r.get("draining"),
            bids_per_sec: r.get("bids_per_sec"),
            sockets: r.get("sockets"),
            auctions: r.get("auctions"),
        })
        .collect())
}

/// Tells `node` to drain (`true`) or to take its share again; whether it was draining before,
/// `None` for an unknown node.
pub async fn set_draining(
    db: &impl GenericClient,
    node: &str,
    on: bool,
) -> Result<Option<bool>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("set_draining")).await?;
    Ok(db.query_opt(&stmt, &[&node, &on]).await?.map(|r| r.get(0)))
}
