//! The auction rules' vocabulary: who bids ([`Bidder`]) and the configurable constants ([`Rules`]).
//! Why a bid is refused ([`BidRejected`]) lives in [`errors`](crate::errors), below the rules and
//! the fairness checks that both refuse with it; it is re-exported here.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

pub use crate::errors::{BidRejected, ControlError};
use crate::ids::{BotId, Tyiyn, UserId};

/// The tunable constants of the bidding rules (spec section 9). All durations in milliseconds.
///
/// The server builds them from its `[auction]` settings (`config/default.toml`, every key
/// commented there); [`Rules::default`] is for tests and benches. The values in parentheses below
/// are the defaults of both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// Each accepted bid sets the deadline to its arrival stamp plus this (10 s).
    pub bid_countdown_ms: i64,
    /// At go-live the deadline is the go-live moment plus this, unless the auction sets its own
    /// opening (`AuctionDetails::opening_secs`).
    pub start_countdown_ms: i64,
    /// A bidder must wait this long after their previous bid on the same auction (1 s).
    pub min_bid_interval_ms: i64,
    /// How long after the deadline the actor waits for bids stamped in time but still in flight.
    /// The two defaults differ here: `auction.finish_grace_ms` is 250 ms in `config/default.toml`,
    /// [`Rules::default`] waits 500 ms.
    pub finish_grace_ms: i64,
    /// What one bid adds to the price (1 tyiyn = 0.01 som).
    pub increment: Tyiyn,
    /// Auto-bidders bid when the countdown is under a threshold drawn for each bid between
    /// `autobid_latest_ms` and `autobid_earliest_ms` (3–5 s).
    pub autobid_earliest_ms: i64,
    /// See `autobid_earliest_ms`.
    pub autobid_latest_ms: i64,
    /// The win limits of the auctions marked win-limited.
    pub wins: crate::fairness::WinRules,
}

impl Default for Rules {
    /// The values tests and benches run with (the server reads its own from the settings).
    fn default() -> Self {
        Rules {
            bid_countdown_ms: 10_000,
            start_countdown_ms: 10_000,
            min_bid_interval_ms: 1_000,
            finish_grace_ms: 500,
            increment: Tyiyn(1),
            autobid_earliest_ms: 5_000,
            autobid_latest_ms: 3_000,
            wins: crate::fairness::WinRules::default(),
        }
    }
}

/// Who placed a bid: a user (charged one bid) or a bot (never charged).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", content = "id", rename_all = "camelCase")]
pub enum BidderId {
    /// A real user; the store debits their bid balance.
    User(UserId),
    /// A house bot; no balance.
    Bot(BotId),
}

impl BidderId {
    /// The user behind this bidder, if it is not a bot.
    pub fn user(self) -> Option<UserId> {
        match self {
            BidderId::User(u) => Some(u),
            BidderId::Bot(_) => None,
        }
    }

    /// The raw id (user id or bot id), as the wire's `user.id` shows it.
    pub fn raw(self) -> i64 {
        match self {
            BidderId::User(u) => u.0,
            BidderId::Bot(b) => b.0,
        }
    }
}

/// A bidder with the name shown next to their bids (username, or the bot's display name).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bidder {
    /// Identity: rules compare bidders by this.
    pub id: BidderId,
    /// Display name.
    pub name: Arc<str>,
}

impl Bidder {
    /// A user bidder.
    pub fn user(user: UserId, username: impl Into<Arc<str>>) -> Self {
        Bidder { id: BidderId::User(user), name: username.into() }
    }

    /// A bot bidder.
    pub fn bot(bot: BotId, name: impl Into<Arc<str>>) -> Self {
        Bidder { id: BidderId::Bot(bot), name: name.into() }
    }

    /// Whether this bidder is a bot.
    pub fn is_bot(&self) -> bool {
        matches!(self.id, BidderId::Bot(_))
    }
}
