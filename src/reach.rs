//! Who is told what, and where and when (docs/rules/notifications.md, "Where notices go"): the rules that
//! turn one stored notification into messages on the outside channels. The bell (the site and
//! its socket) always gets every notification; e-mail, Telegram and SMS follow each user's
//! choices per kind ([`Choices`]), on top of defaults:
//! - e-mail and Telegram: every kind, once the user can be reached there (an address, a linked
//!   chat; linking Telegram turns every kind on again);
//! - SMS: only the kinds it is offered for ([`sms_offered`]: a win and an item passed on, whose
//!   48 hours to pay matter most), because each one costs the operator money;
//! - push, to every device the user added: the kinds a phone should buzz for ([`push_default`]: a
//!   win, an item passed on, an outbid and a watched auction starting); the others when chosen.
//!
//! At night in Bishkek ([`QuietHours`], 22:00–08:00 by default) Telegram, SMS and push messages
//! wait for the morning, except the [`urgent`] kinds. Answers to the user's own action (a sign-in code, the
//! bot's reply to Start) never pass through here and are never held.

use std::collections::HashMap;

use chrono::{DateTime, Duration, FixedOffset, NaiveTime, Timelike, Utc};

use crate::statuses::NotificationKind;
use crate::statuses::OutboxChannel;

/// Bishkek's offset from UTC: +6 all year (no summer time since 2005).
const BISHKEK_OFFSET_SECS: i32 = 6 * 3600;

/// Whether SMS is offered for `kind` at all: a won item and one passed to the user.
pub fn sms_offered(kind: NotificationKind) -> bool {
    matches!(kind, NotificationKind::AuctionWon | NotificationKind::ClaimPassed)
}

/// Whether `kind` goes out at once even in quiet hours: the same two, with 48 hours to pay.
pub fn urgent(kind: NotificationKind) -> bool {
    sms_offered(kind)
}

/// Whether a device added for push buzzes for `kind` before its user chooses: a win and an item
/// passed on (48 hours to pay), an outbid (a few seconds to answer) and a watched auction about to
/// start. Adding a device is the opt-in; each of these can be turned off.
pub fn push_default(kind: NotificationKind) -> bool {
    use NotificationKind as K;
    matches!(kind, K::AuctionWon | K::ClaimPassed | K::Outbid | K::AuctionStarting)
}

/// Whether `channel` carries `kind` for a user who has not chosen: every kind by e-mail and
/// Telegram, SMS for the kinds it is offered for, push for [`push_default`]'s.
pub fn default_on(kind: NotificationKind, channel: OutboxChannel) -> bool {
    match channel {
        OutboxChannel::Email | OutboxChannel::Telegram => true,
        OutboxChannel::Sms => sms_offered(kind),
        OutboxChannel::Push => push_default(kind),
    }
}

/// One user's choices that differ from the defaults, by kind and channel (what `notice_pref`
/// stores).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Choices(HashMap<(NotificationKind, OutboxChannel), bool>);

impl Choices {
    /// The choices stored as `(kind word, channel word, on)`; words this server does not know are
    /// left out.
    pub fn from_stored<'a>(rows: impl IntoIterator<Item = (&'a str, &'a str, bool)>) -> Choices {
        Choices(
            rows.into_iter()
                .filter_map(|(kind, channel, on)| {
                    Some(((NotificationKind::parse(kind)?, OutboxChannel::parse(channel)?), on))
                })
                .collect(),
        )
    }

    /// Whether the user wants `kind` on `channel`. SMS for a kind it is not offered for is never
    /// wanted, whatever is stored.
    pub fn wants(&self, kind: NotificationKind, channel: OutboxChannel) -> bool {
        if channel == OutboxChannel::Sms && !sms_offered(kind) {
            return false;
        }
        self.0.get(&(kind, channel)).copied().unwrap_or_else(|| default_on(kind, channel))
    }
}

/// The night, in Bishkek time, when Telegram and SMS wait: from `from` until `until` (over
/// midnight when `from` is later than `until`; equal times: never quiet).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuietHours {
    pub from: NaiveTime,
    pub until: NaiveTime,
}

impl QuietHours {
    /// Quiet hours from two `HH:MM` clock times; `None` when either is not one.
    pub fn parse(from: &str, until: &str) -> Option<QuietHours> {
        let time = |s: &str| NaiveTime::parse_from_str(s.trim(), "%H:%M").ok();
        Some(QuietHours { from: time(from)?, until: time(until)? })
    }

    /// When a held message may leave if it is written at `now`: `None` outside quiet hours (at
    /// once), else the end of this night's quiet hours.
    pub fn release_at(&self, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
        let offset = FixedOffset::east_opt(BISHKEK_OFFSET_SECS)?;
        let local = now.with_timezone(&offset);
        let clock = local.time().with_nanosecond(0)?;
        let quiet = if self.from < self.until {
            clock >= self.from && clock < self.until
        } else if self.from > self.until {
            clock >= self.from || clock < self.until
        } else {
            false
        };
        if !quiet {
            return None;
        }
        let today_end = local.date_naive().and_time(self.until).and_local_timezone(offset).single()?;
        let end = if today_end > local { today_end } else { today_end + Duration::days(1) };
        Some(end.with_timezone(&Utc))
    }

