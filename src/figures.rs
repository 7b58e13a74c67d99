//! This node's figures for the operator's cluster page, counted where they happen and read by
//! the lease keeper at each beat: bids accepted, and sockets open.

use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::time::Instant;

static BIDS: AtomicU64 = AtomicU64::new(0);
static SOCKETS: AtomicI64 = AtomicI64::new(0);

/// A bid was accepted here.
pub fn bid_accepted() {
    BIDS.fetch_add(1, Ordering::Relaxed);
}

/// A socket opened (`+1`) or closed (`-1`) here.
pub fn socket(change: i64) {
    SOCKETS.fetch_add(change, Ordering::Relaxed);
}

/// Bids accepted a second since `last` (then `last` is now, and the count starts again).
pub fn bids_per_sec(last: &mut Instant) -> f32 {
    let bids = BIDS.swap(0, Ordering::Relaxed);
    let secs = last.elapsed().as_secs_f32().max(0.001);
    *last = Instant::now();
    bids as f32 / secs
}

/// Sockets open now.
pub fn sockets() -> i32 {
    i32::try_from(SOCKETS.load(Ordering::Relaxed).max(0)).unwrap_or(i32::MAX)
}
