//! The messages an [`AuctionActor`](super::AuctionActor) answers, and the event it reports to its
//! supervisor. Commands are imperative; `AuctionStopped` is an event. The control messages and
//! their answers have a serde form (camelCase) too: the nodes of a cluster pass them to the node
//! that runs the auction.

use std::sync::Arc;

use actix::prelude::*;
use serde::{Deserialize, Serialize};

use crate::autobid::AutoBid;
use crate::bots::{BotAssignment, BotError};
use crate::clock::UnixMillis;
use crate::errors::{BidRejected, ControlError};
use crate::ids::{AuctionId, BotId, PrebidId, Tyiyn, UserId};
use crate::outlets::Push;
use crate::record::BidRecord;
use crate::snapshot::AuctionDetails;
use crate::view::{AuctionInfo, AuctionView};

/// Place a bid for `user`. Answered only after the bid is committed (or refused).
#[derive(Debug, Clone, Message)]
#[rtype(result = "Result<BidAccepted, BidRejected>")]
pub struct PlaceBid {
    /// The logged-in bidder.
    pub user: UserId,
    /// Their username, shown on the bid.
    pub username: Arc<str>,
    /// When the HTTP request arrived (read from the runtime's clock): decides the deadline race.
    pub stamp: UnixMillis,
}

/// A committed bid. Its serde form (camelCase, the bid and view as the API shows them) passes it
/// between the nodes of a cluster.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BidAccepted {
    /// The bid as the history shows it.
    pub bid: BidRecord,
    /// The bidder's balance after the debit (`None` for bots).
    pub balance: Option<i64>,
    /// The auction right after this bid's batch committed (shared by the batch's answers).
    pub view: Arc<AuctionView>,
}

/// Place a pre-bid for `user` on an upcoming auction (one per user; costs one bid).
#[derive(Debug, Clone, Message)]
#[rtype(result = "Result<PrebidAccepted, BidRejected>")]
pub struct PlacePrebid {
    /// The logged-in user.
    pub user: UserId,
    /// Their username, shown on the converted bid.
    pub username: Arc<str>,
    /// When the HTTP request arrived.
    pub stamp: UnixMillis,
}

/// A committed pre-bid (serde form: camelCase, for the nodes of a cluster).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PrebidAccepted {
    /// The new pre-bid's id.
    pub prebid: PrebidId,
    /// The user's balance after the debit.
    pub balance: i64,
    /// Pre-bids on this auction now.
    pub prebids_count: usize,
}

/// Start watching: the session is pushed a `snapshot` frame now, then every change.
#[derive(Debug, Clone, Message)]
#[rtype(result = "()")]
pub struct Join {
    /// Where to push frames (dropped when its mailbox is full or closed).
    pub session: Recipient<Push>,
    /// The session's user, if logged in.
    pub user: Option<UserId>,
}

/// Receive every frame like a viewer without being one: another node's relay, which passes the
/// frames on to its own sessions (they are counted through [`RemoteViewers`]). A snapshot first.
#[derive(Debug, Clone, Message)]
#[rtype(result = "()")]
pub struct Tap {
    /// Where to push frames.
    pub session: Recipient<Push>,
}

/// The sessions of another node watching this auction: counted among its viewers, and their users
/// are watching live (not told they were outbid). Replaces what `node` said before; forgotten
/// unless said again within [`REMOTE_VIEWERS_MS`].
#[derive(Debug, Clone, Message)]
#[rtype(result = "()")]
pub struct RemoteViewers {
    /// Which node.
    pub node: Arc<str>,
    /// How many sessions there watch the auction.
    pub sessions: usize,
    /// Their logged-in users.
    pub users: Vec<UserId>,
}

/// How long a [`RemoteViewers`] holds without being repeated.
pub const REMOTE_VIEWERS_MS: i64 = 3_000;

/// Stop watching.
#[derive(Debug, Clone, Message)]
#[rtype(result = "()")]
pub struct Leave {
    /// The recipient given to [`Join`].
    pub session: Recipient<Push>,
}

/// Return the auction and its recent bids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Message, Serialize, Deserialize)]
#[rtype(result = "AuctionView")]
pub struct GetView;

/// Return the auction without bids (cheaper, for lists).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Message, Serialize, Deserialize)]
#[rtype(result = "AuctionInfo")]
pub struct GetInfo;

/// Admin: finish this live auction now; the leader wins (no bids → no winner). Answered with the
/// final view once the finish is persisted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Message, Serialize, Deserialize)]
#[rtype(result = "Result<AuctionView, ControlError>")]
pub struct EndNow;

/// Admin: change an upcoming auction's details and start time.
#[derive(Debug, Clone, PartialEq, Eq, Message, Serialize, Deserialize)]
#[rtype(result = "Result<AuctionInfo, ControlError>")]
#[serde(rename_all = "camelCase")]
pub struct UpdateDetails {
    /// The new details.
    pub details: AuctionDetails,
    /// The new start time (a past one starts the auction now).
    pub start_time: UnixMillis,
}

