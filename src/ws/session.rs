//! One WebSocket connection: an actix session actor fed by the `actix-ws` message stream. It
//! speaks socket.io (see [`super::protocol`]), keeps the heartbeat, caps frame size and message
//! rate, and relays frames from the auctions it joined and from the hub. A malformed frame closes
//! this connection only, with close code 1008 (policy violation), or 1009 when a frame is over the
//! size limit. Frames go straight into actix-ws's own queue while it has room; behind a slow
//! client they wait in a bounded queue of the session's, and a client that cannot keep up is
//! disconnected rather than buffered without limit.

use std::collections::{HashSet, VecDeque};
use std::rc::Rc;
use std::time::{Duration, Instant};

use actix::prelude::*;
use actix_ws::{AggregatedMessage, CloseCode, CloseReason, ProtocolError};
use bytestring::ByteString;
use futures_util::future::LocalBoxFuture;
use tyiyn_actors::auction::{Join, Leave};
use tyiyn_actors::clock::UnixMillis;
use tyiyn_actors::ids::{AuctionId, UserId};
use tyiyn_actors::outlets::Push;

use super::events::ClientEvent;
use super::hub::{self, Hub, ToSocket};
use super::protocol::{self, Inbound};
use super::relay::{Relay, Unwatch, Watch};
use super::slots::Slot;
use crate::runtime::Auctions;

pub use super::archive::Archive;

mod writing;

use writing::{Frame, OUTBOX};

/// Client messages allowed per second (token bucket refill) and burst.
const RATE_PER_SEC: f64 = 20.0;
const RATE_BURST: f64 = 40.0;

/// How a socket places its user's bid (`placeBid`): given the auction and the language the client
/// asked its answer in, the future of the ack's JSON (`{"status", "body", "retryAfter"?}`). Built
/// by `routes::socket` from the session the handshake carried; called as the frame arrives, so the
/// bid is stamped then.
pub type PlaceBids = Rc<dyn Fn(AuctionId, Option<&str>) -> LocalBoxFuture<'static, String>>;

pub struct WsSession {
    id: u64,
    user: Option<UserId>,
    bids: PlaceBids,
    auctions: Auctions,
    archive: Archive,
    hub: Addr<Hub>,
    /// With several nodes: joins and leaves go through it.
    relay: Option<Addr<Relay>>,
    /// The connection's writing half: actix-ws's queue of 32 frames.
    socket: actix_ws::Session,
    /// Frames waiting for room in that queue, in order (a slow client), at most [`OUTBOX`]. The
    /// first one is on its way while `writing`. Empty (and unallocated) for a client that keeps
    /// up, which is nearly every one: an idle viewer holds no queue and no task of its own.
    waiting: VecDeque<ByteString>,
    writing: bool,
    joined: HashSet<AuctionId>,
    connected: bool,
    last_seen: Instant,
    tokens: f64,
    refilled: Instant,
    /// The close code sent once this session ends (1000 unless a violation set it).
    close: CloseCode,
    /// This socket's place under its address's cap, freed when the session is dropped.
    _slot: Option<Slot>,
    /// Frames queued to this socket (`tyiyn_socket_frames_sent_total`; one handle, no lookups).
    frames: metrics::Counter,
}

impl WsSession {
    pub fn new(
        id: u64,
        user: Option<UserId>,
        auctions: Auctions,
        archive: Archive,
        realtime: super::Realtime,
        session: actix_ws::Session,
        bids: PlaceBids,
    ) -> WsSession {
        let now = Instant::now();
        WsSession {
            id,
            user,
            bids,
            auctions,
            archive,
            hub: realtime.hub,
            relay: realtime.relay,
            socket: session,
            waiting: VecDeque::new(),
            writing: false,
            joined: HashSet::new(),
            connected: false,
            last_seen: now,
            tokens: RATE_BURST,
            refilled: now,
            close: CloseCode::Normal,
            _slot: None,
            frames: metrics::counter!(crate::metrics::FRAMES_SENT),
        }
    }

    /// The session holding `slot` (the per-address cap's place) until it ends.
    pub fn holding(mut self, slot: Option<Slot>) -> WsSession {
        self._slot = slot;
        self
    }

    /// Ends the connection for a violation: `Policy` (1008) for frames outside the protocol or
    /// its rate, `Size` (1009) for frames over the limit.
    fn close_with(&mut self, code: CloseCode, ctx: &mut Context<Self>) {
        self.close = code;
        ctx.stop();
    }

    fn allow(&mut self) -> bool {
        let now = Instant::now();
        let elapsed = now.duration_since(self.refilled).as_secs_f64();
        self.refilled = now;
        self.tokens = (self.tokens + elapsed * RATE_PER_SEC).min(RATE_BURST);
        if self.tokens < 1.0 {
            return false;
        }
        self.tokens -= 1.0;
        true
    }

