//! Per-address request limits (registrations, availability checks) and the sliding-window counter
//! they and the login throttle share. A slot is taken atomically before the work it guards and
//! given back if that work did not happen, so simultaneous requests cannot all slip under a limit.
//! Kept in memory (one server process); a restart forgets the counts, which only loosens a limit.

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Keys kept before a sweep drops those whose window has passed (bounds memory under a flood of
/// distinct addresses or usernames).
const SWEEP_ABOVE: usize = 100_000;

/// A client address as a limit key: IPv4 as it is, IPv6 by its /64 prefix (one subscriber gets a
/// whole /64, so counting single IPv6 addresses would count nothing), an IPv4-mapped IPv6 address
/// as its IPv4 address.
pub fn address_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

/// Whole seconds to wait (at least 1), for `Retry-After`.
pub fn retry_secs(wait: Duration) -> u64 {
    u64::try_from(wait.as_millis().div_ceil(1000)).unwrap_or(u64::MAX).max(1)
}

/// The times of recent events per key, inside a sliding window.
pub(crate) struct Window<K> {
    window: Duration,
    events: HashMap<K, VecDeque<Instant>>,
}

impl<K: Hash + Eq + Clone> Window<K> {
    pub(crate) fn new(window: Duration) -> Window<K> {
        Window { window, events: HashMap::new() }
    }

    /// How many of `key`'s events are inside the window at `now` (older ones are dropped).
    pub(crate) fn count(&mut self, key: &K, now: Instant) -> usize {
        let Some(times) = self.events.get_mut(key) else { return 0 };
        while times.front().is_some_and(|t| now.saturating_duration_since(*t) >= self.window) {
            times.pop_front();
        }
        let n = times.len();
        if n == 0 {
            self.events.remove(key);
        }
        n
    }

    /// How long until `key` has fewer than `max` events in the window; zero when it already has.
    pub(crate) fn wait_below(&mut self, key: &K, max: usize, now: Instant) -> Duration {
        let n = self.count(key, now);
        match self.events.get(key) {
            Some(times) if n >= max => {
                // The (n - max + 1)-th oldest event has to leave the window.
                let leaving = times[n - max.max(1)];
                self.window.saturating_sub(now.saturating_duration_since(leaving))
            }
            _ => Duration::ZERO,
        }
    }

    /// The newest of `key`'s events.
    pub(crate) fn newest(&self, key: &K) -> Option<Instant> {
        self.events.get(key).and_then(|t| t.back().copied())
    }

    /// Records an event for `key` at `now`.
    pub(crate) fn push(&mut self, key: K, now: Instant) {
        if self.events.len() > SWEEP_ABOVE {
            let window = self.window;
            self.events
                .retain(|_, t| t.back().is_some_and(|last| now.saturating_duration_since(*last) < window));
        }
        self.events.entry(key).or_default().push_back(now);
    }

    /// Takes back one event of `key` recorded at `at` (a reservation that turned out not to count).
    pub(crate) fn remove_one(&mut self, key: &K, at: Instant) {
        if let Some(times) = self.events.get_mut(key) {
            if let Some(i) = times.iter().rposition(|t| *t == at) {
                times.remove(i);
            }
            if times.is_empty() {
                self.events.remove(key);
            }
        }
    }

    /// Forgets all of `key`'s events.
    pub(crate) fn clear(&mut self, key: &K) {
        self.events.remove(key);
    }
}

/// At most `max` events per client address within a sliding window.
pub struct RateLimit {
    max: usize,
    counts: Mutex<Window<IpAddr>>,
}

impl RateLimit {
    /// `max` events per address per `window`.
    pub fn new(max: u32, window: Duration) -> RateLimit {
        RateLimit { max: max as usize, counts: Mutex::new(Window::new(window)) }
    }

    fn counts(&self) -> std::sync::MutexGuard<'_, Window<IpAddr>> {
        // A poisoned lock only means another request panicked between two plain updates.
        self.counts.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Takes a slot for `address` at `now`; `Err(seconds until one frees)` when none is left. The
    /// slot is given back when the returned [`Slot`] is dropped without [`Slot::keep`].
    pub fn take(&self, address: IpAddr, now: Instant) -> Result<Slot<'_>, u64> {
        let key = address_key(address);
        let mut counts = self.counts();
        let wait = counts.wait_below(&key, self.max, now);
        if !wait.is_zero() {
            return Err(retry_secs(wait));
        }
        counts.push(key, now);
        Ok(Slot { limit: self, key, at: now, kept: false })
    }
}

/// A taken slot of a [`RateLimit`]: it counts once [`Slot::keep`] is called, and is given back if
/// dropped before (the guarded work failed or the request was cancelled).
pub struct Slot<'a> {
    limit: &'a RateLimit,
    key: IpAddr,
    at: Instant,
    kept: bool,
}

impl Slot<'_> {
    /// The guarded work happened: the slot stays counted until it leaves the window.
    pub fn keep(mut self) {
        self.kept = true;
    }
}

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        if !self.kept {
            self.limit.counts().remove_one(&self.key, self.at);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().expect("test address")
    }

    #[test]
    fn the_sixth_registration_within_the_hour_waits_for_the_first_to_leave() {
        let limit = RateLimit::new(5, Duration::from_secs(3600));
        let start = Instant::now();
        for i in 0..5 {
            limit.take(ip("10.0.0.1"), start + Duration::from_secs(i)).expect("under the limit").keep();
        }
        assert_eq!(limit.take(ip("10.0.0.1"), start + Duration::from_secs(10)).err(), Some(3590));
        assert!(limit.take(ip("10.0.0.2"), start).is_ok(), "another address has its own count");
        assert!(limit.take(ip("10.0.0.1"), start + Duration::from_secs(3600)).is_ok());
    }

    #[test]
    fn a_slot_dropped_without_keep_is_given_back() {
        let limit = RateLimit::new(1, Duration::from_secs(60));
        let now = Instant::now();
        drop(limit.take(ip("10.0.0.1"), now).expect("free"));
        limit.take(ip("10.0.0.1"), now).expect("given back").keep();
        assert_eq!(limit.take(ip("10.0.0.1"), now).err(), Some(60));
    }

    #[test]
    fn ipv6_addresses_count_by_their_64_prefix() {
        assert_eq!(address_key(ip("2001:db8:1:2:aaaa::1")), address_key(ip("2001:db8:1:2:bbbb::2")));
        assert_ne!(address_key(ip("2001:db8:1:2::1")), address_key(ip("2001:db8:1:3::1")));
        assert_eq!(address_key(ip("::ffff:10.0.0.1")), ip("10.0.0.1"));
    }

    #[test]
    fn retry_after_rounds_up_to_whole_seconds() {
        assert_eq!(retry_secs(Duration::from_millis(1)), 1);
        assert_eq!(retry_secs(Duration::from_millis(2000)), 2);
        assert_eq!(retry_secs(Duration::from_millis(2001)), 3);
        assert_eq!(retry_secs(Duration::ZERO), 1);
    }
}
