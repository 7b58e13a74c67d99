//! The auction rules' vocabulary: who bids ([`Bidder`]), the configurable constants ([`Rules`]) and
//! why a bid is refused ([`BidRejected`], one variant per rule, each with a stable `code`).

use std::sync::Arc;

use serde::Serialize;

use crate::ids::{BotId, Tyiyn, UserId};

/// The tunable constants of the bidding rules (spec section 9). All durations in milliseconds.
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
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

/// Why a bid or pre-bid was refused. A refused bid changes nothing and costs nothing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BidRejected {
    /// Bids are taken only while the auction is live.
    #[error("the auction is not live")]
    AuctionNotLive,
    /// Pre-bids are taken only before the auction starts.
    #[error("the auction has already started")]
    AuctionNotUpcoming,
    /// The auction has finished (or is finishing).
    #[error("the auction has finished")]
    AuctionFinished,
    /// The bid was stamped at or after the deadline.
    #[error("the bid arrived after the countdown ended")]
    DeadlinePassed,
    /// The bidder already holds the lead.
    #[error("you are already the leader")]
    AlreadyLeader,
    /// Less than the minimum interval since this bidder's previous bid on this auction.
    #[error("too fast: wait {retry_after_ms} ms")]
    TooFast {
        /// Milliseconds until a bid would be accepted.
        retry_after_ms: i64,
    },
    /// The bidder's balance is below one bid (the store's conditional debit failed).
    #[error("not enough bids")]
    InsufficientBids,
    /// A spend limit the bidder set is used up for now (the store's check).
    #[error("your spend limit is reached")]
    LimitReached,
    /// The bidder paused their own bidding (the store's check).
    #[error("your bidding is paused")]
    BiddingPaused,
    /// A beginner auction: the bidder has won an auction before.
    #[error("this auction is for users who have never won")]
    BeginnersOnly,
    /// A win-limited auction: the bidder won this item lately, or too many auctions.
    #[error("your win limit for now is reached")]
    WinLimitReached,
    /// No new bidders now: only those who already bid may go on.
    #[error("this auction takes no new bidders now")]
    NoNewBidders,
    /// A house bot's bid on an auction without house bidders, or past its house reserve.
    #[error("the house may not bid on this auction now")]
    HouseRuleClosed,
    /// One pre-bid per user per auction.
    #[error("you have already pre-bid on this auction")]
    AlreadyPrebid,
    /// No active auction has this id.
    #[error("auction not found")]
    AuctionNotFound,
    /// The store could not commit; nothing was charged.
    #[error("storage unavailable")]
    StoreUnavailable,
    /// The auction's countdown is paused while the store is down; nothing was charged.
    #[error("the auction is paused")]
    AuctionPaused,
    /// The auction's actor stopped before answering (a crash): the bid may or may not have been
    /// committed, and charged.
    #[error("the bid's outcome is unknown")]
    OutcomeUnknown,
}

impl BidRejected {
    /// The stable machine-readable code sent to clients.
    pub fn code(&self) -> &'static str {
        match self {
            BidRejected::AuctionNotLive => "auction_not_live",
            BidRejected::AuctionNotUpcoming => "auction_not_upcoming",
            BidRejected::AuctionFinished => "auction_finished",
            BidRejected::DeadlinePassed => "deadline_passed",
            BidRejected::AlreadyLeader => "already_leader",
            BidRejected::TooFast { .. } => "too_fast",
            BidRejected::InsufficientBids => "insufficient_bids",
            BidRejected::LimitReached => "limit_reached",
            BidRejected::BeginnersOnly => "beginners_only",
            BidRejected::WinLimitReached => "win_limit_reached",
            BidRejected::NoNewBidders => "no_new_bidders",
            BidRejected::HouseRuleClosed => "house_rule_closed",
            BidRejected::BiddingPaused => "paused",
            BidRejected::AlreadyPrebid => "already_prebid",
            BidRejected::AuctionNotFound => "auction_not_found",
            BidRejected::StoreUnavailable => "store_unavailable",
            BidRejected::AuctionPaused => "auction_paused",
            BidRejected::OutcomeUnknown => "bid_outcome_unknown",
        }
    }
}

/// Why an admin control message (update, finish now, delete) or a creation failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ControlError {
    /// Finishing now needs a live auction.
    #[error("the auction is not live")]
    AuctionNotLive,
    /// Details can be changed only before the start.
    #[error("the auction has already started")]
    AuctionNotUpcoming,
    /// The auction has finished or is finishing.
    #[error("the auction has finished")]
    AuctionFinished,
    /// No active auction has this id.
    #[error("auction not found")]
    AuctionNotFound,
    /// The store failed; nothing changed.
    #[error("storage unavailable")]
    StoreUnavailable,
    /// The user may not bid on this auction (its kind; setting an auto-bidder).
    #[error("not admitted: {0}")]
    NotAdmitted(BidRejected),
}

impl ControlError {
    /// The stable machine-readable code sent to clients.
    pub fn code(&self) -> &'static str {
        match self {
            ControlError::AuctionNotLive => "auction_not_live",
            ControlError::AuctionNotUpcoming => "auction_not_upcoming",
            ControlError::AuctionFinished => "auction_finished",
            ControlError::AuctionNotFound => "auction_not_found",
            ControlError::StoreUnavailable => "store_unavailable",
            ControlError::NotAdmitted(why) => why.code(),
        }
    }
}
