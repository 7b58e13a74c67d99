//! Telling a person they were outbid (issue 24): after a batch of bids is committed, each person
//! whom it took the lead from, and who does not hold it at the end, hears of it once — unless they
//! are watching this auction live (they saw it happen) or were told about this auction less than
//! `ActorSettings::outbid_every_ms` ago. The notice goes out through the outlets; the server stores
//! it and delivers it on the person's chosen channels.

use std::collections::HashMap;

use super::AuctionActor;
use crate::clock::{Clock, UnixMillis};
use crate::ids::UserId;
use crate::outlets::{Notice, NoticeKind};
use crate::store::AuctionStore;

/// When each person was last told they were outbid on this auction.
#[derive(Debug, Default)]
pub(super) struct OutbidBook {
    told: HashMap<UserId, UnixMillis>,
}

impl OutbidBook {
    /// Whether `user` may be told now (and records it when so).
    fn may_tell(&mut self, user: UserId, now: UnixMillis, every_ms: i64) -> bool {
        match self.told.get(&user) {
            Some(at) if now.0 - at.0 < every_ms => false,
            _ => {
                self.told.insert(user, now);
                true
            }
        }
    }
}

impl<S: AuctionStore, C: Clock> AuctionActor<S, C> {
    /// Tells each of `displaced` (people who lost the lead in the batch just committed, in order,
    /// possibly repeated) that they were outbid, as the rules above allow.
    pub(super) fn tell_outbid(&mut self, displaced: &[UserId]) {
        if displaced.is_empty() {
            return;
        }
        let leader = self.committed.leader().and_then(|l| l.id.user());
        let now = self.env.clock.now();
        let every_ms = self.env.settings.outbid_every_ms;
        let title: std::sync::Arc<str> = self.details.title.as_str().into();
        let mut seen: Vec<UserId> = Vec::with_capacity(displaced.len());
        for &user in displaced {
            if Some(user) == leader || seen.contains(&user) {
                continue;
            }
            seen.push(user);
            if self.watching(user, now) || !self.outbid.may_tell(user, now, every_ms) {
                continue;
            }
            self.env.outlets.notices.do_send(Notice {
                user,
                auction: self.committed.id(),
                title: title.clone(),
                kind: NoticeKind::Outbid { price: self.committed.price() },
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_person_is_told_at_most_once_per_interval() {
        let mut book = OutbidBook::default();
        let (alice, bob) = (UserId(1), UserId(2));
        assert!(book.may_tell(alice, UnixMillis(0), 600_000));
        assert!(!book.may_tell(alice, UnixMillis(599_999), 600_000));
        assert!(book.may_tell(bob, UnixMillis(1), 600_000));
        assert!(book.may_tell(alice, UnixMillis(600_000), 600_000));
    }
}