    fn handle_packet(&mut self, text: &str, ctx: &mut Context<Self>) {
        let Ok(packet) = protocol::parse(text) else {
            self.close_with(CloseCode::Policy, ctx);
            return;
        };
        match packet {
            Inbound::Pong => {}
            Inbound::Ping => self.send(ByteString::from_static(protocol::PONG), ctx),
            Inbound::Close | Inbound::Disconnect => ctx.stop(),
            Inbound::ConnectOther(nsp) => self.send_text(protocol::connect_error(&nsp), ctx),
            Inbound::Connect => {
                if !self.connected {
                    self.connected = true;
                    self.hub.do_send(hub::Connect {
                        id: self.id,
                        user: self.user,
                        socket: ctx.address().recipient(),
                    });
                }
                self.send_text(protocol::connected(&format!("s{:x}", self.id)), ctx);
            }
            Inbound::Event { name, args, ack } => {
                if !self.connected {
                    self.close_with(CloseCode::Policy, ctx);
                    return;
                }
                let event = ClientEvent::parse(&name, &args);
                match (&event, event.as_ref().and_then(ClientEvent::auction)) {
                    (Some(ClientEvent::JoinAuction(_)), Some(auction)) => self.join(auction, ctx),
                    (Some(ClientEvent::LeaveAuction(_)), Some(auction)) => self.leave(auction, ctx),
                    (Some(bid @ ClientEvent::PlaceBid(_)), Some(auction)) => {
                        self.place_bid(auction, bid.lang(), ack, ctx);
                        return;
                    }
                    (Some(ClientEvent::WatchLobby(on)), _) => {
                        self.hub.do_send(hub::Lobby { id: self.id, on: Some(*on), batched: None })
                    }
                    (Some(ClientEvent::BatchLobby(batched)), _) => {
                        self.hub.do_send(hub::Lobby { id: self.id, on: None, batched: Some(*batched) })
                    }
                    (Some(ClientEvent::LobbySince(arg)), _) => {
                        self.catch_up(arg.since, ack, ctx);
                        return;
                    }
                    // An event we do not know, with a well-formed argument: ignored.
                    (None, _) if !is_known(&name) && args.len() == 1 => {}
                    _ => {
                        self.close_with(CloseCode::Policy, ctx);
                        return;
                    }
                }
                self.ack_ok(ack, ctx);
            }
        }
    }

    /// Acks an event that has no answer of its own with `{"ok": true}`.
    fn ack_ok(&mut self, ack: Option<u64>, ctx: &mut Context<Self>) {
        if let Some(id) = ack
            && let Ok(text) = protocol::ack(id, &serde_json::json!({ "ok": true }))
        {
            self.send_text(text, ctx);
        }
    }

    /// Sends every auction's latest lobby frame since `since`, then acks whether that was all
    /// (`lobbySince`); the frames go before the ack, so the page has them when it reads it.
    fn catch_up(&mut self, since: UnixMillis, ack: Option<u64>, ctx: &mut Context<Self>) {
        let asked = self.hub.send(hub::CatchUp { since });
        ctx.spawn(asked.into_actor(self).map(move |frames, act, ctx| {
            let frames = frames.ok().flatten();
            for frame in frames.iter().flatten() {
                act.send(ByteString::from(&**frame), ctx);
            }
            if let Some(id) = ack
                && let Ok(text) = protocol::ack(id, &serde_json::json!({ "complete": frames.is_some() }))
            {
                act.send_text(text, ctx);
            }
        }));
    }

    /// Places the user's bid; its answer (`ack`) follows once it is committed or refused, while
    /// this socket's other frames go on.
    fn place_bid(
        &mut self,
        auction: AuctionId,
        lang: Option<&str>,
        ack: Option<u64>,
        ctx: &mut Context<Self>,
    ) {
        let answer = (self.bids)(auction, lang);
        ctx.spawn(answer.into_actor(self).map(move |json, act, ctx| {
            if let Some(id) = ack {
                act.send_text(protocol::ack_json(id, &json), ctx);
            }
        }));
    }

    fn join(&mut self, auction: AuctionId, ctx: &mut Context<Self>) {
        self.hub.do_send(hub::Watch { id: self.id, auction, on: true });
        if let Some(relay) = &self.relay {
            // A rejoin replaces the earlier one, and gets the full current state first.
            self.joined.insert(auction);
            relay.do_send(Watch { auction, session: ctx.address().recipient(), user: self.user });
            return;
        }
        if !self.joined.insert(auction) {
            // Already watching: a rejoin still gets the full current state first.
            if let Some(addr) = self.auctions.get(auction) {
                addr.do_send(Leave { session: ctx.address().recipient() });
            }
        }
        let auctions = self.auctions.clone();
        let archive = self.archive.clone();
        let me = ctx.address().recipient();
        let user = self.user;
        actix_web::rt::spawn(async move {
            if let Some(addr) = auctions.running_or_restarted(auction).await
                && addr.send(Join { session: me.clone(), user }).await.is_ok()
            {
                return;
            }
            // No actor took the join: the auction finished before it arrived (or as it did). The
            // page still gets its full state, read from the finished row, so that it never keeps
            // showing a live auction that is over.
            if let Some(frame) = archive.snapshot(auction).await {
                me.do_send(Push { frame });
            }
        });
    }

