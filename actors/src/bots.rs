//! Bots: the hook only. An auction actor keeps its [`BotAssignment`]s; the driver that makes bots
//! bid (random delays, limits) is a later issue and will submit bids through the same path as
//! `PlaceBid`, with a [`Bidder::bot`](crate::rules::Bidder::bot) bidder (never charged).

use std::sync::Arc;

use crate::ids::BotId;

/// One bot assigned to one auction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotAssignment {
    /// The bot.
    pub bot: BotId,
    /// Its display name on bids.
    pub name: Arc<str>,
    /// Whether it bids.
    pub active: bool,
    /// The most bids it may place here (0 = no limit).
    pub bid_limit: u32,
    /// Bids placed here so far.
    pub current_bids: u32,
}
