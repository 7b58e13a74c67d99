//! Seconds left on each live auction: the hub's once-a-second `timerUpdate` and `GET /api/timers`.

use std::collections::BTreeMap;

use tyiyn_actors::clock::UnixMillis;
use tyiyn_actors::view::AuctionInfo;

/// Auction id → whole seconds left of every live auction in `views` (frozen while paused): the
/// `timers` event and `GET /api/timers`.
pub fn timers(views: &[AuctionInfo], now: UnixMillis) -> BTreeMap<String, i64> {
    views
        .iter()
        .filter_map(|a| Some((a.id.to_string(), seconds_left(now.plus_ms(a.ms_left(now)?), now))))
        .collect()
}

/// Whole seconds until `ends_at`, rounded up, never negative.
pub fn seconds_left(ends_at: UnixMillis, now: UnixMillis) -> i64 {
    let ms = ends_at.0 - now.0;
    if ms <= 0 { 0 } else { (ms + 999) / 1000 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_left_rounds_up_and_stops_at_zero() {
        assert_eq!(seconds_left(UnixMillis(10_000), UnixMillis(0)), 10);
        assert_eq!(seconds_left(UnixMillis(10_000), UnixMillis(1)), 10);
        assert_eq!(seconds_left(UnixMillis(10_000), UnixMillis(9_001)), 1);
        assert_eq!(seconds_left(UnixMillis(10_000), UnixMillis(10_000)), 0);
        assert_eq!(seconds_left(UnixMillis(10_000), UnixMillis(12_000)), 0);
    }
}
