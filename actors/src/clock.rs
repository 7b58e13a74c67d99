//! The one clock of the runtime.
//!
//! Everything that needs "now" reads it through [`Clock`], so tests drive time: [`ManualClock`]
//! for pure tests, [`TokioClock`] under `tokio::time::pause()`/`advance()`, which moves this clock
//! and the actors' `run_later` timers together. No test sleeps to wait for a countdown.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A point in time: milliseconds since the Unix epoch (UTC).
///
/// Serializes as an RFC 3339 string with milliseconds (`2026-11-22T05:46:33.123Z`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct UnixMillis(pub i64);

impl UnixMillis {
    /// This instant shifted by `ms` milliseconds (negative goes back).
    pub fn plus_ms(self, ms: i64) -> UnixMillis {
        UnixMillis(self.0.saturating_add(ms))
    }

    /// Milliseconds from `earlier` to `self` (negative when `earlier` is later).
    pub fn ms_since(self, earlier: UnixMillis) -> i64 {
        self.0.saturating_sub(earlier.0)
    }

    /// The time from now until `self`, zero when it has passed: a timer's delay.
    pub fn delay_from(self, now: UnixMillis) -> Duration {
        Duration::from_millis(self.ms_since(now).max(0).unsigned_abs())
    }

    /// The RFC 3339 form, e.g. `2026-11-22T05:46:33.123Z`.
    pub fn to_rfc3339(self) -> String {
        match chrono::DateTime::from_timestamp_millis(self.0) {
            Some(t) => t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
            // Only for instants beyond year ±262143, which no auction has.
            None => self.0.to_string(),
        }
    }
}

impl Serialize for UnixMillis {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_rfc3339())
    }
}

impl<'de> Deserialize<'de> for UnixMillis {
    /// The RFC 3339 string [`Serialize`] writes, read back with chrono (any offset, converted to
    /// UTC). Refuses finer than a millisecond. Also reads the plain-digits form written for an
    /// instant chrono cannot represent.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        UnixMillis::parse(&text).ok_or_else(|| {
            serde::de::Error::invalid_value(
                serde::de::Unexpected::Str(&text),
                &"an RFC 3339 instant with at most millisecond precision",
            )
        })
    }
}

impl UnixMillis {
    /// Parses what [`UnixMillis::to_rfc3339`] writes.
    fn parse(text: &str) -> Option<UnixMillis> {
        let parsed = chrono::DateTime::parse_from_rfc3339(text)
            // Years past 9999 or before 0 come with a sign and more digits than RFC 3339 allows.
            .or_else(|_| text.parse::<chrono::DateTime<chrono::FixedOffset>>());
        match parsed {
            Ok(t) if t.timestamp_subsec_nanos() % 1_000_000 == 0 => Some(UnixMillis(t.timestamp_millis())),
            Ok(_) => None,
            Err(_) => text
                .parse::<i64>()
                .ok()
                .filter(|ms| chrono::DateTime::from_timestamp_millis(*ms).is_none())
                .map(UnixMillis),
        }
    }
}

impl utoipa::PartialSchema for UnixMillis {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
        ObjectBuilder::new()
            .schema_type(Type::String)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::DateTime)))
            .description(Some("An instant in UTC, RFC 3339 with milliseconds."))
            .examples([serde_json::json!("2026-11-22T05:46:33.123Z")])
            .into()
    }
}

impl utoipa::ToSchema for UnixMillis {}

/// The source of "now" for the runtime and for the server's request stamps.
pub trait Clock: Clone + Send + Sync + Unpin + 'static {
    /// The current time.
    fn now(&self) -> UnixMillis;
}

/// The production clock: the wall clock read once at construction, advanced by tokio's monotonic
/// `Instant`. Under `tokio::time::pause()` it follows paused time, exactly like actix timers.
#[derive(Debug, Clone)]
pub struct TokioClock {
    epoch: UnixMillis,
    start: tokio::time::Instant,
}