/// Admin: delete this auction, refunding its bids and pre-bids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Message, Serialize, Deserialize)]
#[rtype(result = "Result<(), ControlError>")]
pub struct Delete;

/// Set (or replace) `user`'s auto-bidder on this upcoming or live auction: `bids` bids from now
/// (1 to [`MAX_BIDS`](crate::autobid::MAX_BIDS), checked by the caller), none making a price over
/// `max_price`. Persisted before the actor plans with it; answered with the order as stored.
#[derive(Debug, Clone, PartialEq, Eq, Message, Serialize, Deserialize)]
#[rtype(result = "Result<AutoBid, ControlError>")]
#[serde(rename_all = "camelCase")]
pub struct SetAutoBid {
    /// Whose.
    pub user: UserId,
    /// Their public name (the bids are theirs).
    pub username: Arc<str>,
    /// How many bids it may place.
    pub bids: u32,
    /// The highest price its bids may make; `None`: no ceiling.
    pub max_price: Option<Tyiyn>,
}

/// Cancel `user`'s auto-bidder on this auction (its unused bids were never taken): `false` if
/// they had none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Message, Serialize, Deserialize)]
#[rtype(result = "Result<bool, ControlError>")]
#[serde(rename_all = "camelCase")]
pub struct CancelAutoBid {
    /// Whose.
    pub user: UserId,
}

/// `user`'s auto-bidder on this auction, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Message, Serialize, Deserialize)]
#[rtype(result = "Option<AutoBid>")]
#[serde(rename_all = "camelCase")]
pub struct GetAutoBid {
    /// Whose.
    pub user: UserId,
}

/// Admin: assign a bot to this (upcoming or live) auction. Persisted before the actor plans with
/// it; answered with the assignment and the bot's bid count here so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Message, Serialize, Deserialize)]
#[rtype(result = "Result<BotAssignment, BotError>")]
#[serde(rename_all = "camelCase")]
pub struct AssignBot {
    /// The bot.
    pub bot: BotId,
    /// The most bids it may place here (0 = no limit).
    pub bid_limit: u32,
    /// Whether the assignment bids.
    pub active: bool,
}

/// Admin: change a bot's assignment on this auction; absent fields keep their value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Message, Serialize, Deserialize)]
#[rtype(result = "Result<BotAssignment, BotError>")]
#[serde(rename_all = "camelCase")]
pub struct UpdateBotAssignment {
    /// The bot.
    pub bot: BotId,
    /// The new active flag.
    pub active: Option<bool>,
    /// The new bid limit (0 = no limit).
    pub bid_limit: Option<u32>,
}

/// Admin: remove a bot from this auction (its bids stay).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Message, Serialize, Deserialize)]
#[rtype(result = "Result<(), BotError>")]
#[serde(rename_all = "camelCase")]
pub struct UnassignBot {
    /// The bot.
    pub bot: BotId,
}

/// Return this auction's bot assignments, by assignment id, with their committed bid counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Message, Serialize, Deserialize)]
#[rtype(result = "Vec<BotAssignment>")]
pub struct ListBots;

/// The store is down, as seen since `since` (the health monitor's last good probe, or a failed
/// write's earliest bid): a live auction pauses its countdown.
#[derive(Debug, Clone, Copy, Message)]
#[rtype(result = "()")]
pub struct StoreDown {
    /// From when bids could not be accepted.
    pub since: UnixMillis,
}

/// The store answers again: a paused auction tries to resume now rather than at its next retry.
#[derive(Debug, Clone, Copy, Message)]
#[rtype(result = "()")]
pub struct StoreUp;

/// Why an auction actor stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopReason {
    /// It finished and persisted that.
    Finished,
    /// It was deleted.
    Deleted,
    /// Another node took its lease: it runs there now, and the registry forgets it here.
    Fenced,
    /// Anything else (a panic, a bug): the registry reloads it from the store.
    Unexpected,
}

/// Another node owns this auction now (its lease moved, or this node hands it over): stop here
/// without a word to the store. Bids still queued are answered as not placed; a batch being
/// committed is answered first.
#[derive(Debug, Clone, Copy, Message)]
#[rtype(result = "()")]
pub struct StepDown;

/// Sent by an auction actor's drop guard to its supervisor, whatever way it stopped.
#[derive(Debug, Clone, Copy, Message)]
#[rtype(result = "()")]
pub struct AuctionStopped {
    /// Which auction.
    pub id: AuctionId,
    /// Which start of it (the registry ignores reports from replaced actors).
    pub incarnation: u64,
    /// Why.
    pub reason: StopReason,
    /// Set when it stopped paused: bids could not be placed since then (see `pause`).
    pub paused_since: Option<UnixMillis>,
}
