//! Login throttling that cannot lock out an account's owner (docs/rules/security.md, "Account
//! protection"). Failures are counted per (account, address) pair, per account and per address.
//! Each attempt reserves its failure *before* the password is checked, under one lock, so
//! simultaneous guesses cannot all reach bcrypt; a success takes its reservation back and clears
//! the pair.
//!
//! - A pair's first `free_failures` guesses are answered at once; each further one must wait
//!   1 s, 2 s, 4 s, … after the pair's last failure; at `max_failures` inside the window the pair
//!   is refused until its oldest failure leaves it. Only the guessing address is refused: the
//!   owner from an address with no failures for the account is always checked.
//! - An account with `account_max_failures` inside the window (guesses from many addresses) is
//!   under attack: each address then gets a single guess at it.
//! - An address with `address_max_failures` inside the window (all accounts) is suspect: its
//!   attempts are never refused for that, so a carrier's shared address keeps working, but each
//!   waits `address_delay` before its check and a wrong password answers 429 instead of 401.
//!
//! Kept in memory (one server process); a restart forgets failures, which only loosens the limits.

use std::net::IpAddr;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use super::rate_limit::{Window, address_key, retry_secs};
use crate::config::ThrottleSettings;

/// The numbers of the login policy (config `[throttle]`).
#[derive(Debug, Clone)]
pub struct LoginPolicy {
    /// How long a failure counts.
    pub window: Duration,
    /// Failures of one pair answered without a wait.
    pub free_failures: usize,
    /// Failures of one pair after which its guesses are refused.
    pub max_failures: usize,
    /// Failures of one account (all addresses) after which each address gets one guess.
    pub account_max_failures: usize,
    /// Failures of one address (all accounts) after which it is suspect.
    pub address_max_failures: usize,
    /// The wait of a suspect address's attempt before its check.
    pub address_delay: Duration,
}

impl From<&ThrottleSettings> for LoginPolicy {
    fn from(s: &ThrottleSettings) -> LoginPolicy {
        LoginPolicy {
            window: Duration::from_secs(s.login_window_secs),
            free_failures: s.login_free_failures as usize,
            max_failures: s.login_max_failures as usize,
            account_max_failures: s.login_account_max_failures as usize,
            address_max_failures: s.login_address_max_failures as usize,
            address_delay: Duration::from_millis(s.login_address_delay_ms),
        }
    }
}

/// The longest wait between two guesses of a pair before it is refused outright.
const MAX_STEP: Duration = Duration::from_secs(300);

type Pair = (String, IpAddr);

struct Counts {
    pairs: Window<Pair>,
    accounts: Window<String>,
    addresses: Window<IpAddr>,
}

/// Failed-login counts, shared by all requests.
pub struct LoginThrottle {
    policy: LoginPolicy,
    counts: Mutex<Counts>,
}

impl LoginThrottle {
    pub fn new(policy: LoginPolicy) -> LoginThrottle {
        let counts = Counts {
            pairs: Window::new(policy.window),
            accounts: Window::new(policy.window),
            addresses: Window::new(policy.window),
        };
        LoginThrottle { policy, counts: Mutex::new(counts) }
    }

    fn counts(&self) -> MutexGuard<'_, Counts> {
        // A poisoned lock only means another request panicked between two plain updates.
        self.counts.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Reserves a failure for `username` from `address` at `now`, before its password is checked;
    /// `Err(seconds to wait)` when this pair may not guess now. The reservation counts as a failure
    /// unless [`Attempt::succeeded`] is called; dropped otherwise (an error before the check, a
    /// cancelled request), it is taken back.
    pub fn begin(&self, username: &str, address: IpAddr, now: Instant) -> Result<Attempt<'_>, u64> {
        let p = &self.policy;
        let account = username.trim().to_lowercase();
        let address = address_key(address);
        let pair = (account.clone(), address);
        let mut c = self.counts();
        let failures = c.pairs.count(&pair, now);
        let under_attack = c.accounts.count(&account, now) >= p.account_max_failures;
        let max = if under_attack { 1 } else { p.max_failures };
        let refused = c.pairs.wait_below(&pair, max, now);
        if !refused.is_zero() {
            return Err(retry_secs(refused));
        }
        if failures >= p.free_failures
            && let Some(last) = c.pairs.newest(&pair)
        {
            let step = 2u32.saturating_pow((failures - p.free_failures).min(16) as u32);
            let ready = last + Duration::from_secs(1).saturating_mul(step).min(MAX_STEP);
            if ready > now {
                return Err(retry_secs(ready - now));
            }
        }
        let suspect = c.addresses.count(&address, now) >= p.address_max_failures;
        c.pairs.push(pair.clone(), now);
        c.accounts.push(account, now);
        c.addresses.push(address, now);
        Ok(Attempt { throttle: self, pair, at: now, suspect, settled: false })
    }

    /// The wait a suspect address's attempt makes before its check.
    pub fn address_delay(&self) -> Duration {
        self.policy.address_delay
    }
}

/// One login attempt's reserved failure.
pub struct Attempt<'a> {
    throttle: &'a LoginThrottle,
    pair: Pair,
    at: Instant,
    /// The address is over its failure limit: delay the check, answer a wrong password with 429.
    pub suspect: bool,
    settled: bool,
}

