//! A flood from one client address while honest viewers on other addresses watch a live auction:
//! 2,000 socket upgrades, then a frame the protocol refuses on every socket the flood was given.
//! The flood gets its cap (429 `too_many_sockets`), its close codes (1008, 1009) and its slots
//! back; every bid is answered and every viewer gets every bid, in order.
//!
//! The viewers connect from 127.0.0.2 and up (see `socket::tcp_from`): the server tells them
//! apart by its ordinary peer address, with no proxy headers and no change to its settings.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr};
use std::time::{Duration, Instant};

use futures_util::future::join_all;
use futures_util::{SinkExt, StreamExt, stream};
use serde_json::{Value, json};
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::protocol::frame::Frame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{CloseCode, Data, OpCode};
use tokio_tungstenite::tungstenite::{Error, Message};

use crate::helpers::{TestApp, User, long_countdowns, spawn_app_with};
use crate::socket::Socket;
use crate::socket_guard::{Ws, close_code, socket_url};

/// Upgrades the flooding address asks for, in rounds, at most `IN_FLIGHT` at once.
const FLOOD: usize = 2_000;
const ROUNDS: usize = 20;
const IN_FLIGHT: usize = 50;
/// Bids placed while the flood's sockets are being closed (one more bid runs beside each round).
const BIDS_WHILE_CLOSING: usize = 10;
const BIDS: usize = ROUNDS + BIDS_WHILE_CLOSING;
/// Bidders take turns, so none is the leader when its turn comes again.
const BIDDERS: usize = 3;
/// Honest viewers, on 127.0.0.2, 127.0.0.3, ...
const VIEWERS: u8 = 5;

/// How the server answered one upgrade.
enum Upgrade {
    Accepted(Box<Ws>),
    Refused,
}

/// One upgrade from 127.0.0.1: accepted, or refused with 429 `too_many_sockets`. Any other answer
/// (another status, a reset, a broken handshake) fails the test.
async fn upgrade(app: &TestApp) -> Upgrade {
    match connect_async(socket_url(app)).await {
        Ok((ws, _)) => Upgrade::Accepted(Box::new(ws)),
        Err(Error::Http(res)) => {
            let body = res.body().as_deref().unwrap_or_default();
            let body: Value = serde_json::from_slice(body).expect("the refusal is JSON");
            assert_eq!((res.status().as_u16(), &body["code"]), (429, &json!("too_many_sockets")), "{body}");
            Upgrade::Refused
        }
        Err(other) => panic!("an upgrade was neither accepted nor refused with 429: {other}"),
    }
}

/// Something the protocol refuses, sent by a flooding socket.
#[derive(Clone, Copy, Debug)]
enum Abuse {
    InvalidJson,
    UnknownEnginePacket,
    UnknownSocketPacket,
    BadArgument,
    EventBeforeConnect,
    Binary,
    Oversize,
    /// A text message over the size limit in two frames, each under it.
    OversizeInPieces,
    /// More messages at once than the rate allows (burst 40).
    Burst,
}

impl Abuse {
    const ALL: [Abuse; 9] = [
        Abuse::InvalidJson,
        Abuse::UnknownEnginePacket,
        Abuse::UnknownSocketPacket,
        Abuse::BadArgument,
        Abuse::EventBeforeConnect,
        Abuse::Binary,
        Abuse::Oversize,
        Abuse::OversizeInPieces,
        Abuse::Burst,
    ];

    /// The close code docs/rules/realtime.md ("Close codes") gives for it.
    fn code(self) -> CloseCode {
        match self {
            Abuse::Oversize | Abuse::OversizeInPieces => CloseCode::Size,
            _ => CloseCode::Policy,
        }
    }

    /// The frames to send: the Socket.IO connect, then the abuse (an event before connecting
    /// sends no connect).
    fn frames(self) -> Vec<Message> {
        let text = |t: &str| vec![Message::text("40"), Message::text(t)];
        match self {
            Abuse::InvalidJson => text("42[\"joinAuction\",{"),
            Abuse::UnknownEnginePacket => text("9"),
            Abuse::UnknownSocketPacket => text("46[\"joinAuction\",1]"),
            Abuse::BadArgument => text("42[\"joinAuction\",{\"no\":\"id\"}]"),
            Abuse::EventBeforeConnect => vec![Message::text("42[\"joinAuction\",1]")],
            Abuse::Binary => vec![Message::text("40"), Message::binary(vec![4, 2])],
            Abuse::Oversize => text(&format!("42[\"joinAuction\",\"{}\"]", "x".repeat(20 * 1024))),
            Abuse::OversizeInPieces => {
                let first = format!("42[\"joinAuction\",\"{}", "x".repeat(10 * 1024));
                let rest = format!("{}\"]", "x".repeat(10 * 1024));
                vec![
                    Message::text("40"),
                    Message::Frame(Frame::message(first, OpCode::Data(Data::Text), false)),
                    Message::Frame(Frame::message(rest, OpCode::Data(Data::Continue), true)),
                ]
            }
            Abuse::Burst => std::iter::once("40").chain(["3"; 200]).map(Message::text).collect(),
        }
    }

    /// Sends it on `ws` (in one write) and returns the code the server closes `ws` with.
    async fn commit(self, mut ws: Ws) -> CloseCode {
        for frame in self.frames() {
            ws.feed(frame).await.expect("frame queued");
        }
        ws.flush().await.expect("frames sent");
        close_code(ws).await
    }
}

