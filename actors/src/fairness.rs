//! Fair auction kinds (issue 13, part 3), decided by the auction's actor before the bidding rules:
//!
//! - a **beginner** auction ([`AuctionKind::Beginner`]) takes bids only from users who have never
//!   won an auction;
//! - a **win-limited** auction refuses a user who won the same item (the same title) within
//!   [`WinRules::same_item_days`], or [`WinRules::max_wins`] auctions within
//!   [`WinRules::window_days`];
//! - **no new bidders** after a price or a time ([`NoNewBidders`]): from then on only users who
//!   already bid (or pre-bid) on the auction may go on.
//!
//! House bots are not users and are never refused by these rules. The wins every actor consults
//! are one shared [`WinBook`], filled from the finished auctions at start-up and by each actor as
//! it finishes.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use serde::{Deserialize, Serialize};

use crate::clock::UnixMillis;
use crate::errors::BidRejected;
use crate::ids::{Tyiyn, UserId};

const DAY_MS: i64 = 86_400_000;

/// Who may bid on an auction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AuctionKind {
    /// Everyone.
    #[default]
    Standard,
    /// Only users who have never won an auction.
    Beginner,
}

impl AuctionKind {
    /// Its name in the database and the API.
    pub fn as_str(self) -> &'static str {
        match self {
            AuctionKind::Standard => "standard",
            AuctionKind::Beginner => "beginner",
        }
    }

    /// From its name; `None` for an unknown one.
    pub fn parse(name: &str) -> Option<AuctionKind> {
        match name {
            "standard" => Some(AuctionKind::Standard),
            "beginner" => Some(AuctionKind::Beginner),
            _ => None,
        }
    }
}

/// From when only those who already bid may go on: a price, a time, or both (whichever comes
/// first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct NoNewBidders {
    /// Once the price has reached this (som).
    #[schema(required)]
    pub price: Option<Tyiyn>,
    /// From this moment.
    #[schema(required)]
    pub at: Option<UnixMillis>,
}

impl NoNewBidders {
    /// Whether it holds at `stamp` with the price now at `price` (the price has reached its
    /// threshold, or the time has come).
    pub fn closed(&self, price: Tyiyn, stamp: UnixMillis) -> bool {
        self.price.is_some_and(|p| price >= p) || self.at.is_some_and(|at| stamp >= at)
    }
}

/// The operator's win limits, applied to the auctions marked win-limited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WinRules {
    /// The same item may be won once in this many days.
    pub same_item_days: i64,
    /// At most this many wins…
    pub max_wins: u32,
    /// …within this many days.
    pub window_days: i64,
}

impl Default for WinRules {
    fn default() -> Self {
        WinRules { same_item_days: 7, max_wins: 4, window_days: 28 }
    }
}

/// The key that makes two auctions "the same item": the title, trimmed, lower-cased, its inner
/// spaces folded.
pub fn item_key(title: &str) -> Arc<str> {
    title.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase().into()
}

/// Each user's wins: when, and which item.
type Wins = HashMap<UserId, Vec<(UnixMillis, Arc<str>)>>;

/// Every user's wins, shared by all auction actors.
#[derive(Debug, Clone, Default)]
pub struct WinBook {
    wins: Arc<RwLock<Wins>>,
}

impl WinBook {
    /// Records that `user` won `item` at `at`.
    pub fn note_win(&self, user: UserId, at: UnixMillis, item: Arc<str>) {
        let mut wins = self.wins.write().unwrap_or_else(|e| e.into_inner());
        wins.entry(user).or_default().push((at, item));
    }

    /// Forgets `user`'s win at `at` (its auction was deleted, its bids refunded): one entry, so
    /// two auctions that ended in the same millisecond stay two wins until both are deleted.
    pub fn forget(&self, user: UserId, at: UnixMillis) {
        let mut wins = self.wins.write().unwrap_or_else(|e| e.into_inner());
        if let Some(mine) = wins.get_mut(&user)
            && let Some(index) = mine.iter().position(|(won_at, _)| *won_at == at)
        {
            mine.swap_remove(index);
        }
    }

    /// Whether `user` has ever won.
    pub fn has_won(&self, user: UserId) -> bool {
        self.wins.read().unwrap_or_else(|e| e.into_inner()).get(&user).is_some_and(|w| !w.is_empty())
    }

    /// Whether `user` may bid on a win-limited auction of `item` at `now` under `rules`.
    pub fn within_limits(&self, user: UserId, item: &str, now: UnixMillis, rules: &WinRules) -> bool {
        let wins = self.wins.read().unwrap_or_else(|e| e.into_inner());
        let Some(mine) = wins.get(&user) else { return true };
        let same =
            mine.iter().any(|(at, won)| &**won == item && now.ms_since(*at) < rules.same_item_days * DAY_MS);
        let recent = mine.iter().filter(|(at, _)| now.ms_since(*at) < rules.window_days * DAY_MS).count();
        !same && recent < rules.max_wins as usize
    }
}