impl Attempt<'_> {
    /// The password was wrong (or the account unknown): the reserved failure stays counted.
    pub fn failed(mut self) {
        self.settled = true;
    }

    /// The password was right: the reservation is taken back and the pair's failures forgotten
    /// (the account's and the address's earlier failures stay: logging in to an account one owns
    /// must not reset a guessing address's count).
    pub fn succeeded(mut self) {
        self.settled = true;
        self.release(true);
    }

    fn release(&self, clear_pair: bool) {
        let mut c = self.throttle.counts();
        if clear_pair {
            c.pairs.clear(&self.pair);
        } else {
            c.pairs.remove_one(&self.pair, self.at);
        }
        c.accounts.remove_one(&self.pair.0, self.at);
        c.addresses.remove_one(&self.pair.1, self.at);
    }
}

impl Drop for Attempt<'_> {
    fn drop(&mut self) {
        if !self.settled {
            self.release(false);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy() -> LoginPolicy {
        LoginPolicy {
            window: Duration::from_secs(900),
            free_failures: 3,
            max_failures: 10,
            account_max_failures: 50,
            address_max_failures: 100,
            address_delay: Duration::from_secs(1),
        }
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().expect("test address")
    }

    const ATTACKER: &str = "203.0.113.7";
    const OWNER: &str = "198.51.100.20";

    /// Guesses (all wrong) at `username` from `address` every `gap` from `start`; how many were let through.
    fn guess(t: &LoginThrottle, username: &str, address: &str, start: Instant, gap: Duration, n: u32) -> u32 {
        (0..n)
            .filter_map(|i| t.begin(username, ip(address), start + gap * i).ok().map(Attempt::failed))
            .count() as u32
    }

    #[test]
    fn simultaneous_guesses_reserve_before_the_check_so_only_the_free_ones_pass() {
        let t = LoginThrottle::new(policy());
        let now = Instant::now();
        let held: Vec<_> = (0..60).filter_map(|_| t.begin("bakyt", ip(ATTACKER), now).ok()).collect();
        assert_eq!(held.len(), 3, "the 4th must wait a second after the 3rd");
        assert_eq!(t.begin("bakyt", ip(ATTACKER), now).err(), Some(1));
    }

    #[test]
    fn guesses_slow_down_then_the_pair_is_refused_for_the_window() {
        let t = LoginThrottle::new(policy());
        let start = Instant::now();
        assert_eq!(guess(&t, "bakyt", ATTACKER, start, Duration::from_secs(1), 5), 4);
        // Paced by the doubling wait, ten guesses get through, the eleventh is refused.
        let mut at = start + Duration::from_secs(5);
        let mut through = 0;
        while at < start + Duration::from_secs(800) {
            if let Ok(a) = t.begin("bakyt", ip(ATTACKER), at) {
                a.failed();
                through += 1;
            }
            at += Duration::from_secs(1);
        }
        assert_eq!(through + 4, 10);
        assert_eq!(t.begin("bakyt", ip(ATTACKER), at).err(), Some(100), "until the first guess is 900 s old");
    }

    #[test]
    fn the_owner_from_a_clean_address_is_checked_while_the_attacker_is_refused() {
        let t = LoginThrottle::new(policy());
        let start = Instant::now();
        assert_eq!(guess(&t, "bakyt", ATTACKER, start, Duration::ZERO, 30), 3);
        assert!(t.begin("bakyt", ip(ATTACKER), start).is_err());
        let owner = t.begin("Bakyt", ip(OWNER), start).expect("owner is checked");
        assert!(!owner.suspect);
        owner.succeeded();
    }

    #[test]
    fn an_account_under_attack_gives_each_address_one_guess_and_clean_addresses_theirs() {
        let t = LoginThrottle::new(policy());
        let now = Instant::now();
        for i in 0..50 {
            assert_eq!(guess(&t, "bakyt", &format!("10.0.{}.1", i), now, Duration::ZERO, 1), 1);
        }
        assert!(t.begin("bakyt", ip("10.0.0.1"), now).is_err(), "a second guess from a guessing address");
        assert!(t.begin("bakyt", ip(OWNER), now).is_ok(), "the owner's clean address");
    }

    #[test]
    fn a_suspect_address_is_never_refused_for_another_account() {
        let t = LoginThrottle::new(policy());
        let now = Instant::now();
        for i in 0..100 {
            assert_eq!(guess(&t, &format!("user{i}"), ATTACKER, now, Duration::ZERO, 1), 1);
        }
        let attempt = t.begin("asel", ip(ATTACKER), now).expect("another account is still checked");
        assert!(attempt.suspect, "but slowly, and a wrong password answers 429");
        attempt.succeeded();
        let attempt = t.begin("asel", ip(ATTACKER), now).expect("a success does not lower the address count");
        assert!(attempt.suspect);
    }

    #[test]
    fn a_success_clears_the_pair_and_a_dropped_attempt_takes_its_reservation_back() {
        let t = LoginThrottle::new(policy());
        let now = Instant::now();
        guess(&t, "bakyt", OWNER, now, Duration::ZERO, 3);
        assert!(t.begin("bakyt", ip(OWNER), now).is_err());
        let later = now + Duration::from_secs(1);
        t.begin("bakyt", ip(OWNER), later).expect("a second later").succeeded();
        for _ in 0..5 {
            drop(t.begin("bakyt", ip(OWNER), later).expect("cleared"));
        }
        assert_eq!(guess(&t, "bakyt", OWNER, later, Duration::ZERO, 5), 3);
    }
}