/// Bids placed in turns by `BIDDERS` users, each answered 200: the bid ids in order, with when
/// each was sent.
struct Bidding {
    users: Vec<User>,
    auction: i64,
    placed: Vec<(i64, Instant)>,
}

impl Bidding {
    async fn place(&mut self) {
        let user = &self.users[self.placed.len() % self.users.len()];
        let sent = Instant::now();
        let res = user.bid(self.auction).await;
        let status = res.status().as_u16();
        let body: Value = res.json().await.expect("JSON answer");
        assert_eq!(status, 200, "bid {} during the flood: {body}", self.placed.len() + 1);
        self.placed.push((body["bid"]["id"].as_i64().expect("bid id"), sent));
    }

    async fn place_many(&mut self, n: usize) {
        for _ in 0..n {
            self.place().await;
        }
    }
}

/// One viewer's `bidsPlaced` updates until it has seen `bids` bids: each update's bid ids (oldest
/// first), the auction's `totalBids` after it, and when it arrived.
async fn watch(mut socket: Socket, auction: i64, bids: usize) -> Vec<(Vec<i64>, i64, Instant)> {
    let mut updates = Vec::new();
    let mut seen = 0;
    while seen < bids {
        let update = socket.next_update(auction, "bidsPlaced").await;
        let ids: Vec<i64> =
            update["bids"].as_array().into_iter().flatten().rev().filter_map(|b| b["id"].as_i64()).collect();
        seen += ids.len();
        updates.push((ids, update["auction"]["totalBids"].as_i64().unwrap_or(-1), Instant::now()));
    }
    updates
}

#[actix_web::test]
async fn a_flood_from_one_address_leaves_other_viewers_every_bid_in_order() {
    let mut cap = 0;
    let app = spawn_app_with(|s| {
        long_countdowns(s);
        s.auth.signup_bonus_bids = BIDS as i64;
        cap = s.server.max_sockets_per_address;
    })
    .await;
    let admin = app.new_admin("boss").await;
    let auction = app.create_live_auction(&admin, "Телевизор").await;
    let mut users = Vec::new();
    for n in 0..BIDDERS {
        users.push(app.new_user(&format!("honest{n}")).await);
    }
    let mut bidding = Bidding { users, auction, placed: Vec::new() };
    let mut viewers = Vec::new();
    for n in 0..VIEWERS {
        let from = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2 + n));
        let mut socket = Socket::connect_from(&app.address, None, Some(from)).await;
        socket.emit("joinAuction", json!(auction));
        assert_eq!(socket.next_update(auction, "snapshot").await["auction"]["totalBids"], 0);
        viewers.push(actix_web::rt::spawn(watch(socket, auction, BIDS)));
    }

    // The flood: every round's upgrades run beside one bid; accepted sockets stay open.
    let mut open = Vec::new();
    let mut refused = 0;
    for _ in 0..ROUNDS {
        let upgrades = stream::iter(0..FLOOD / ROUNDS).map(|_| upgrade(&app)).buffer_unordered(IN_FLIGHT);
        let (answers, ()) = futures_util::join!(upgrades.collect::<Vec<_>>(), bidding.place());
        for answer in answers {
            match answer {
                Upgrade::Accepted(ws) => open.push(ws),
                Upgrade::Refused => refused += 1,
            }
        }
    }
    assert_eq!((open.len(), refused), (cap, FLOOD - cap), "(accepted, refused with 429)");

    // Every accepted socket misbehaves, beside more bids, and is closed with its code.
    let abuses = open.into_iter().enumerate().map(|(i, ws)| {
        let abuse = Abuse::ALL[i % Abuse::ALL.len()];
        async move { (abuse, abuse.commit(*ws).await) }
    });
    let (closes, ()) = futures_util::join!(join_all(abuses), bidding.place_many(BIDS_WHILE_CLOSING));
    let mut codes: HashMap<u16, usize> = HashMap::new();
    for (abuse, code) in closes {
        assert_eq!(code, abuse.code(), "{abuse:?}");
        *codes.entry(code.into()).or_default() += 1;
    }

    // Every slot came back: the address gets its whole cap again, and no more.
    let mut again = Vec::new();
    for n in 0..cap {
        let Upgrade::Accepted(ws) = upgrade(&app).await else {
            panic!("socket {} of {cap} refused after the flood's sockets closed", n + 1);
        };
        again.push(ws);
    }
    assert!(matches!(upgrade(&app).await, Upgrade::Refused), "the cap still holds");

    // Every viewer saw every bid, in the order they were answered, `totalBids` counting each one.
    let placed: Vec<i64> = bidding.placed.iter().map(|(id, _)| *id).collect();
    let sent: HashMap<i64, Instant> = bidding.placed.iter().copied().collect();
    let mut slowest = Duration::ZERO;
    for viewer in viewers {
        let updates = viewer.await.expect("the viewer got every bid");
        let seen: Vec<i64> = updates.iter().flat_map(|(ids, _, _)| ids.iter().copied()).collect();
        assert_eq!(seen, placed, "a viewer's bids, in order");
        let mut total = 0;
        for (ids, total_bids, arrived) in &updates {
            total += ids.len() as i64;
            assert_eq!(*total_bids, total, "totalBids after bids {ids:?}");
            slowest = ids.iter().map(|id| arrived.duration_since(sent[id])).fold(slowest, Duration::max);
        }
    }
    println!(
        "flood: {cap} accepted, {refused} refused with 429; closes by code {codes:?}; {} accepted \
         again; {BIDS} bids to {VIEWERS} viewers, slowest bid from request to viewer {slowest:?}",
        again.len()
    );
    app.check().await;
}
