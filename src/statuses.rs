//! The states and kinds of orders, won items and notifications, and the delivery methods: stored as words in
//! PostgreSQL, read into these enums at the row, and compared as enums everywhere else. They are
//! also the wire's (their doc comments are their OpenAPI descriptions).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::config::ClaimSettings;

/// An order's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum OrderState {
    /// Created; the payment has not been confirmed.
    Pending,
    /// Paid: the bids were credited (once).
    Paid,
    /// The provider reported the payment failed; nothing was credited.
    Failed,
    /// Paid, then refunded by an admin (the unspent bids taken back; docs/rules/payments.md, "Refunds").
    Refunded,
}

impl OrderState {
    /// The state a stored word names (an unknown word, which the table's check forbids, reads
    /// as `pending`).
    pub fn parse(s: &str) -> OrderState {
        match s {
            "paid" => OrderState::Paid,
            "failed" => OrderState::Failed,
            "refunded" => OrderState::Refunded,
            _ => OrderState::Pending,
        }
    }

    /// The stored word.
    pub fn as_str(self) -> &'static str {
        match self {
            OrderState::Pending => "pending",
            OrderState::Paid => "paid",
            OrderState::Failed => "failed",
            OrderState::Refunded => "refunded",
        }
    }
}

/// What an order pays for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum OrderKind {
    /// A bid package of the catalogue.
    Package,
    /// A won item with its delivery (`GET /api/users/claims`).
    Claim,
}

impl OrderKind {
    /// The kind a stored word names.
    pub fn parse(s: &str) -> OrderKind {
        if s == "claim" { OrderKind::Claim } else { OrderKind::Package }
    }
}

/// How an order is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum PayMethod {
    /// On the card provider's payment page.
    Card,
    /// By an ELQR payment link, from any Kyrgyz bank's app (docs/rules/payments.md, "Paying by QR").
    Qr,
}

impl PayMethod {
    /// The method a stored word names.
    pub fn parse(s: &str) -> PayMethod {
        if s == "qr" { PayMethod::Qr } else { PayMethod::Card }
    }

    /// The method a request names: `card` or `qr`; `None` for anything else.
    pub fn from_request(s: &str) -> Option<PayMethod> {
        match s {
            "card" => Some(PayMethod::Card),
            "qr" => Some(PayMethod::Qr),
            _ => None,
        }
    }

    /// The stored word.
    pub fn as_str(self) -> &'static str {
        match self {
            PayMethod::Card => "card",
            PayMethod::Qr => "qr",
        }
    }
}

/// Where a won item is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ClaimState {
    /// Offered and reserved for its holder until `reservedUntil`; no delivery chosen yet.
    Reserved,
    /// Delivery chosen; waiting for the payment (still until `reservedUntil`).
    Claimed,
    /// Paid; an admin ships it (or hands it over at the office, for pickup).
    Paid,
    /// Sent by carrier or courier.
    Shipped,
    /// Received.
    Delivered,
    /// Declined or lapsed, and offered to the previous participant.
    Passed,
    /// Declined or lapsed with nobody left to offer it to.
    Expired,
}

impl ClaimState {
    /// Every state, as stored.
    pub const WORDS: [&'static str; 7] =
        ["reserved", "claimed", "paid", "shipped", "delivered", "passed", "expired"];

    /// Every state, in the order of [`ClaimState::WORDS`].
    const ALL: [ClaimState; 7] = [
        ClaimState::Reserved,
        ClaimState::Claimed,
        ClaimState::Paid,
        ClaimState::Shipped,
        ClaimState::Delivered,
        ClaimState::Passed,
        ClaimState::Expired,
    ];

    /// The stored word.
    pub fn as_str(self) -> &'static str {
        Self::WORDS[Self::ALL.iter().position(|s| *s == self).unwrap_or(0)]
    }

    /// The state a stored word names (an unknown word, which the table's check forbids, reads as
    /// `reserved`).
    pub fn parse(word: &str) -> ClaimState {
        Self::WORDS.iter().position(|w| *w == word).map_or(ClaimState::Reserved, |i| Self::ALL[i])
    }

    /// Still offered to its holder: reserved, or claimed and waiting for the payment.
    pub fn is_open(self) -> bool {
        matches!(self, ClaimState::Reserved | ClaimState::Claimed)
    }

    /// Paid for (paid, shipped or delivered).
    pub fn is_paid(self) -> bool {
        matches!(self, ClaimState::Paid | ClaimState::Shipped | ClaimState::Delivered)
    }
}

/// How a won item reaches its holder.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum DeliveryMethod {
    /// Collected at the office in Bishkek, working days 9:00–18:00; free.
    Pickup,
    /// Courier in Bishkek, 1–2 working days.
    Courier,
    /// To the regions by carrier, 3–7 days.
    Region,
}

impl DeliveryMethod {
    /// Every method, in the order the form offers them.
    pub const ALL: [DeliveryMethod; 3] =
        [DeliveryMethod::Pickup, DeliveryMethod::Courier, DeliveryMethod::Region];

