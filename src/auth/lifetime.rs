//! How long a session lives (docs/rules/sessions.md, "Sessions").

use chrono::{DateTime, Duration, Utc};

/// How long sessions live: the rule both the cache and the durable copy are judged by.
#[derive(Debug, Clone, Copy)]
pub struct Lifetime {
    /// A session unused this long ends.
    pub idle: Duration,
    /// A session this old ends, used or not.
    pub max: Duration,
}

impl Lifetime {
    /// From the settings' days; both must be at least one day.
    pub fn from_days(idle_days: i64, max_days: i64) -> anyhow::Result<Lifetime> {
        let days = |n: i64, key: &str| {
            Duration::try_days(n)
                .filter(|_| n >= 1)
                .ok_or_else(|| anyhow::anyhow!("auth.{key} must be a whole number of days from 1, not {n}"))
        };
        Ok(Lifetime { idle: days(idle_days, "session_idle_days")?, max: days(max_days, "session_max_days")? })
    }

    /// Whether a session started at `created_at` and last seen at `last_seen_at` is alive at `now`.
    pub fn alive(&self, created_at: DateTime<Utc>, last_seen_at: DateTime<Utc>, now: DateTime<Utc>) -> bool {
        now - last_seen_at < self.idle && now - created_at < self.max
    }

    /// How stale the recorded last use may get before a request writes it again (and re-reads
    /// the durable copy): a tenth of the idle timeout, at most an hour.
    pub fn touch_every(&self) -> Duration {
        (self.idle / 10).min(Duration::hours(1))
    }
}
