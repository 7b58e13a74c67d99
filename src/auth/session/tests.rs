use super::*;
use chrono::Duration;

fn at(days: i64) -> DateTime<Utc> {
    DateTime::UNIX_EPOCH + Duration::days(days)
}

#[test]
fn a_session_ends_when_idle_too_long_or_too_old() {
    let life = Lifetime::from_days(7, 30).expect("valid days");
    assert!(life.alive(at(0), at(0), at(6)));
    assert!(!life.alive(at(0), at(0), at(7)), "unused for the idle timeout");
    assert!(life.alive(at(0), at(25), at(29)));
    assert!(!life.alive(at(0), at(29), at(30)), "used, but as old as the absolute lifetime");
}

#[test]
fn lifetimes_are_whole_days_from_one_and_uses_are_written_at_most_hourly() {
    assert!(Lifetime::from_days(0, 30).is_err());
    assert!(Lifetime::from_days(7, -1).is_err());
    assert!(Lifetime::from_days(i64::MAX, 30).is_err());
    assert_eq!(Lifetime::from_days(7, 30).expect("valid").touch_every(), Duration::hours(1));
    assert_eq!(Lifetime::from_days(1, 1).expect("valid").touch_every(), Duration::hours(1));
}

#[test]
fn an_entry_read_before_a_removal_is_not_cached_after_it() {
    let cache = SessionCache::default();
    let entry = Cached {
        user_id: 1,
        username: "a".into(),
        phone_verified: true,
        created_at: at(0),
        last_seen_at: at(0),
    };
    let (_, generation) = cache.get(&[1; 32]);
    cache.remove_user(2);
    cache.put_if_current([1; 32], entry.clone(), generation);
    assert!(cache.get(&[1; 32]).0.is_none());
    let (_, generation) = cache.get(&[1; 32]);
    cache.put_if_current([1; 32], entry, generation);
    assert!(cache.get(&[1; 32]).0.is_some());
}
