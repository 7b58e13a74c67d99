//! What the outside sees of an auction: [`AuctionInfo`] (the API's Auction object), [`AuctionView`]
//! (it and its recent bids, for `GetView` and the join snapshot) and [`AuctionEvent`] (what viewers
//! are pushed). The records they carry ([`BidRecord`], the [`Winner`], the [`HonestNumbers`]) live
//! in [`record`](crate::record), below the store that also reads them, and are re-exported here.
//! All serialize to the wire shapes of `docs/api.md`: camelCase, money as som numbers, times as
//! RFC 3339 strings.

use std::ops::Deref;
use std::sync::Arc;

use serde::ser::Serializer;
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;

use crate::clock::UnixMillis;
use crate::ids::{AuctionId, Tyiyn};
use crate::record::arc_str;
// The records a view shows, re-exported where they were first defined.
pub use crate::record::{BidCounts, BidRecord, HonestNumbers, Role, Winner};
use crate::snapshot::{AuctionDetails, AuctionStatus};

/// An `Arc` that serializes as its contents (and reads them back into a new `Arc`) and documents
/// itself with their OpenAPI schema, so big immutable parts of a view are shared, not copied,
/// between views. The workspace's serde has the `rc` feature (a bare `Arc` would serialize the
/// same), but utoipa's `rc_schema` is off: the schema is why this wrapper exists.
#[derive(Debug, Clone, PartialEq)]
pub struct Shared<T>(pub Arc<T>);

impl<T> Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Serialize> Serialize for Shared<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        (*self.0).serialize(s)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Shared<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        T::deserialize(d).map(|t| Shared(Arc::new(t)))
    }
}

impl<T: utoipa::PartialSchema> utoipa::PartialSchema for Shared<T> {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        T::schema()
    }
}

impl<T: ToSchema> ToSchema for Shared<T> {
    fn name() -> std::borrow::Cow<'static, str> {
        T::name()
    }

    fn schemas(out: &mut Vec<(String, utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>)>) {
        T::schemas(out)
    }
}

fn opt_arc_str<S: Serializer>(v: &Option<Arc<str>>, s: S) -> Result<S::Ok, S::Error> {
    match v {
        Some(v) => s.serialize_str(v),
        None => s.serialize_none(),
    }
}

/// The winning bid of a finished auction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WinningBid {
    /// The final price.
    pub amount: Tyiyn,
    /// When the winning bid arrived.
    pub created_at: UnixMillis,
}

/// Why a live auction's countdown is stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum PauseReason {
    /// The database could not be written, so no bid could be accepted.
    StoreUnavailable,
}

/// A live auction's stopped countdown (docs/rules/outages.md, "Database outages"): no bid is accepted
/// and the auction cannot finish until the countdown runs again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Pause {
    /// Why.
    pub reason: PauseReason,
    /// When bids stopped being accepted.
    pub since: UnixMillis,
    /// The countdown left at `since`, in milliseconds: what a client shows, frozen. On resume the
    /// auction gets this back, and never less than the bid countdown.
    pub remaining_ms: i64,
}

