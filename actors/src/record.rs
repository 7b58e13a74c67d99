//! What a bid and a finished auction leave on record, in their wire shapes: [`BidRecord`] (the
//! API's Bid object), the [`Winner`] with their [`Role`], and the [`HonestNumbers`]. The store
//! reads and writes them and the views show them, so they sit below both.

use std::sync::Arc;

use serde::de::Error as _;
use serde::ser::{SerializeStruct, Serializer};
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;

use crate::clock::UnixMillis;
use crate::ids::{BidId, BotId, Tyiyn, UserId};
use crate::rules::{Bidder, BidderId};

/// Serializes an `Arc<str>` as the string it holds.
pub(crate) fn arc_str<S: Serializer>(v: &Arc<str>, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(v)
}

/// One accepted bid as the bid history shows it:
/// `{"id","amount","isBot","botName","isPrebid","isAuto","user":{"id","username"},"createdAt"}`
/// (`user` is `null` and `botName` set for a bot's bid, which also carries its `botId` so the
/// record reads back whole: see `Deserialize` below).
#[derive(Debug, Clone, PartialEq)]
pub struct BidRecord {
    /// The store's id for the bid.
    pub id: BidId,
    /// The price this bid made.
    pub amount: Tyiyn,
    /// Who placed it.
    pub bidder: Bidder,
    /// Whether it was a pre-bid converted at go-live.
    pub is_prebid: bool,
    /// Whether the bidder's auto-bidder placed it.
    pub is_auto: bool,
    /// Its arrival stamp (for a converted pre-bid: the go-live moment).
    pub created_at: UnixMillis,
}

#[derive(Serialize)]
struct BidUser<'a> {
    id: i64,
    username: &'a str,
}

impl Serialize for BidRecord {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let bot = match self.bidder.id {
            BidderId::Bot(id) => Some(id),
            BidderId::User(_) => None,
        };
        let mut st = s.serialize_struct("Bid", if bot.is_some() { 9 } else { 8 })?;
        st.serialize_field("id", &self.id)?;
        st.serialize_field("amount", &self.amount)?;
        st.serialize_field("isBot", &bot.is_some())?;
        st.serialize_field("botName", &bot.map(|_| &*self.bidder.name))?;
        // The bot's id, on a bot's bid only: without it a bot's bid could not be read back (the
        // nodes of a cluster pass bids as this JSON). The documented Bid schema below leaves it
        // out (a client has no use for it), so the API documents stay as they were.
        match bot {
            Some(id) => st.serialize_field("botId", &id)?,
            None => st.skip_field("botId")?,
        }
        st.serialize_field("isPrebid", &self.is_prebid)?;
        st.serialize_field("isAuto", &self.is_auto)?;
        let user = bot.is_none().then(|| BidUser { id: self.bidder.id.raw(), username: &self.bidder.name });
        st.serialize_field("user", &user)?;
        st.serialize_field("createdAt", &self.created_at)?;
        st.end()
    }
}

/// A [`BidRecord`] as [`Serialize`] writes it.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct BidWire {
    id: BidId,
    amount: Tyiyn,
    is_bot: bool,
    bot_name: Option<Arc<str>>,
    bot_id: Option<BotId>,
    is_prebid: bool,
    is_auto: bool,
    user: Option<BidUserWire>,
    created_at: UnixMillis,
}

#[derive(Deserialize)]
struct BidUserWire {
    id: UserId,
    username: Arc<str>,
}

impl<'de> Deserialize<'de> for BidRecord {
    /// Reads what [`Serialize`] writes: a person's bid from `user`, a bot's from `botId` and
    /// `botName`; a bid that is neither (or both) is refused.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let w = BidWire::deserialize(d)?;
        let bidder = match (w.is_bot, w.user, w.bot_id, w.bot_name) {
            (false, Some(user), None, None) => Bidder::user(user.id, user.username),
            (true, None, Some(bot), Some(name)) => Bidder::bot(bot, name),
            (false, ..) => return Err(D::Error::custom("a person's bid needs `user` and no bot fields")),
            (true, ..) => {
                return Err(D::Error::custom("a bot's bid needs `botId`, `botName` and `user: null`"));
            }
        };
        Ok(BidRecord {
            id: w.id,
            amount: w.amount,
            bidder,
            is_prebid: w.is_prebid,
            is_auto: w.is_auto,
            created_at: w.created_at,
        })
    }
}