    /// When a message of `kind` on `channel` written at `now` may leave (`None`: at once). Only
    /// Telegram, SMS and push keep quiet hours, and not for [`urgent`] kinds.
    pub fn due(
        &self,
        kind: NotificationKind,
        channel: OutboxChannel,
        now: DateTime<Utc>,
    ) -> Option<DateTime<Utc>> {
        if channel == OutboxChannel::Email || urgent(kind) {
            return None;
        }
        self.release_at(now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(rfc3339: &str) -> DateTime<Utc> {
        rfc3339.parse().expect("a time")
    }

    fn night() -> QuietHours {
        QuietHours::parse("22:00", "08:00").expect("clock times")
    }

    #[test]
    fn a_message_written_at_23_in_bishkek_waits_until_8_the_next_morning() {
        // 23:30 in Bishkek is 17:30 UTC; 08:00 the next day is 02:00 UTC.
        assert_eq!(night().release_at(at("2026-11-27T17:30:00Z")), Some(at("2026-11-28T02:00:00Z")));
    }

    #[test]
    fn a_message_written_after_midnight_waits_until_8_the_same_morning() {
        // 03:10 in Bishkek is 21:10 UTC the day before.
        assert_eq!(night().release_at(at("2026-11-26T21:10:00Z")), Some(at("2026-11-27T02:00:00Z")));
    }

    #[test]
    fn daytime_and_the_edges_of_the_night_are_not_quiet() {
        assert_eq!(night().release_at(at("2026-11-27T06:00:00Z")), None); // 12:00
        assert_eq!(night().release_at(at("2026-11-27T02:00:00Z")), None); // 08:00 sharp
        assert_eq!(night().release_at(at("2026-11-27T15:59:59Z")), None); // 21:59:59
        assert!(night().release_at(at("2026-11-27T16:00:00Z")).is_some()); // 22:00 sharp
    }

    #[test]
    fn quiet_hours_within_one_day_and_none_at_all_work_too() {
        let siesta = QuietHours::parse("13:00", "15:00").expect("clock times");
        assert_eq!(siesta.release_at(at("2026-11-27T07:30:00Z")), Some(at("2026-11-27T09:00:00Z")));
        assert_eq!(siesta.release_at(at("2026-11-27T09:00:00Z")), None);
        let never = QuietHours::parse("00:00", "00:00").expect("clock times");
        assert_eq!(never.release_at(at("2026-11-27T20:00:00Z")), None);
        assert_eq!(QuietHours::parse("25:00", "08:00"), None);
    }

    #[test]
    fn a_win_is_sent_at_night_but_an_outbid_waits_and_email_never_waits() {
        let now = at("2026-11-27T18:00:00Z"); // midnight in Bishkek
        let q = night();
        assert_eq!(q.due(NotificationKind::AuctionWon, OutboxChannel::Sms, now), None);
        assert_eq!(q.due(NotificationKind::ClaimPassed, OutboxChannel::Telegram, now), None);
        assert_eq!(
            q.due(NotificationKind::Outbid, OutboxChannel::Telegram, now),
            Some(at("2026-11-28T02:00:00Z"))
        );
        assert_eq!(q.due(NotificationKind::Outbid, OutboxChannel::Email, now), None);
        assert_eq!(
            q.due(NotificationKind::Outbid, OutboxChannel::Push, now),
            Some(at("2026-11-28T02:00:00Z"))
        );
        assert_eq!(q.due(NotificationKind::AuctionWon, OutboxChannel::Push, now), None);
    }

    #[test]
    fn push_buzzes_for_four_kinds_until_the_user_chooses() {
        let none = Choices::default();
        assert!(none.wants(NotificationKind::AuctionWon, OutboxChannel::Push));
        assert!(none.wants(NotificationKind::Outbid, OutboxChannel::Push));
        assert!(!none.wants(NotificationKind::ItemShipped, OutboxChannel::Push));
        let some = Choices::from_stored([("outbid", "push", false), ("item_shipped", "push", true)]);
        assert!(!some.wants(NotificationKind::Outbid, OutboxChannel::Push));
        assert!(some.wants(NotificationKind::ItemShipped, OutboxChannel::Push));
    }

    #[test]
    fn choices_narrow_the_defaults_and_sms_stays_off_where_it_is_not_offered() {
        let none = Choices::default();
        assert!(none.wants(NotificationKind::Outbid, OutboxChannel::Telegram));
        assert!(none.wants(NotificationKind::AuctionWon, OutboxChannel::Sms));
        assert!(!none.wants(NotificationKind::Outbid, OutboxChannel::Sms));
        let some = Choices::from_stored([
            ("outbid", "telegram", false),
            ("outbid", "sms", true),
            ("auction_won", "sms", false),
            ("no_such_kind", "email", false),
        ]);
        assert!(!some.wants(NotificationKind::Outbid, OutboxChannel::Telegram));
        assert!(!some.wants(NotificationKind::Outbid, OutboxChannel::Sms));
        assert!(!some.wants(NotificationKind::AuctionWon, OutboxChannel::Sms));
        assert!(some.wants(NotificationKind::AuctionWon, OutboxChannel::Email));
    }
}
