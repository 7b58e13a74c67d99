//! The socket protocol as types: [`ClientEvent`] (what a client emits) and [`ServerEvent`] (what
//! the server pushes). Every server frame is built through [`ServerEvent::frame`], so the wire and
//! the published JSON Schema (`GET /api/events.schema.json`) come from the same definitions.
//!
//! Event names are the spec's (`joinAuction`, `leaveAuction`, `auctionUpdate`, `timerUpdate`,
//! `bidBalanceUpdate`, `notification`, and `orderUpdate` for payments, `lobbyUpdates` for the lists'
//! updates in one frame); every server payload carries a `type` discriminator.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::notice::Notification;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tyiyn_actors::clock::UnixMillis;
use tyiyn_actors::ids::{AuctionId, Tyiyn, UserId};
use tyiyn_actors::snapshot::AuctionStatus;
use tyiyn_actors::view::{AuctionEvent, Pause};
use utoipa::ToSchema;

use crate::app::provider::Order;

/// A frame the server pushes: `42["<event>",<data>]` on the wire.
#[derive(Debug, Serialize, ToSchema)]
#[serde(tag = "event", content = "data", rename_all = "camelCase")]
pub enum ServerEvent<'a> {
    /// A watched auction changed, or (for the auction lists) a compact lobby update.
    AuctionUpdate(AuctionUpdate<'a>),
    /// Seconds left of every live auction, once a second.
    TimerUpdate(TimerUpdate),
    /// The user's own bid balance changed (sent to that user's sessions only).
    BidBalanceUpdate(BidBalanceUpdate),
    /// A personal notice (sent to that user's sessions only).
    Notification(Notification),
    /// One of the user's payment orders changed state (sent to that user's sessions only).
    OrderUpdate(OrderUpdate),
    /// Every auction's compact lobby update of one flush in one frame, to a socket that asked for
    /// them so (`batchLobby` true) instead of one `auctionUpdate` of type `lobby` per auction.
    LobbyUpdates(LobbyUpdates),
}

/// The payloads of `auctionUpdate`, told apart by `type`: the full event of a watched auction
/// (`snapshot`, `bidsPlaced`, `prebidPlaced`, `started`, `detailsUpdated`, `finished`, `deleted`)
/// or the compact `lobby` update.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum AuctionUpdate<'a> {
    /// A change of a watched auction (sent to the sessions that joined it).
    Auction(Watched<'a>),
    /// A compact change for the auction lists (sent to every other session).
    Lobby(LobbyUpdate),
}

/// A watched auction's event, borrowed from the actor's broadcast (encoded once per broadcast).
#[derive(Debug, Serialize)]
#[serde(transparent)]
pub struct Watched<'a>(pub &'a AuctionEvent);

impl utoipa::PartialSchema for Watched<'_> {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::Ref::from_schema_name("AuctionEvent").into()
    }
}

impl ToSchema for Watched<'_> {
    fn schemas(out: &mut Vec<(String, utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>)>) {
        out.push(("AuctionEvent".into(), <AuctionEvent as utoipa::PartialSchema>::schema()));
        <AuctionEvent as ToSchema>::schemas(out);
    }
}

/// The `type` of a [`LobbyUpdate`]: always `lobby`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum LobbyType {
    /// A compact lobby update.
    Lobby,
}

/// A compact change of one auction for the lists, at most one per auction per 100 ms.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LobbyUpdate {
    /// Always `lobby`.
    #[serde(rename = "type")]
    pub kind: LobbyType,
    /// Which auction.
    pub auction_id: AuctionId,
    /// Its status now.
    pub status: AuctionStatus,
    /// Its price now.
    pub current_price: Tyiyn,
    /// The leader's name.
    #[schema(value_type = Option<String>, required)]
    pub last_bidder: Option<Arc<str>>,
    /// Whether the leader is an automatic bidder (a house bot).
    pub last_bidder_is_bot: bool,
    /// The live deadline; `null` unless live.
    #[schema(required)]
    pub ends_at: Option<UnixMillis>,
    /// The server's clock when this was made.
    pub server_time: UnixMillis,
    /// Accepted bids.
    pub total_bids: i64,
    /// `true` once the auction is deleted: drop it from the lists.
    pub deleted: bool,
    /// Set while the countdown is paused (the database is down): its timer shows
    /// `paused.remainingMs`, frozen; `null` otherwise.
    #[schema(required)]
    pub paused: Option<Pause>,
}

