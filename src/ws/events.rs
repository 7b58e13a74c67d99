//! The socket protocol as types: [`ClientEvent`] (what a client emits) and [`ServerEvent`] (what
//! the server pushes). Every server frame is built through [`ServerEvent::frame`], so the wire and
//! the published JSON Schema (`GET /api/events.schema.json`) come from the same definitions.
//!
//! Event names are the spec's (`joinAuction`, `leaveAuction`, `auctionUpdate`, `timerUpdate`,
//! `bidBalanceUpdate`, `notification`, and `orderUpdate` for payments); every server payload carries a `type` discriminator.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tyiyn_actors::clock::UnixMillis;
use tyiyn_actors::ids::{AuctionId, Tyiyn, UserId};
use tyiyn_actors::snapshot::AuctionStatus;
use tyiyn_actors::view::{AuctionEvent, Pause};
use utoipa::ToSchema;

use crate::payments::Order;

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

/// What a notification reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum NotificationKind {
    /// An auction this user pre-bid on went live; the pre-bid is now a bid.
    AuctionStarted,
    /// This user won an auction; the item is reserved for them (`claimId`, `until`).
    AuctionWon,
    /// The reservation of a won item ends in 6 hours or less (`claimId`, `until`).
    ReservationExpiring,
    /// An unpaid Buy It Now purchase ends in 6 hours or less; it then lapses, it never passes on
    /// (`claimId`, `until`).
    BuyNowExpiring,
    /// A won item passed to this user from the participant after them (`claimId`, `until`).
    ClaimPassed,
    /// A payment for an order was received (`orderId`, `amount`).
    PaymentReceived,
    /// Bids were credited to the balance (`orderId`, `bids`).
    BidsCredited,
    /// A won item was shipped (`claimId`, `tracking`).
    ItemShipped,
    /// A won item was delivered or handed over (`claimId`).
    ItemDelivered,
}

impl NotificationKind {
    /// The stored word (`notification.kind`).
    pub fn as_str(self) -> &'static str {
        match self {
            NotificationKind::AuctionStarted => "auction_started",
            NotificationKind::AuctionWon => "auction_won",
            NotificationKind::ReservationExpiring => "reservation_expiring",
            NotificationKind::BuyNowExpiring => "buy_now_expiring",
            NotificationKind::ClaimPassed => "claim_passed",
            NotificationKind::PaymentReceived => "payment_received",
            NotificationKind::BidsCredited => "bids_credited",
            NotificationKind::ItemShipped => "item_shipped",
            NotificationKind::ItemDelivered => "item_delivered",
        }
    }

    /// The kind of a stored word; `None` for a word this server does not know.
    pub fn parse(word: &str) -> Option<NotificationKind> {
        Some(match word {
            "auction_started" => NotificationKind::AuctionStarted,
            "auction_won" => NotificationKind::AuctionWon,
            "reservation_expiring" => NotificationKind::ReservationExpiring,
            "buy_now_expiring" => NotificationKind::BuyNowExpiring,
            "claim_passed" => NotificationKind::ClaimPassed,
            "payment_received" => NotificationKind::PaymentReceived,
            "bids_credited" => NotificationKind::BidsCredited,
            "item_shipped" => NotificationKind::ItemShipped,
            "item_delivered" => NotificationKind::ItemDelivered,
            _ => return None,
        })
    }
}

/// A personal notice: the same object in `GET /api/notifications` and in the `notification`
/// socket event. Fields other than `id`, `type`, `read` and `createdAt` are present when the kind
/// has them (see [`NotificationKind`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Notification {
    /// The stored notice (absent on the live go-live notice of a pre-bid, whose stored copy is
    /// listed by `GET /api/notifications`).
    #[schema(required)]
    pub id: Option<i64>,
    /// What it reports.
    #[serde(rename = "type")]
    pub kind: NotificationKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auction_id: Option<AuctionId>,
    /// The auction's (or won item's) title.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claim_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order_id: Option<i64>,
    /// Bids credited.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bids: Option<i64>,
    /// Money paid.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amount: Option<Tyiyn>,
    /// The carrier's tracking note of a shipped item.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tracking: Option<String>,
    /// When a reservation ends.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub until: Option<chrono::DateTime<chrono::Utc>>,
    /// Whether the user has marked it read.
    pub read: bool,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

impl Notification {
    /// A notice of `kind` with no optional field set, unread, made now.
    pub fn new(
        id: Option<i64>,
        kind: NotificationKind,
        created_at: chrono::DateTime<chrono::Utc>,
    ) -> Notification {
        Notification {
            id,
            kind,
            auction_id: None,
            title: None,
            claim_id: None,
            order_id: None,
            bids: None,
            amount: None,
            tracking: None,
            until: None,
            read: false,
            created_at,
        }
    }
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

/// What a client emits: `42["<event>",<data>]` on the wire (optionally with an ack id).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(tag = "event", content = "data", rename_all = "camelCase")]
pub enum ClientEvent {
    /// Start watching an auction: a `snapshot` follows, then every change.
    JoinAuction(AuctionIdArg),
    /// Stop watching an auction.
    LeaveAuction(AuctionIdArg),
}

impl ClientEvent {
    /// The auction the event is about, when its argument is an id.
    pub fn auction(&self) -> Option<AuctionId> {
        match self {
            ClientEvent::JoinAuction(id) | ClientEvent::LeaveAuction(id) => id.id(),
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
                ClientEvent::JoinAuction(_) => None,
            }),
            Some(AuctionId(12))
        );
        assert_eq!(ClientEvent::parse("joinAuction", &[]), None);
        assert_eq!(ClientEvent::parse("joinAuction", &[json!({"id": 1})]), None);
        assert_eq!(ClientEvent::parse("dropTables", &[json!(1)]), None);
    }
}

/// A notification to mail to its user (the hub's hand-off to `crate::mail`).
#[derive(Debug, Clone)]
pub struct MailNotice {
    pub user: UserId,
    pub notification: Notification,
}
