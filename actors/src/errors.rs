//! Why a request was refused: [`BidRejected`] for a bid or pre-bid (one variant per rule, each
//! with a stable `code`) and [`ControlError`] for an admin control message or a creation. They sit
//! below every module that refuses with them (the rules, the fairness checks, the bots, the store's
//! records), so none of those has to import another for its errors.

/// Why a bid or pre-bid was refused. A refused bid changes nothing and costs nothing.
///
/// Serde's form (`"AlreadyLeader"`, `{"TooFast":{"retry_after_ms":1}}`) is for the nodes of a
/// cluster only; clients get [`code`](BidRejected::code) and the message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, serde::Serialize, serde::Deserialize)]
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

/// Why an admin control message (update, finish now, delete) or a creation failed. Serde's form
/// is for the nodes of a cluster only, as [`BidRejected`]'s.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, serde::Serialize, serde::Deserialize)]
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
    /// A house reserve needs a house bot assigned to bid: set with none, or the last one removed.
    #[error("a house reserve needs a house bot")]
    ReserveNeedsBot,
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
            ControlError::ReserveNeedsBot => "reserve_needs_bot",
        }
    }
}
