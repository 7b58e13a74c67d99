//! Where an auction actor's news goes: the sessions watching it ([`Push`] frames, serialized once
//! by the server's [`Encoder`]), the lobby ([`LobbyUpdate`]) and users' own sessions
//! ([`BalanceChanged`]). Bundled as [`Outlets`] at construction.

use std::sync::Arc;

use actix::prelude::*;

use crate::clock::UnixMillis;
use crate::ids::{AuctionId, Tyiyn, UserId};
use crate::snapshot::AuctionStatus;
use crate::view::AuctionEvent;

/// A frame, already encoded for the wire, pushed to one watching session.
#[derive(Debug, Clone, Message)]
#[rtype(result = "()")]
pub struct Push {
    /// The encoded frame, shared by every recipient of one broadcast.
    pub frame: Arc<str>,
}

/// A compact change of one auction, for the auction-list watchers (and the `/api/timers` cache).
#[derive(Debug, Clone, PartialEq, Message)]
#[rtype(result = "()")]
pub struct LobbyUpdate {
    /// Which auction.
    pub auction: AuctionId,
    /// Its status now.
    pub status: AuctionStatus,
    /// Its price now.
    pub price: Tyiyn,
    /// The leader's name.
    pub leader: Option<Arc<str>>,
    /// Whether the leader is an automatic bidder (a bot).
    pub leader_is_bot: bool,
    /// The live deadline.
    pub ends_at: Option<UnixMillis>,
    /// Accepted bids.
    pub total_bids: i64,
    /// `true` once the auction is deleted: drop it from lists.
    pub deleted: bool,
    /// Set while the countdown is paused (the store is down).
    pub paused: Option<crate::view::Pause>,
}

/// A user's bid balance changed (a bid, a pre-bid, a refund); route it to that user's sessions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Message)]
#[rtype(result = "()")]
pub struct BalanceChanged {
    /// Whose balance.
    pub user: UserId,
    /// The new balance.
    pub balance: i64,
}

/// A personal notice for one user, delivered to that user's own sessions (a pre-bidder learns that
/// the auction started even when not watching it). The durable copy is the store's notification.
#[derive(Debug, Clone, PartialEq, Eq, Message)]
#[rtype(result = "()")]
pub struct Notice {
    /// Who is told.
    pub user: UserId,
    /// About which auction.
    pub auction: AuctionId,
    /// The auction's title, for the message.
    pub title: Arc<str>,
    /// What happened.
    pub kind: NoticeKind,
}

/// What a [`Notice`] says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoticeKind {
    /// An auction this user pre-bid on went live; the pre-bid is now a bid. Stored by the store's
    /// go-live; the notice only reaches the user's open sessions.
    AuctionStarted,
    /// Someone else took the lead from this user, who is not watching the auction live; the price
    /// is now `price`. Not stored yet: the server stores it and delivers it.
    Outbid {
        /// The auction's price after the bid that took the lead.
        price: Tyiyn,
    },
}

/// Turns an auction event into a wire frame (the server's socket.io layer implements it).
pub trait Encoder: Send + Sync + 'static {
    /// The `auctionUpdate` frame for `event`.
    fn auction_update(&self, event: &AuctionEvent) -> Arc<str>;
}

/// An [`Encoder`] that writes the event as plain JSON (tests, benches, simple clients).
#[derive(Debug, Clone, Copy, Default)]
pub struct JsonEncoder;

impl Encoder for JsonEncoder {
    fn auction_update(&self, event: &AuctionEvent) -> Arc<str> {
        // Our own types serialize infallibly (no maps with non-string keys, no failing impls).
        serde_json::to_string(event).expect("AuctionEvent always serializes").into()
    }
}

/// The recipients and encoder every auction actor publishes through.
#[derive(Clone)]
pub struct Outlets {
    /// The lobby: receives a [`LobbyUpdate`] after every change. Sent with `do_send` (never
    /// dropped), so the lobby actor must keep up (coalesce, don't do I/O per update).
    pub lobby: Recipient<LobbyUpdate>,
    /// Balance changes, sent with `do_send` (never dropped).
    pub balances: Recipient<BalanceChanged>,
    /// Personal notices, sent with `do_send` (never dropped).
    pub notices: Recipient<Notice>,
    /// Serializes each broadcast once.
    pub encoder: Arc<dyn Encoder>,
}

impl std::fmt::Debug for Outlets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Outlets").finish_non_exhaustive()
    }
}

/// An actor that swallows every outlet message: for benches and for servers that don't need one.
#[derive(Debug, Default)]
pub struct Sink;

impl Actor for Sink {
    type Context = Context<Self>;
}

impl Handler<LobbyUpdate> for Sink {
    type Result = ();
    fn handle(&mut self, _: LobbyUpdate, _: &mut Context<Self>) {}
}

impl Handler<BalanceChanged> for Sink {
    type Result = ();
    fn handle(&mut self, _: BalanceChanged, _: &mut Context<Self>) {}
}

impl Handler<Notice> for Sink {
    type Result = ();
    fn handle(&mut self, _: Notice, _: &mut Context<Self>) {}
}

impl Handler<Push> for Sink {
    type Result = ();
    fn handle(&mut self, _: Push, _: &mut Context<Self>) {}
}

impl Outlets {
    /// Outlets that discard everything, encoding as JSON (starts one [`Sink`] actor).
    pub fn discard() -> Self {
        let sink = Sink.start();
        Outlets {
            lobby: sink.clone().recipient(),
            balances: sink.clone().recipient(),
            notices: sink.recipient(),
            encoder: Arc::new(JsonEncoder),
        }
    }
}