impl utoipa::PartialSchema for BidRecord {
    /// The schema of the hand-written `Serialize` above: keep the two together (all but the
    /// bot's bids' `botId`, deliberately left out: see there).
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        use utoipa::openapi::{Ref, RefOr};
        let user = ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::SchemaType::from_iter([Type::Object, Type::Null]))
            .description(Some("The bidder; `null` for a house bot's bid."))
            .property("id", ObjectBuilder::new().schema_type(Type::Integer).format(Some(int64())))
            .property("username", ObjectBuilder::new().schema_type(Type::String))
            .required("id")
            .required("username");
        let nullable_string = ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::SchemaType::from_iter([Type::String, Type::Null]));
        RefOr::T(
            ObjectBuilder::new()
                .description(Some("One accepted bid, as the bid history shows it."))
                .property("id", ObjectBuilder::new().schema_type(Type::Integer).format(Some(int64())))
                .property("amount", RefOr::Ref(Ref::from_schema_name("Tyiyn")))
                .property("isBot", ObjectBuilder::new().schema_type(Type::Boolean))
                .property("botName", nullable_string.description(Some("The bot's name, for a bot's bid.")))
                .property("isPrebid", ObjectBuilder::new().schema_type(Type::Boolean))
                .property(
                    "isAuto",
                    ObjectBuilder::new()
                        .schema_type(Type::Boolean)
                        .description(Some("Placed by the bidder's auto-bidder.")),
                )
                .property("user", user)
                .property("createdAt", RefOr::Ref(Ref::from_schema_name("UnixMillis")))
                .required("id")
                .required("amount")
                .required("isBot")
                .required("botName")
                .required("isPrebid")
                .required("isAuto")
                .required("user")
                .required("createdAt")
                .into(),
        )
    }
}

impl ToSchema for BidRecord {
    fn name() -> std::borrow::Cow<'static, str> {
        "Bid".into()
    }

    fn schemas(out: &mut Vec<(String, utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>)>) {
        use utoipa::PartialSchema;
        out.push(("Tyiyn".into(), Tyiyn::schema()));
        out.push(("UnixMillis".into(), UnixMillis::schema()));
    }
}

fn int64() -> utoipa::openapi::schema::SchemaFormat {
    utoipa::openapi::schema::SchemaFormat::KnownFormat(utoipa::openapi::schema::KnownFormat::Int64)
}

/// A user's role: `user` or `admin`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// A bidder.
    #[default]
    User,
    /// An operator: everything a user can do, plus the admin panel.
    Admin,
}

impl Role {
    /// The stored form (`app_user.role`).
    pub fn as_str(self) -> &'static str {
        match self {
            Role::User => "user",
            Role::Admin => "admin",
        }
    }

    /// Parses the stored form; anything but `admin` is a plain user.
    pub fn parse(s: &str) -> Role {
        if s == "admin" { Role::Admin } else { Role::User }
    }
}

/// The winner of a finished auction, the same from the actor's finish event and from a later page
/// load: the spec's public fields (no contact data) plus `isBot`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Winner {
    /// User id (or bot id when `is_bot`).
    pub id: i64,
    /// Username or bot name.
    #[serde(serialize_with = "arc_str")]
    #[schema(value_type = String, example = "aibek")]
    pub username: Arc<str>,
    /// First name, when the winner gave one.
    #[schema(required)]
    pub first_name: Option<String>,
    /// Last name, when the winner gave one.
    #[schema(required)]
    pub last_name: Option<String>,
    /// The winner's role.
    pub role: Role,
    /// Whether a house bot won.
    pub is_bot: bool,
}

impl Winner {
    /// A winner known only by the bidder record (names unknown): bots, and the in-memory store.
    pub fn from_bidder(bidder: &Bidder) -> Winner {
        Winner {
            id: bidder.id.raw(),
            username: bidder.name.clone(),
            first_name: None,
            last_name: None,
            role: Role::User,
            is_bot: bidder.is_bot(),
        }
    }
}