/// The API's one Auction object (upcoming, live and finished alike): computed from an actor's
/// memory for live and upcoming auctions, from PostgreSQL for finished ones.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Auction)]
pub struct AuctionInfo {
    /// Primary key.
    pub id: AuctionId,
    /// Human-readable id, e.g. `TY/2026/00012`.
    #[serde(serialize_with = "arc_str")]
    #[schema(value_type = String, example = "TY/2026/00012")]
    pub display_id: Arc<str>,
    /// The URL slug (spec section 5), from the title and display id.
    pub slug: String,
    /// Title, description, image, retail price and the other editable details.
    #[serde(flatten)]
    #[schema(value_type = AuctionDetails)]
    pub details: Shared<AuctionDetails>,
    /// The price now.
    pub current_price: Tyiyn,
    /// The price before any bid.
    pub starting_price: Tyiyn,
    /// What one bid adds.
    pub bid_increment: Tyiyn,
    /// When the auction goes (or went) live.
    pub start_time: UnixMillis,
    /// When it finished; `null` unless finished.
    #[schema(required)]
    pub end_time: Option<UnixMillis>,
    /// The live deadline; `null` unless live.
    #[schema(required)]
    pub ends_at: Option<UnixMillis>,
    /// The runtime clock when this was made: clients count down `endsAt - serverTime`.
    pub server_time: UnixMillis,
    /// `upcoming` | `live` | `finished`.
    pub status: AuctionStatus,
    /// How many pre-bids were placed.
    pub prebids_count: usize,
    /// Accepted bids, converted pre-bids included.
    pub total_bids: i64,
    /// The leader's name.
    #[serde(serialize_with = "opt_arc_str")]
    #[schema(value_type = Option<String>, required)]
    pub last_bidder: Option<Arc<str>>,
    /// Whether the leader is an automatic bidder (a house bot): shown as such on every screen.
    pub last_bidder_is_bot: bool,
    /// Distinct bidders.
    pub participants: usize,
    /// Realtime sessions watching this auction now.
    pub viewers: usize,
    /// When the auction was created.
    pub created_at: UnixMillis,
    /// The winner; `null` unless finished with bids.
    #[schema(required)]
    pub winner: Option<Winner>,
    /// The winning bid; `null` unless finished with bids.
    #[schema(required)]
    pub winning_bid: Option<WinningBid>,
    /// Whether this is the promoted auction (the home page's hero follows it); at most one is.
    pub is_promoted: bool,
    /// Set while a live auction's countdown is paused; `null` otherwise.
    #[schema(required)]
    pub paused: Option<Pause>,
    /// A finished auction's honest numbers; `null` unless finished.
    #[schema(required)]
    pub honest_numbers: Option<HonestNumbers>,
}

impl AuctionInfo {
    /// Milliseconds left on a live auction's countdown at `now`, frozen while it is paused;
    /// `None` unless live.
    pub fn ms_left(&self, now: UnixMillis) -> Option<i64> {
        if self.status != AuctionStatus::Live {
            return None;
        }
        match self.paused {
            Some(p) => Some(p.remaining_ms),
            None => self.ends_at.map(|e| e.ms_since(now).max(0)),
        }
    }
}

/// A full snapshot: the auction and its most recent bids (newest first, at most 50).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuctionView {
    /// The auction object.
    pub auction: AuctionInfo,
    /// Recent bids, newest first.
    pub bids: Vec<BidRecord>,
}

/// What happened, so a client knows how to apply an [`AuctionEvent`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum EventKind {
    /// Sent to a joining session: `bids` is the full recent list; replace local state.
    Snapshot,
    /// Bids committed: `bids` holds only the new ones, newest first; prepend them.
    BidsPlaced,
    /// A pre-bid was placed (`prebidsCount` changed); `bids` is empty.
    PrebidPlaced,
    /// The auction went live: `bids` holds the converted pre-bids, newest first.
    Started,
    /// An admin changed the details or start time.
    DetailsUpdated,
    /// The auction finished: `winner`/`winningBid` are set (or `null` for no bids).
    Finished,
    /// The auction was deleted and its bids refunded.
    Deleted,
    /// The countdown stopped because the store is down: `auction.paused` says since when and what
    /// was left; bids are refused until `resumed`.
    Paused,
    /// The countdown runs again: `auction.endsAt` is the new deadline.
    Resumed,
}

/// A change pushed to every session watching one auction; serialized once per broadcast by the
/// [`Encoder`](crate::outlets::Encoder). Its `type` discriminates it from the lobby's compact
/// updates, which share the `auctionUpdate` event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuctionEvent {
    /// What happened.
    #[serde(rename = "type")]
    pub kind: EventKind,
    /// The auction after the change.
    pub auction: AuctionInfo,
    /// Bids, as described by `kind`.
    pub bids: Vec<BidRecord>,
}
