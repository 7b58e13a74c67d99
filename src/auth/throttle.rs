//! Failed-login throttling per account and per IP address: after `max` failures inside the window,
//! further attempts get 429 with Retry-After until the oldest failure leaves the window.
//! Kept in memory (one server process); a restart forgets failures, which only loosens the limit.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub struct LoginThrottle {
    max: usize,
    window: Duration,
    failures: Mutex<HashMap<String, VecDeque<Instant>>>,
}

impl LoginThrottle {
    pub fn new(max: u32, window: Duration) -> LoginThrottle {
        LoginThrottle { max: max as usize, window, failures: Mutex::new(HashMap::new()) }
    }

    /// `Err(seconds to wait)` when any of `keys` is over the limit.
    pub fn check(&self, keys: &[String], now: Instant) -> Result<(), u64> {
        let mut map = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        let mut wait = Duration::ZERO;
        for key in keys {
            if let Some(times) = map.get_mut(key) {
                while times.front().is_some_and(|t| now.duration_since(*t) >= self.window) {
                    times.pop_front();
                }
                if times.len() >= self.max
                    && let Some(oldest) = times.front()
                {
                    wait = wait.max(self.window - now.duration_since(*oldest));
                }
            }
        }
        if wait.is_zero() { Ok(()) } else { Err(wait.as_secs().max(1)) }
    }

    /// Records one failure under each key.
    pub fn fail(&self, keys: &[String], now: Instant) {
        let mut map = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() > 100_000 {
            // Bound memory under a flood of distinct keys: drop entries whose window passed.
            map.retain(|_, t| t.back().is_some_and(|last| now.duration_since(*last) < self.window));
        }
        for key in keys {
            map.entry(key.clone()).or_default().push_back(now);
        }
    }

    /// Forgets an account's failures after a successful login.
    pub fn clear(&self, key: &str) {
        self.failures.lock().unwrap_or_else(|e| e.into_inner()).remove(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eleventh_attempt_within_the_window_is_refused() {
        let throttle = LoginThrottle::new(10, Duration::from_secs(900));
        let keys = vec!["u:aibek".to_owned()];
        let start = Instant::now();
        for _ in 0..10 {
            assert!(throttle.check(&keys, start).is_ok());
            throttle.fail(&keys, start);
        }
        assert_eq!(throttle.check(&keys, start), Err(900));
        assert!(throttle.check(&keys, start + Duration::from_secs(900)).is_ok());
    }
}