/// A finished auction's honest numbers (what UK and US regulators required of penny-auction
/// sites): what the item sold for, how many bids it took and what they cost. Computed from the
/// auction's bid rows; pre-bids count as bids. A house bot's bids are bids placed, but nobody
/// paid for them: the money figures count people's bids only.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HonestNumbers {
    /// The final price (what the winner pays for the item).
    pub final_price: Tyiyn,
    /// Every bid placed: people's and bots', converted pre-bids included.
    pub total_bids: i64,
    /// Bids placed by people (users and admins), pre-bids included.
    pub people_bids: i64,
    /// Bids placed by house bots (they cost nobody money).
    pub bot_bids: i64,
    /// Bids placed by the winner (0 when nobody bid).
    pub winner_bids: i64,
    /// The price of one bid used below: the lowest per-bid price among the active bid packages,
    /// rounded down to a tyiyn (so no figure is inflated); `null` when no package is on sale.
    #[schema(required)]
    pub bid_price: Option<Tyiyn>,
    /// What the winner's bids cost at `bidPrice` (0 for a bot winner); `null` without a price.
    #[schema(required)]
    pub winner_bids_cost: Option<Tyiyn>,
    /// The winner's whole outlay: `finalPrice + winnerBidsCost` (0 for a bot winner or no bids);
    /// `null` without a price.
    #[schema(required)]
    pub winner_total: Option<Tyiyn>,
    /// What everyone paid for their bids: `peopleBids × bidPrice`; `null` without a price.
    #[schema(required)]
    pub total_paid: Option<Tyiyn>,
}

/// The counts behind [`HonestNumbers`], as read from the bid rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BidCounts {
    /// Every bid of the auction.
    pub total: i64,
    /// Those placed by house bots.
    pub bots: i64,
    /// Those placed by the winner.
    pub winner: i64,
}

impl HonestNumbers {
    /// The figures of an auction that finished at `final_price` with `counts`. `winner_is_bot` is
    /// `None` when nobody bid and `Some(true)` when a bot won (its bids were free); `bid_price` is
    /// the package price of one bid, if any package is on sale.
    pub fn new(
        final_price: Tyiyn,
        counts: BidCounts,
        winner_is_bot: Option<bool>,
        bid_price: Option<Tyiyn>,
    ) -> Self {
        let people = counts.total - counts.bots;
        let paid_by_winner = match winner_is_bot {
            Some(false) => counts.winner,
            _ => 0,
        };
        let cost = bid_price.map(|p| Tyiyn(p.0 * paid_by_winner));
        HonestNumbers {
            final_price,
            total_bids: counts.total,
            people_bids: people,
            bot_bids: counts.bots,
            winner_bids: counts.winner,
            bid_price,
            winner_bids_cost: cost,
            winner_total: cost
                .map(|c| if winner_is_bot == Some(false) { c + final_price } else { Tyiyn::ZERO }),
            total_paid: bid_price.map(|p| Tyiyn(p.0 * people)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_person_who_won_paid_the_price_and_their_bids_at_package_price() {
        let counts = BidCounts { total: 10, bots: 4, winner: 3 };
        let n = HonestNumbers::new(Tyiyn(10), counts, Some(false), Some(Tyiyn(1500)));
        assert_eq!((n.people_bids, n.bot_bids, n.winner_bids), (6, 4, 3));
        assert_eq!(n.winner_bids_cost, Some(Tyiyn(4500)));
        assert_eq!(n.winner_total, Some(Tyiyn(4510)));
        assert_eq!(n.total_paid, Some(Tyiyn(9000)));
    }

    #[test]
    fn a_bot_winner_paid_nothing_and_no_price_means_no_money_figures() {
        let counts = BidCounts { total: 5, bots: 2, winner: 2 };
        let n = HonestNumbers::new(Tyiyn(5), counts, Some(true), Some(Tyiyn(1500)));
        assert_eq!(
            (n.winner_bids_cost, n.winner_total, n.total_paid),
            (Some(Tyiyn::ZERO), Some(Tyiyn::ZERO), Some(Tyiyn(4500)))
        );
        let none = HonestNumbers::new(Tyiyn(5), counts, Some(false), None);
        assert_eq!((none.winner_bids_cost, none.winner_total, none.total_paid), (None, None, None));
    }
}