/// The `type` of a [`LobbyUpdates`]: always `lobbyBatch`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum LobbyBatchType {
    /// Several auctions' lobby updates.
    LobbyBatch,
}

/// The compact lobby updates of the auctions that changed since the last flush (every 100 ms),
/// one per auction, each exactly what `auctionUpdate` of type `lobby` would carry; never about an
/// auction the socket has joined (it gets that auction's own events).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LobbyUpdates {
    /// Always `lobbyBatch`.
    #[serde(rename = "type")]
    pub kind: LobbyBatchType,
    /// One update per auction, in no particular order.
    pub updates: Vec<LobbyUpdate>,
}

/// The `type` of a [`TimerUpdate`]: always `timers`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum TimersType {
    /// Seconds left per live auction.
    Timers,
}

/// Seconds left of every live auction: `timers` maps an auction id to whole seconds (rounded up).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TimerUpdate {
    /// Always `timers`.
    #[serde(rename = "type")]
    pub kind: TimersType,
    /// Auction id → seconds left.
    #[schema(example = json!({"12": 7}))]
    pub timers: BTreeMap<String, i64>,
}

/// The `type` of a [`BidBalanceUpdate`]: always `bidBalance`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum BidBalanceType {
    /// A balance change.
    BidBalance,
}

/// The user's bid balance after a bid, a pre-bid or a refund.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BidBalanceUpdate {
    /// Always `bidBalance`.
    #[serde(rename = "type")]
    pub kind: BidBalanceType,
    /// Whose balance (always the receiving session's user).
    pub user_id: UserId,
    /// The balance now.
    pub bid_balance: i64,
}

/// The `type` of an [`OrderUpdate`]: always `order`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum OrderType {
    /// A payment order's change.
    Order,
}

/// A payment order of the receiving user, as it is now (paid or failed).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderUpdate {
    /// Always `order`.
    #[serde(rename = "type")]
    pub kind: OrderType,
    /// The order now.
    pub order: Order,
}

impl ServerEvent<'_> {
    /// The socket.io frame `42["<event>",<data>]`, serialized once (then shared by every
    /// receiver). The event name and payload come from this enum's serde form, so the frame and
    /// the published schema cannot disagree.
    pub fn frame(&self) -> Arc<str> {
        // Our payloads serialize infallibly (plain structs, string map keys).
        let tagged = serde_json::to_string(self).unwrap_or_default();
        // `{"event":"<name>","data":<payload>}` → `42["<name>",<payload>]`.
        let body = tagged
            .strip_prefix("{\"event\":")
            .and_then(|rest| rest.strip_suffix('}'))
            .and_then(|rest| rest.split_once(",\"data\":"));
        match body {
            Some((name, data)) => format!("42[{name},{data}]").into(),
            None => Arc::from(""),
        }
    }
}

/// An auction id as a client sends it: a number or a string of digits.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(untagged)]
pub enum AuctionIdArg {
    /// `12`
    Number(i64),
    /// `"12"`
    Text(String),
}

impl AuctionIdArg {
    /// The id, when it is one.
    pub fn id(&self) -> Option<AuctionId> {
        match self {
            AuctionIdArg::Number(n) => Some(AuctionId(*n)),
            AuctionIdArg::Text(s) => s.trim().parse().ok().map(AuctionId),
        }
    }
}