/// What an auction asks of its bidders.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fairness {
    /// Who may bid.
    pub kind: AuctionKind,
    /// Whether the win limits apply.
    pub win_limited: bool,
    /// From when only those who already bid may go on.
    pub no_new_bidders_after: Option<NoNewBidders>,
    /// The item, for the same-item limit ([`item_key`] of the title).
    pub item: Arc<str>,
}

impl Fairness {
    /// Whether any rule applies (a standard auction with no limit and no closing admits everyone).
    pub fn applies(&self) -> bool {
        self.kind != AuctionKind::Standard || self.win_limited || self.no_new_bidders_after.is_some()
    }

    /// Whether `user` may bid (or pre-bid) at `now`. `already_in`: they bid or pre-bid on this
    /// auction; `price`: the price now (before their bid).
    pub fn admits(
        &self,
        user: UserId,
        already_in: bool,
        price: Tyiyn,
        now: UnixMillis,
        wins: &WinBook,
        rules: &WinRules,
    ) -> Result<(), BidRejected> {
        if self.kind == AuctionKind::Beginner && wins.has_won(user) {
            return Err(BidRejected::BeginnersOnly);
        }
        if self.win_limited && !wins.within_limits(user, &self.item, now, rules) {
            return Err(BidRejected::WinLimitReached);
        }
        if !already_in && self.no_new_bidders_after.is_some_and(|n| n.closed(price, now)) {
            return Err(BidRejected::NoNewBidders);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T0: UnixMillis = UnixMillis(1_800_000_000_000);

    fn fair(kind: AuctionKind, win_limited: bool, after: Option<NoNewBidders>) -> Fairness {
        Fairness { kind, win_limited, no_new_bidders_after: after, item: item_key("iPhone 15") }
    }

    #[test]
    fn a_beginner_auction_refuses_anyone_who_has_won() {
        let book = WinBook::default();
        let f = fair(AuctionKind::Beginner, false, None);
        assert_eq!(f.admits(UserId(1), false, Tyiyn(1), T0, &book, &WinRules::default()), Ok(()));
        book.note_win(UserId(1), T0.plus_ms(-400 * DAY_MS), item_key("Чайник"));
        assert_eq!(
            f.admits(UserId(1), true, Tyiyn(1), T0, &book, &WinRules::default()),
            Err(BidRejected::BeginnersOnly)
        );
    }

    #[test]
    fn win_limits_count_the_same_item_and_recent_wins() {
        let book = WinBook::default();
        let rules = WinRules { same_item_days: 7, max_wins: 2, window_days: 28 };
        let f = fair(AuctionKind::Standard, true, None);
        book.note_win(UserId(1), T0.plus_ms(-6 * DAY_MS), item_key("  iphone   15 "));
        assert_eq!(f.admits(UserId(1), true, Tyiyn(1), T0, &book, &rules), Err(BidRejected::WinLimitReached));
        // A week later the same item is allowed again; another item was always allowed.
        assert_eq!(f.admits(UserId(1), true, Tyiyn(1), T0.plus_ms(DAY_MS), &book, &rules), Ok(()));
        book.note_win(UserId(1), T0.plus_ms(-20 * DAY_MS), item_key("Чайник"));
        assert_eq!(
            f.admits(UserId(1), true, Tyiyn(1), T0.plus_ms(DAY_MS), &book, &rules),
            Err(BidRejected::WinLimitReached),
            "two wins in 28 days"
        );
        assert_eq!(f.admits(UserId(1), true, Tyiyn(1), T0.plus_ms(9 * DAY_MS), &book, &rules), Ok(()));
        // Not win-limited: no limit.
        assert_eq!(
            fair(AuctionKind::Standard, false, None).admits(UserId(1), true, Tyiyn(1), T0, &book, &rules),
            Ok(())
        );
    }

    #[test]
    fn no_new_bidders_after_a_price_or_a_time() {
        let book = WinBook::default();
        let rules = WinRules::default();
        let by_price =
            fair(AuctionKind::Standard, false, Some(NoNewBidders { price: Some(Tyiyn(50)), at: None }));
        assert_eq!(by_price.admits(UserId(2), false, Tyiyn(49), T0, &book, &rules), Ok(()));
        assert_eq!(
            by_price.admits(UserId(2), false, Tyiyn(50), T0, &book, &rules),
            Err(BidRejected::NoNewBidders)
        );
        assert_eq!(
            by_price.admits(UserId(2), true, Tyiyn(50), T0, &book, &rules),
            Ok(()),
            "one who bid goes on"
        );
        let by_time = fair(AuctionKind::Standard, false, Some(NoNewBidders { price: None, at: Some(T0) }));
        assert_eq!(by_time.admits(UserId(2), false, Tyiyn(1), T0.plus_ms(-1), &book, &rules), Ok(()));
        assert_eq!(
            by_time.admits(UserId(2), false, Tyiyn(1), T0, &book, &rules),
            Err(BidRejected::NoNewBidders)
        );
    }
}
