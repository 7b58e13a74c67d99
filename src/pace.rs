//! The spec's 1-second rule (section 9: the minimum interval between one user's bids), for all of
//! a user's bids and pre-bids together, across every auction. The auction actors keep their own
//! per-auction check; this one stands in front of them, at the edge, so that a user (or a script)
//! cannot bid on every auction within the same millisecond (docs/rules/bidding.md, "One user, one
//! bid a second").
//!
//! A request takes a [`Ticket`] before its bid is sent to the actor: the user's last bid (its
//! auction and stamp) is checked and replaced in one step under the shard's lock, so two
//! simultaneous requests of one user cannot both pass. When the last bid was on the same auction,
//! the auction's own check decides, so that its refusals keep their order (`already_leader`
//! before `too_fast`). A bid the actor refuses gives its ticket back, restoring the earlier bid
//! (a refused bid is not a bid).

use std::collections::HashMap;
use std::sync::Mutex;

use tyiyn_actors::clock::UnixMillis;
use tyiyn_actors::ids::{AuctionId, UserId};

/// Shards of the map, to keep the lock short and uncontended at thousands of bids a second.
const SHARDS: usize = 16;
/// A shard prunes stamps older than the interval once it holds this many users.
const PRUNE_AT: usize = 4096;

/// Where and when a user last bid.
type Last = (AuctionId, UnixMillis);

/// The last accepted bid or pre-bid of every user who bid within the interval.
pub struct Pace {
    interval_ms: i64,
    shards: Vec<Mutex<HashMap<UserId, Last>>>,
}

/// A bid allowed by the rule; give it back with [`Pace::give_back`] when the bid is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ticket {
    user: UserId,
    taken: Last,
    previous: Option<Last>,
}

impl Pace {
    /// A rule of `interval_ms` between one user's bids (0 turns it off).
    pub fn new(interval_ms: i64) -> Pace {
        Pace { interval_ms, shards: (0..SHARDS).map(|_| Mutex::new(HashMap::new())).collect() }
    }

    /// The least time between one user's bids, in milliseconds (0: no rule).
    pub fn interval_ms(&self) -> i64 {
        self.interval_ms
    }

    fn shard(&self, user: UserId) -> &Mutex<HashMap<UserId, Last>> {
        &self.shards[user.0.unsigned_abs() as usize % SHARDS]
    }

    /// Lets `user` bid on `auction` at `stamp`, or answers how many milliseconds are left to
    /// wait when their last bid, on another auction, was less than the interval ago.
    pub fn take(&self, user: UserId, auction: AuctionId, stamp: UnixMillis) -> Result<Ticket, i64> {
        let mut last = self.shard(user).lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let previous = last.get(&user).copied();
        if let Some((elsewhere, before)) = previous
            && elsewhere != auction
        {
            let since = stamp.ms_since(before);
            if since < self.interval_ms {
                return Err(self.interval_ms - since);
            }
        }
        if last.len() >= PRUNE_AT {
            let interval = self.interval_ms;
            last.retain(|_, (_, at)| stamp.ms_since(*at) < interval);
        }
        let taken = (auction, stamp);
        last.insert(user, taken);
        Ok(Ticket { user, taken, previous })
    }

    /// Gives a refused bid's ticket back: the user's last stamp is the one before it again,
    /// unless a later bid has replaced it meanwhile.
    pub fn give_back(&self, ticket: Ticket) {
        let mut last = self.shard(ticket.user).lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if last.get(&ticket.user) == Some(&ticket.taken) {
            match ticket.previous {
                Some(previous) => last.insert(ticket.user, previous),
                None => last.remove(&ticket.user),
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALICE: UserId = UserId(1);
    const BOB: UserId = UserId(2);
    const PHONE: AuctionId = AuctionId(10);
    const WATCH: AuctionId = AuctionId(11);

    #[test]
    fn one_user_waits_a_second_between_bids_on_different_auctions() {
        let pace = Pace::new(1000);
        assert!(pace.take(ALICE, PHONE, UnixMillis(10_000)).is_ok());
        assert_eq!(pace.take(ALICE, WATCH, UnixMillis(10_400)), Err(600));
        assert!(pace.take(BOB, WATCH, UnixMillis(10_400)).is_ok(), "another user is not held back");
        assert!(pace.take(ALICE, WATCH, UnixMillis(11_000)).is_ok());
    }

    #[test]
    fn the_same_auction_is_left_to_its_own_check() {
        let pace = Pace::new(1000);
        let first = pace.take(ALICE, PHONE, UnixMillis(10_000)).unwrap();
        let again = pace.take(ALICE, PHONE, UnixMillis(10_100)).expect("the actor decides");
        pace.give_back(again);
        assert_eq!(pace.take(ALICE, WATCH, UnixMillis(10_200)), Err(800), "the accepted bid still counts");
        let _ = first;
    }

    #[test]
    fn a_refused_bid_gives_its_ticket_back() {
        let pace = Pace::new(1000);
        let first = pace.take(ALICE, PHONE, UnixMillis(10_000)).unwrap();
        pace.give_back(first);
        assert!(pace.take(ALICE, WATCH, UnixMillis(10_001)).is_ok(), "a refused bid does not count");
        let second = pace.take(ALICE, PHONE, UnixMillis(11_500)).unwrap();
        pace.give_back(second);
        assert_eq!(pace.take(ALICE, PHONE, UnixMillis(11_500)).map(|_| ()), Ok(()));
        assert_eq!(pace.take(ALICE, WATCH, UnixMillis(11_600)), Err(900));
    }

    #[test]
    fn a_late_give_back_does_not_undo_a_newer_bid() {
        let pace = Pace::new(1000);
        let old = pace.take(ALICE, PHONE, UnixMillis(10_000)).unwrap();
        let _new = pace.take(ALICE, WATCH, UnixMillis(11_000)).unwrap();
        pace.give_back(old);
        assert_eq!(pace.take(ALICE, PHONE, UnixMillis(11_200)), Err(800));
    }

    #[test]
    fn old_stamps_are_pruned_and_zero_turns_the_rule_off() {
        let pace = Pace::new(1000);
        for id in 0..(PRUNE_AT as i64 * SHARDS as i64) {
            pace.take(UserId(id), PHONE, UnixMillis(0)).unwrap();
        }
        pace.take(UserId(0), PHONE, UnixMillis(5_000)).unwrap();
        assert!(pace.shards[0].lock().unwrap().len() < PRUNE_AT);
        let off = Pace::new(0);
        assert!(
            off.take(ALICE, PHONE, UnixMillis(1)).is_ok() && off.take(ALICE, WATCH, UnixMillis(1)).is_ok()
        );
    }
}