impl TokioClock {
    /// A clock that reads the wall clock now and follows tokio's time from here on.
    pub fn new() -> Self {
        let wall = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_millis() as i64)
            // A system clock before 1970 is a broken host; start the count at the epoch.
            .unwrap_or(0);
        Self::starting_at(UnixMillis(wall))
    }

    /// A clock whose current reading is `epoch` (tests use a fixed, readable date).
    pub fn starting_at(epoch: UnixMillis) -> Self {
        TokioClock { epoch, start: tokio::time::Instant::now() }
    }
}

impl Default for TokioClock {
    fn default() -> Self {
        Self::new()
    }
}

impl Clock for TokioClock {
    fn now(&self) -> UnixMillis {
        self.epoch.plus_ms(self.start.elapsed().as_millis() as i64)
    }
}

/// A clock that moves only when told: for pure tests and benches.
#[derive(Debug, Clone, Default)]
pub struct ManualClock {
    now: Arc<AtomicI64>,
}

impl ManualClock {
    /// A clock reading `at`.
    pub fn new(at: UnixMillis) -> Self {
        ManualClock { now: Arc::new(AtomicI64::new(at.0)) }
    }

    /// Sets the reading to `at`.
    pub fn set(&self, at: UnixMillis) {
        self.now.store(at.0, Ordering::SeqCst);
    }

    /// Moves the reading forward by `ms` milliseconds.
    pub fn advance_ms(&self, ms: i64) {
        self.now.fetch_add(ms, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> UnixMillis {
        UnixMillis(self.now.load(Ordering::SeqCst))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unix_millis_serializes_as_rfc3339_utc() {
        let t = UnixMillis(1_795_327_593_123);
        assert_eq!(serde_json::to_string(&t).unwrap(), "\"2026-11-22T06:06:33.123Z\"");
    }

    #[test]
    fn unix_millis_reads_back_what_it_writes() {
        let back =
            |t: UnixMillis| serde_json::from_str::<UnixMillis>(&serde_json::to_string(&t).unwrap()).ok();
        // Chrono's whole range (signed years of more than four digits at its ends), and beyond.
        let (min, max) = (chrono::DateTime::<chrono::Utc>::MIN_UTC, chrono::DateTime::<chrono::Utc>::MAX_UTC);
        let (min, max) = (min.timestamp_millis(), max.timestamp_millis());
        for ms in [0, 1, -1, 1_795_327_593_123, 253_402_300_799_999, 253_402_300_800_000, -62_167_219_200_001]
            .into_iter()
            .chain([min, max, min - 1, max + 1, i64::MIN, i64::MAX])
        {
            assert_eq!(back(UnixMillis(ms)), Some(UnixMillis(ms)), "{ms}: {}", UnixMillis(ms).to_rfc3339());
        }
        let read = |json: &str| serde_json::from_str::<UnixMillis>(json).ok();
        assert_eq!(read("\"2026-11-22T12:06:33.123+06:00\""), Some(UnixMillis(1_795_327_593_123)));
        assert_eq!(read("\"2026-11-22T06:06:33Z\""), Some(UnixMillis(1_795_327_593_000)));
        assert_eq!(read("\"2026-11-22T06:06:33.1234Z\""), None);
        assert_eq!(read("\"12\""), None, "digits only for instants chrono cannot hold");
        assert_eq!(read("\"soon\""), None);
        assert_eq!(read("1795327593123"), None);
    }

    #[test]
    fn manual_clock_moves_only_when_told() {
        let clock = ManualClock::new(UnixMillis(1_000));
        clock.advance_ms(500);
        assert_eq!(clock.now(), UnixMillis(1_500));
    }

    #[tokio::test(start_paused = true)]
    async fn tokio_clock_follows_paused_time() {
        let clock = TokioClock::starting_at(UnixMillis(10_000));
        tokio::time::advance(Duration::from_millis(2_500)).await;
        assert_eq!(clock.now(), UnixMillis(12_500));
    }
}