    fn leave(&mut self, auction: AuctionId, ctx: &mut Context<Self>) {
        self.hub.do_send(hub::Watch { id: self.id, auction, on: false });
        if let Some(relay) = &self.relay {
            if self.joined.remove(&auction) {
                relay.do_send(Unwatch { auction, session: ctx.address().recipient() });
            }
            return;
        }
        if self.joined.remove(&auction)
            && let Some(addr) = self.auctions.get(auction)
        {
            addr.do_send(Leave { session: ctx.address().recipient() });
        }
    }
}

/// The close code for a broken frame: 1009 for one over the size limit (a single frame, or a
/// message's continuations together), 1002 for any other breach of the WebSocket protocol.
fn close_code(err: &ProtocolError) -> CloseCode {
    match err {
        ProtocolError::Overflow => CloseCode::Size,
        // actix-ws reports continuations over the limit as this I/O error.
        ProtocolError::Io(io) if io.to_string().contains("maximum continuation size") => CloseCode::Size,
        _ => CloseCode::Protocol,
    }
}

/// Whether `name` is one of the [`ClientEvent`]s (whose malformed arguments close the socket).
fn is_known(name: &str) -> bool {
    matches!(name, "joinAuction" | "leaveAuction" | "placeBid" | "watchLobby" | "batchLobby" | "lobbySince")
}

impl Actor for WsSession {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Context<Self>) {
        metrics::gauge!(crate::metrics::SOCKETS).increment(1.0);
        crate::figures::socket(1);
        ctx.set_mailbox_capacity(OUTBOX);
        self.send_text(protocol::open(&format!("s{:x}", self.id)), ctx);
        let interval = Duration::from_millis(protocol::PING_INTERVAL_MS);
        let deadline = Duration::from_millis(protocol::PING_INTERVAL_MS + protocol::PING_TIMEOUT_MS);
        ctx.run_interval(interval, move |s, ctx| {
            if s.last_seen.elapsed() > deadline {
                ctx.stop();
                return;
            }
            s.send(ByteString::from_static(protocol::PING), ctx);
        });
    }

    fn stopped(&mut self, ctx: &mut Context<Self>) {
        // What still waits goes out (a frame on its way when the session stopped was not taken:
        // it is still first), then the close frame with its code.
        let (mut socket, waiting) = (self.socket.clone(), std::mem::take(&mut self.waiting));
        let reason = CloseReason::from(self.close);
        actix_web::rt::spawn(async move {
            for frame in waiting {
                if socket.text(frame).await.is_err() {
                    return;
                }
            }
            let _ = socket.close(Some(reason)).await;
        });
        metrics::gauge!(crate::metrics::SOCKETS).decrement(1.0);
        crate::figures::socket(-1);
        self.hub.do_send(hub::Disconnect { id: self.id });
        for auction in self.joined.drain() {
            if let Some(relay) = &self.relay {
                relay.do_send(Unwatch { auction, session: ctx.address().recipient() });
            } else if let Some(addr) = self.auctions.get(auction) {
                addr.do_send(Leave { session: ctx.address().recipient() });
            }
        }
    }
}

impl StreamHandler<Result<AggregatedMessage, ProtocolError>> for WsSession {
    fn handle(&mut self, msg: Result<AggregatedMessage, ProtocolError>, ctx: &mut Context<Self>) {
        self.last_seen = Instant::now();
        if !self.allow() {
            self.close_with(CloseCode::Policy, ctx);
            return;
        }
        match msg {
            Ok(AggregatedMessage::Text(text)) => self.handle_packet(&text, ctx),
            Ok(AggregatedMessage::Ping(_) | AggregatedMessage::Pong(_)) => {}
            Ok(AggregatedMessage::Close(_)) => ctx.stop(),
            // Binary frames are not part of this protocol.
            Ok(AggregatedMessage::Binary(_)) => self.close_with(CloseCode::Policy, ctx),
            Err(err) => self.close_with(close_code(&err), ctx),
        }
    }

    fn finished(&mut self, ctx: &mut Context<Self>) {
        ctx.stop();
    }
}

impl Handler<Push> for WsSession {
    type Result = ();
    fn handle(&mut self, msg: Push, ctx: &mut Context<Self>) {
        self.send(Frame(msg.frame).into_text(), ctx);
    }
}

impl Handler<ToSocket> for WsSession {
    type Result = ();
    fn handle(&mut self, msg: ToSocket, ctx: &mut Context<Self>) {
        match msg {
            ToSocket::Push(push) => self.send(Frame(push.frame).into_text(), ctx),
            // A watched auction's news comes from the auction itself.
            ToSocket::Lobby(lobby) if self.joined.contains(&lobby.auction) => {}
            ToSocket::Lobby(lobby) => self.send(Frame(lobby.frame).into_text(), ctx),
            ToSocket::Close(hub::Close { going_away: true }) => self.close_with(CloseCode::Away, ctx),
            // Signed out: the disconnect says so first, so the page decides when (and with which
            // cookie) to come back instead of socket.io retrying with the session that just ended.
            ToSocket::Close(hub::Close { going_away: false }) => {
                self.send(ByteString::from_static(protocol::DISCONNECT), ctx);
                ctx.stop();
            }
        }
    }
}