    /// The stored word.
    pub fn as_str(self) -> &'static str {
        match self {
            DeliveryMethod::Pickup => "pickup",
            DeliveryMethod::Courier => "courier",
            DeliveryMethod::Region => "region",
        }
    }

    /// The method a stored or sent word names.
    pub fn parse(word: &str) -> Option<DeliveryMethod> {
        DeliveryMethod::ALL.into_iter().find(|m| m.as_str() == word)
    }

    /// Its fee in tyiyn, from `[claims]`.
    pub fn fee(self, cfg: &ClaimSettings) -> i64 {
        match self {
            DeliveryMethod::Pickup => 0,
            DeliveryMethod::Courier => cfg.courier_fee,
            DeliveryMethod::Region => cfg.region_fee,
        }
    }

    /// Whether the item travels to an address.
    pub fn needs_address(self) -> bool {
        self != DeliveryMethod::Pickup
    }
}

/// Why an offer ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum EndReason {
    /// Its holder declined it.
    Declined,
    /// Its reservation ended unpaid.
    Lapsed,
}

impl EndReason {
    /// The reason a stored word names.
    pub fn parse(word: &str) -> EndReason {
        if word == "declined" { EndReason::Declined } else { EndReason::Lapsed }
    }

    /// The stored word.
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::Declined => "declined",
            EndReason::Lapsed => "lapsed",
        }
    }
}

/// How a participant came to hold an item.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ClaimKind {
    Won,
    BuyNow,
}

impl ClaimKind {
    /// The kind a stored word names.
    pub fn parse(word: &str) -> ClaimKind {
        if word == "buy_now" { ClaimKind::BuyNow } else { ClaimKind::Won }
    }
}

/// The way an outbox message leaves (docs/rules/outbox.md, "The outbox").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum OutboxChannel {
    /// E-mail through the SMTP server of `[mail]`.
    Email,
    /// SMS through the gateway of `[sms]`.
    Sms,
    /// A Telegram message from the bot of `[telegram]`.
    Telegram,
    /// A Web Push message to one of the user's devices (`[push]`).
    Push,
}

impl OutboxChannel {
    /// Every channel, as stored.
    pub const WORDS: [&'static str; 4] = ["email", "sms", "telegram", "push"];
    pub const ALL: [OutboxChannel; 4] =
        [OutboxChannel::Email, OutboxChannel::Sms, OutboxChannel::Telegram, OutboxChannel::Push];

    /// The stored word.
    pub fn as_str(self) -> &'static str {
        Self::WORDS[Self::ALL.iter().position(|c| *c == self).unwrap_or(0)]
    }

    /// The channel a stored or sent word names.
    pub fn parse(word: &str) -> Option<OutboxChannel> {
        Self::WORDS.iter().position(|w| *w == word).map(|i| Self::ALL[i])
    }
}

/// Where an outbox message is in its delivery.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum OutboxState {
    /// Waiting for its next attempt (`due_at`), or being sent.
    Pending,
    /// Accepted by the SMTP server, the SMS gateway or Telegram.
    Sent,
    /// Given up: refused for good, or still failing after `[outbox] max_attempts` attempts.
    Failed,
}

impl OutboxState {
    /// Every state, as stored.
    pub const WORDS: [&'static str; 3] = ["pending", "sent", "failed"];
    const ALL: [OutboxState; 3] = [OutboxState::Pending, OutboxState::Sent, OutboxState::Failed];

    /// The stored word.
    pub fn as_str(self) -> &'static str {
        Self::WORDS[Self::ALL.iter().position(|s| *s == self).unwrap_or(0)]
    }

    /// The state a stored or sent word names.
    pub fn parse(word: &str) -> Option<OutboxState> {
        Self::WORDS.iter().position(|w| *w == word).map(|i| Self::ALL[i])
    }
}

/// What a notification reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum NotificationKind {
    /// An auction this user pre-bid on went live; the pre-bid is now a bid.
    AuctionStarted,
    /// An auction this user watches starts in about 5 minutes (`auctionId`, `title`, `startsAt`).
    AuctionStarting,
    /// Someone took the lead from this user on an auction they were not watching (`amount`: the
    /// price now).
    Outbid,
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
    /// Every kind, in the order the profile's notice settings list them.
    pub const ALL: [NotificationKind; 11] = [
        NotificationKind::AuctionWon,
        NotificationKind::ClaimPassed,
        NotificationKind::ReservationExpiring,
        NotificationKind::BuyNowExpiring,
        NotificationKind::Outbid,
        NotificationKind::AuctionStarting,
        NotificationKind::AuctionStarted,
        NotificationKind::PaymentReceived,
        NotificationKind::BidsCredited,
        NotificationKind::ItemShipped,
        NotificationKind::ItemDelivered,
    ];

    /// The stored word (`notification.kind`).
    pub fn as_str(self) -> &'static str {
        match self {
            NotificationKind::AuctionStarted => "auction_started",
            NotificationKind::AuctionStarting => "auction_starting",
            NotificationKind::Outbid => "outbid",
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

    /// The kind a wire word (`auctionWon`) or a stored one (`auction_won`) names.
    pub fn parse_wire(word: &str) -> Option<NotificationKind> {
        serde_json::from_value(serde_json::Value::String(word.to_owned())).ok().or_else(|| Self::parse(word))
    }

    /// The kind of a stored word; `None` for a word this server does not know.
    pub fn parse(word: &str) -> Option<NotificationKind> {
        Some(match word {
            "auction_started" => NotificationKind::AuctionStarted,
            "auction_starting" => NotificationKind::AuctionStarting,
            "outbid" => NotificationKind::Outbid,
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