/// What `placeBid` carries: the auction's id, or the id with the language its answer is wanted in.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(untagged)]
pub enum BidArg {
    /// `12` or `"12"`: the answer comes in the language of the socket's handshake.
    Id(AuctionIdArg),
    /// `{"auctionId": 12, "lang": "ky"}`.
    With(PlaceBidArg),
}

/// A bid with the language of its answer.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlaceBidArg {
    /// Which auction.
    pub auction_id: AuctionIdArg,
    /// `ru`, `en`, `ka` or `ky`: the language of the answer's error text (else the handshake's: the
    /// `lang` cookie, then `Accept-Language`, then the site's).
    #[serde(default)]
    pub lang: Option<String>,
}

/// What a client emits: `42["<event>",<data>]` on the wire (optionally with an ack id).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(tag = "event", content = "data", rename_all = "camelCase")]
pub enum ClientEvent {
    /// Start watching an auction: a `snapshot` follows, then every change.
    JoinAuction(AuctionIdArg),
    /// Stop watching an auction.
    LeaveAuction(AuctionIdArg),
    /// Place one bid on a live auction as the socket's logged-in user, exactly as `POST
    /// /api/auctions/{id}/bid` does. Emitted with an ack id, it is answered once committed or
    /// refused with `[{"status", "body", "retryAfter"?}]`: the status and JSON body that request
    /// would have answered (`BidAnswer` on 200, else the error body), and its `Retry-After`.
    PlaceBid(BidArg),
    /// `false`: no compact lobby updates (`auctionUpdate` of type `lobby`) to this socket, for a
    /// page that shows no auction list (an auction's own page, which gets that auction's frames);
    /// `true`: again. On at every connect.
    WatchLobby(bool),
    /// `true`: the lobby updates of each flush come in one `lobbyUpdates` frame (several auctions'
    /// updates, one write) instead of one `auctionUpdate` frame per auction; `false`: one per
    /// auction again, as at every connect. (A server that does not know this event ignores it
    /// and keeps sending one per auction.)
    BatchLobby(bool),
    /// Brings a page's lists, as of `since` (the `serverTime` of the lists it shows, or of the
    /// last lobby frame it got before its socket dropped), up to date without
    /// reading them again: emitted with an ack id, the server sends each auction's latest lobby
    /// frame since then (`auctionUpdate` of type `lobby`), then acks `[{"complete": true}]`; or
    /// acks `[{"complete": false}]` and sends nothing when it cannot know every change since then
    /// (it started later, or the moment is minutes old): the page reads the lists then.
    LobbySince(LobbySinceArg),
}

/// What `lobbySince` carries.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
pub struct LobbySinceArg {
    /// The moment the page's lists are as of.
    pub since: UnixMillis,
}

impl ClientEvent {
    /// The auction the event is about, when its argument is an id.
    pub fn auction(&self) -> Option<AuctionId> {
        match self {
            ClientEvent::JoinAuction(id)
            | ClientEvent::LeaveAuction(id)
            | ClientEvent::PlaceBid(BidArg::Id(id) | BidArg::With(PlaceBidArg { auction_id: id, .. })) => {
                id.id()
            }
            ClientEvent::WatchLobby(_) | ClientEvent::BatchLobby(_) | ClientEvent::LobbySince(_) => None,
        }
    }

    /// The language a `placeBid` asked its answer in.
    pub fn lang(&self) -> Option<&str> {
        match self {
            ClientEvent::PlaceBid(BidArg::With(arg)) => arg.lang.as_deref(),
            _ => None,
        }
    }

