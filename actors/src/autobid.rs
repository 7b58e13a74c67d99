//! Auto-bidders: a user's standing order on one auction ("bid for me up to N times, up to this
//! price"), free for everyone. The auction's actor places the bids itself, through the same rules,
//! commit and broadcast as a click (see `auction::autobid`); this module holds the orders and
//! decides whose turn it is.
//!
//! - An auto-bidder bids only when the countdown is under a threshold drawn at random for each bid
//!   within `[Rules::autobid_latest_ms, Rules::autobid_earliest_ms]` before the deadline, so that
//!   several do not all fire at the same instant and a person always has time to bid first.
//! - Never against its owner: not while the owner leads (with any bid, by hand or automatic).
//! - Within its count (`left`), its ceiling (`max_price`: the price its bid would make), and the
//!   owner's balance (a bid the store refuses for balance stops it).
//! - Turns: of those who may bid, the one that bid longest ago goes first (one that has not bid
//!   yet before any that has), ties by the order they were set. Two auto-bidders therefore
//!   alternate, and a third waits its turn.

use std::sync::Arc;

use crate::clock::UnixMillis;
use crate::ids::{Tyiyn, UserId};

/// Most bids one auto-bidder may be set to.
pub const MAX_BIDS: u32 = 500;

/// One user's auto-bidder on one auction, as stored. Its serde form (camelCase) is for the nodes
/// of a cluster; the API shows its own shape.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AutoBid {
    /// Whose.
    pub user: UserId,
    /// The owner's public name (the bids are theirs).
    pub username: Arc<str>,
    /// Bids set (1 to [`MAX_BIDS`]).
    pub bids: u32,
    /// Bids not placed yet.
    pub left: u32,
    /// The highest price its bids may make; `None`: no ceiling.
    pub max_price: Option<Tyiyn>,
    /// `false` once stopped: its count used up or its owner's balance ran out.
    pub active: bool,
    /// When it was set (the order of turns among equals).
    pub set_at: UnixMillis,
}

#[derive(Debug, Clone)]
struct Entry {
    order: AutoBid,
    /// When it last placed a bid (in this actor's life): turns go to the longest idle.
    last_bid: Option<UnixMillis>,
}

/// The auto-bidders of one auction.
#[derive(Debug, Clone, Default)]
pub struct AutoBidders {
    entries: Vec<Entry>,
}

impl AutoBidders {
    /// The roster a restarted auction reloads.
    pub fn new(orders: Vec<AutoBid>) -> AutoBidders {
        AutoBidders { entries: orders.into_iter().map(|order| Entry { order, last_bid: None }).collect() }
    }

    /// `user`'s auto-bidder, if any.
    pub fn get(&self, user: UserId) -> Option<&AutoBid> {
        self.entries.iter().find(|e| e.order.user == user).map(|e| &e.order)
    }

    /// Sets (or replaces) an auto-bidder; a replaced one keeps its place in the turns.
    pub fn set(&mut self, order: AutoBid) {
        match self.entries.iter_mut().find(|e| e.order.user == order.user) {
            Some(e) => e.order = order,
            None => self.entries.push(Entry { order, last_bid: None }),
        }
    }

    /// Removes `user`'s auto-bidder.
    pub fn remove(&mut self, user: UserId) -> Option<AutoBid> {
        let at = self.entries.iter().position(|e| e.order.user == user)?;
        Some(self.entries.remove(at).order)
    }

    /// Whether any auto-bidder is running.
    pub fn any_active(&self) -> bool {
        self.entries.iter().any(|e| e.order.active && e.order.left > 0)
    }

    /// Who may bid now, in turn order: running, not `leader`, with a bid left beyond `pending(user)`
    /// (its bids accepted but not committed yet), and whose bid would make at most its ceiling.
    pub fn turns(
        &self,
        leader: Option<UserId>,
        next_price: Tyiyn,
        pending: impl Fn(UserId) -> u32,
    ) -> Vec<UserId> {
        let mut ready: Vec<&Entry> = self
            .entries
            .iter()
            .filter(|e| {
                let o = &e.order;
                o.active
                    && Some(o.user) != leader
                    && o.left > pending(o.user)
                    && o.max_price.is_none_or(|max| next_price <= max)
            })
            .collect();
        ready.sort_by_key(|e| (e.last_bid.map_or(i64::MIN, |t| t.0), e.order.set_at.0));
        ready.into_iter().map(|e| e.order.user).collect()
    }

    /// `user`'s auto-bid was placed (accepted by the rules) at `at`.
    pub fn placed(&mut self, user: UserId, at: UnixMillis) {
        if let Some(e) = self.entries.iter_mut().find(|e| e.order.user == user) {
            e.last_bid = Some(at);
        }
    }

    /// `user`'s auto-bid was committed: one fewer left; the last one stops it. Returns the order
    /// as it is now.
    pub fn committed(&mut self, user: UserId) -> Option<&AutoBid> {
        let e = self.entries.iter_mut().find(|e| e.order.user == user)?;
        e.order.left = e.order.left.saturating_sub(1);
        if e.order.left == 0 {
            e.order.active = false;
        }
        Some(&e.order)
    }

    /// Stops `user`'s auto-bidder (its owner cannot pay); returns it if it was running.
    pub fn stop(&mut self, user: UserId) -> Option<&AutoBid> {
        let e = self.entries.iter_mut().find(|e| e.order.user == user && e.order.active)?;
        e.order.active = false;
        Some(&e.order)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order(user: i64, left: u32, max: Option<i64>, set_at: i64) -> AutoBid {
        AutoBid {
            user: UserId(user),
            username: format!("u{user}").into(),
            bids: left,
            left,
            max_price: max.map(Tyiyn),
            active: true,
            set_at: UnixMillis(set_at),
        }
    }

    #[test]
    fn turns_go_to_the_longest_idle_never_the_leader_and_within_count_and_ceiling() {
        let mut r =
            AutoBidders::new(vec![order(1, 5, None, 10), order(2, 5, None, 20), order(3, 1, Some(50), 5)]);
        let none = |_| 0;
        assert_eq!(r.turns(None, Tyiyn(40), none), [UserId(3), UserId(1), UserId(2)]);
        assert_eq!(r.turns(Some(UserId(3)), Tyiyn(40), none), [UserId(1), UserId(2)]);
        // Over user 3's ceiling; user 3's one bid pending.
        assert_eq!(r.turns(None, Tyiyn(51), none), [UserId(1), UserId(2)]);
        assert_eq!(r.turns(None, Tyiyn(40), |u| u32::from(u == UserId(3))), [UserId(1), UserId(2)]);
        r.placed(UserId(1), UnixMillis(100));
        r.placed(UserId(3), UnixMillis(90));
        assert_eq!(r.turns(None, Tyiyn(40), none), [UserId(2), UserId(3), UserId(1)]);
        assert_eq!(r.committed(UserId(3)).map(|o| (o.left, o.active)), Some((0, false)));
        assert_eq!(r.turns(None, Tyiyn(40), none), [UserId(2), UserId(1)]);
        assert!(r.stop(UserId(2)).is_some() && r.stop(UserId(2)).is_none());
        assert_eq!(r.turns(None, Tyiyn(40), none), [UserId(1)]);
    }
}
