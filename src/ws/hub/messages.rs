//! What the hub is told and asked: by sessions (connect, watch, the lobby, catch up), by the
//! use cases (a user's balance, order and notices, sign-outs) and by other nodes.

use std::sync::Arc;

use actix::prelude::*;
use tyiyn_actors::ids::{AuctionId, UserId};
use tyiyn_actors::outlets::Push;

use crate::app::provider::Order;

use super::super::notice::Notification;

/// A lobby frame about one auction; a session watching that auction skips it (it gets the full
/// `auctionUpdate` from the auction itself).
#[derive(Message, Clone)]
#[rtype(result = "()")]
pub struct LobbyFrame {
    pub auction: AuctionId,
    pub frame: Arc<str>,
}

/// A payment order of `user` changed state: `orderUpdate` to that user's sessions.
#[derive(Message)]
#[rtype(result = "()")]
pub struct OrderChanged {
    pub user: UserId,
    pub order: Order,
}

/// A stored notification of `user`: `notification` to that user's sessions.
#[derive(Message)]
#[rtype(result = "()")]
pub struct Notify {
    pub user: UserId,
    pub notification: Notification,
}

/// A socket connected (after the Socket.IO connect packet).
#[derive(Message)]
#[rtype(result = "()")]
pub struct Connect {
    pub id: u64,
    pub user: Option<UserId>,
    /// Where the hub's messages to this socket go: one recipient for all of them (each costs
    /// the socket a few allocations, and there are thousands of sockets).
    pub socket: Recipient<ToSocket>,
}

/// What the hub tells one socket.
#[derive(Message)]
#[rtype(result = "()")]
pub enum ToSocket {
    /// A frame for this socket alone (its user's news, the lobby's list).
    Push(Push),
    /// A lobby frame (skipped by a socket watching that auction: it gets the auction's own).
    Lobby(LobbyFrame),
    Close(Close),
}

/// Every session of `user` ended (password changed, "log out everywhere"): their sockets close.
/// A browser that still holds a valid session reconnects with it.
#[derive(Message)]
#[rtype(result = "()")]
pub struct SignOut {
    pub user: UserId,
}

/// The hub's order to a socket to close: its user signed out everywhere, or (`going_away`) this
/// server is stopping and the client is to reconnect, to another node if there is one.
pub struct Close {
    pub going_away: bool,
}

/// This server is stopping: every socket closes with 1001 (going away), so that its client
/// reconnects elsewhere now instead of holding the stop up until the shutdown timeout. The answer
/// is how many were told.
#[derive(Message)]
#[rtype(result = "usize")]
pub struct CloseAll;

/// A socket went away.
#[derive(Message)]
#[rtype(result = "()")]
pub struct Disconnect {
    pub id: u64,
}

/// A session watching (or no longer watching) one auction: it gets that auction's news from the
/// auction itself, so the hub leaves it out of that auction's lobby frames.
#[derive(Message)]
#[rtype(result = "()")]
pub struct Watch {
    pub id: u64,
    pub auction: AuctionId,
    pub on: bool,
}

/// A session asking for the lobby's updates or no longer (`watchLobby`: on at connect), or for
/// them in one frame per flush (`batchLobby`: off at connect). `None` leaves that one as it is.
#[derive(Message)]
#[rtype(result = "()")]
pub struct Lobby {
    pub id: u64,
    pub on: Option<bool>,
    pub batched: Option<bool>,
}

/// A session's `lobbySince`: every auction's latest lobby frame since `since` (the moment its
/// page's lists are as of), or `None` when this node cannot know them all.
#[derive(Message)]
#[rtype(result = "Option<Vec<Arc<str>>>")]
pub struct CatchUp {
    pub since: tyiyn_actors::clock::UnixMillis,
}

/// A frame another node made for `user`'s sessions (an order, a notification).
#[derive(Message)]
#[rtype(result = "()")]
pub struct UserFrame {
    pub user: UserId,
    pub frame: Arc<str>,
}

/// A lobby frame another node made (about an auction it runs), for the sessions on the auction
/// lists here.
#[derive(Message)]
#[rtype(result = "()")]
pub struct RemoteLobby(pub LobbyFrame);