    /// The event from a socket.io event's name and first argument; `None` for an unknown event
    /// or a malformed argument.
    pub fn parse(name: &str, args: &[Value]) -> Option<ClientEvent> {
        let data = args.first()?.clone();
        serde_json::from_value(serde_json::json!({ "event": name, "data": data })).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ws::notice::NotificationKind;
    use serde_json::json;

    #[test]
    fn a_server_event_frame_is_the_socket_io_form_of_its_serde_form() {
        let event = ServerEvent::BidBalanceUpdate(BidBalanceUpdate {
            kind: BidBalanceType::BidBalance,
            user_id: UserId(7),
            bid_balance: 4,
        });
        assert_eq!(
            &*event.frame(),
            r#"42["bidBalanceUpdate",{"type":"bidBalance","userId":7,"bidBalance":4}]"#
        );
        let timers = ServerEvent::TimerUpdate(TimerUpdate {
            kind: TimersType::Timers,
            timers: BTreeMap::from([("12".into(), 5)]),
        });
        assert_eq!(&*timers.frame(), r#"42["timerUpdate",{"type":"timers","timers":{"12":5}}]"#);
    }

    #[test]
    fn notifications_carry_their_type() {
        let at = chrono::DateTime::from_timestamp(1_700_000_000, 0).unwrap();
        let mut notice = Notification::new(None, NotificationKind::AuctionStarted, at);
        notice.auction_id = Some(AuctionId(3));
        notice.title = Some("Телефон, \"новый\"".into());
        let frame = ServerEvent::Notification(notice).frame();
        let data: Value = serde_json::from_str(&frame[2..]).unwrap();
        assert_eq!(
            data,
            json!(["notification", {
                "id": null, "type": "auctionStarted", "auctionId": 3, "title": "Телефон, \"новый\"",
                "read": false, "createdAt": "2023-11-14T22:13:20Z"
            }])
        );
    }

    #[test]
    fn client_events_parse_from_name_and_argument() {
        assert_eq!(
            ClientEvent::parse("joinAuction", &[json!(12)]),
            Some(ClientEvent::JoinAuction(AuctionIdArg::Number(12)))
        );
        assert_eq!(
            ClientEvent::parse("leaveAuction", &[json!("12")]).and_then(|e| match e {
                ClientEvent::LeaveAuction(id) => id.id(),
                _ => None,
            }),
            Some(AuctionId(12))
        );
        let bid = ClientEvent::parse("placeBid", &[json!({"auctionId": "7", "lang": "ky"})]);
        assert_eq!(bid.as_ref().and_then(ClientEvent::auction), Some(AuctionId(7)));
        assert_eq!(bid.as_ref().and_then(ClientEvent::lang), Some("ky"));
        let bid = ClientEvent::parse("placeBid", &[json!(7)]);
        assert_eq!(
            (bid.as_ref().and_then(ClientEvent::auction), bid.as_ref().and_then(ClientEvent::lang)),
            (Some(AuctionId(7)), None)
        );
        assert_eq!(ClientEvent::parse("placeBid", &[json!({"lang": "ky"})]), None);
        assert_eq!(ClientEvent::parse("watchLobby", &[json!(false)]), Some(ClientEvent::WatchLobby(false)));
        assert_eq!(ClientEvent::parse("watchLobby", &[json!("no")]), None);
        assert_eq!(ClientEvent::parse("batchLobby", &[json!(true)]), Some(ClientEvent::BatchLobby(true)));
        assert_eq!(ClientEvent::parse("batchLobby", &[json!(1)]), None);
        assert_eq!(
            ClientEvent::parse("lobbySince", &[json!({"since": "2023-11-14T22:13:20.000Z"})]),
            Some(ClientEvent::LobbySince(LobbySinceArg { since: UnixMillis(1_700_000_000_000) }))
        );
        assert_eq!(ClientEvent::parse("lobbySince", &[json!({"since": "soon"})]), None);
        assert_eq!(ClientEvent::parse("joinAuction", &[]), None);
        assert_eq!(ClientEvent::parse("joinAuction", &[json!({"id": 1})]), None);
        assert_eq!(ClientEvent::parse("dropTables", &[json!(1)]), None);
    }
}
