//! `[watchlist]`: the cap on watched auctions and the "starting" notice (docs/rules/watchlist.md,
//! "Watchlist"). Its own file: `config.rs` holds the loader and the older sections.

use serde::Deserialize;

/// The watchlist: how many auctions one user may watch, and when and how often the sweeper
/// tells watchers that an auction starts.
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct WatchlistSettings {
    /// Auctions one user may watch at once.
    pub max_watched: i64,
    /// Seconds before an auction's start when its watchers are told it starts.
    pub notice_secs: u64,
    /// Milliseconds between two sweeps for due notices.
    pub sweep_interval_ms: u64,
}

impl Default for WatchlistSettings {
    fn default() -> Self {
        WatchlistSettings { max_watched: 200, notice_secs: 300, sweep_interval_ms: 10_000 }
    }
}
