//! Personal notifications: one row per notice, written in the transaction of what it reports
//! (an auction won, a payment received, …) with its outbox messages, and pushed to the user's
//! sockets after the commit by `crate::notify`.

use chrono::{DateTime, Utc};
use deadpool_postgres::GenericClient;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio_postgres::Row;

macro_rules! q {
    ($name:literal) => {
        include_str!(concat!("../../sql/queries/notification/", $name, ".sql"))
    };
}

/// What a notification says: its kind and that kind's own fields. Stored as the kind's
/// snake_case word (`notification.kind`) and the fields as a JSON object (`payload`, camelCase
/// keys, money in tyiyn), and read back whole into this type, never key by key. Fields older rows
/// may lack are optional.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", rename_all_fields = "camelCase")]
pub enum Notice {
    /// An auction this user pre-bid on went live (the title is added by the go-live statement).
    AuctionStarted {
        #[serde(default)]
        title: Option<String>,
    },
    /// An auction this user watches starts soon, at `startsAt` (the watchlist's notice).
    AuctionStarting {
        #[serde(default)]
        title: Option<String>,
        starts_at: DateTime<Utc>,
    },
    /// Someone took the lead from this user on an auction they were not watching live; the price
    /// is now `price` tyiyn.
    Outbid {
        #[serde(default)]
        title: Option<String>,
        price: i64,
    },
    /// This user won an auction; the item is reserved for them until `until`.
    AuctionWon {
        #[serde(default)]
        title: Option<String>,
        claim_id: i64,
        #[serde(default)]
        until: Option<DateTime<Utc>>,
        /// The winning price in som, as text (for the mail).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        final_price: Option<String>,
    },
    /// The reservation of a won item ends soon.
    ReservationExpiring {
        #[serde(default)]
        title: Option<String>,
        claim_id: i64,
        #[serde(default)]
        until: Option<DateTime<Utc>>,
    },
    /// An unpaid Buy It Now purchase ends soon; it then lapses.
    BuyNowExpiring {
        #[serde(default)]
        title: Option<String>,
        claim_id: i64,
        #[serde(default)]
        until: Option<DateTime<Utc>>,
    },
    /// A won item passed to this user, at `amount` tyiyn.
    ClaimPassed {
        #[serde(default)]
        title: Option<String>,
        claim_id: i64,
        #[serde(default)]
        until: Option<DateTime<Utc>>,
        #[serde(default)]
        amount: Option<i64>,
    },
    /// A payment of `amount` tyiyn for an order was received (for a won item: `claimId`).
    PaymentReceived {
        order_id: i64,
        amount: i64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        claim_id: Option<i64>,
    },
    /// `bids` bids were credited for an order.
    BidsCredited { order_id: i64, bids: i64 },
    /// A won item was shipped.
    ItemShipped {
        #[serde(default)]
        title: Option<String>,
        claim_id: i64,
        #[serde(default)]
        tracking: Option<String>,
    },
    /// A won item was delivered or handed over.
    ItemDelivered {
        #[serde(default)]
        title: Option<String>,
        claim_id: i64,
        #[serde(default)]
        tracking: Option<String>,
    },
}

impl Notice {
    /// The stored `kind` word and the `payload` object.
    pub fn stored(&self) -> (String, Value) {
        let mut fields = serde_json::to_value(self).unwrap_or_default();
        let kind = fields
            .as_object_mut()
            .and_then(|o| o.remove("kind"))
            .and_then(|k| k.as_str().map(str::to_owned))
            .unwrap_or_default();
        (kind, fields)
    }

    /// The notice a stored `kind` and `payload` hold; `None` for a kind this server does not know
    /// or a payload that does not fit it.
    fn read(kind: &str, payload: &Value) -> Option<Notice> {
        let mut fields = payload.as_object().cloned().unwrap_or_default();
        fields.insert("kind".into(), Value::String(kind.to_owned()));
        serde_json::from_value(Value::Object(fields)).ok()
    }
}

/// A stored notification; `notice` is `None` for a kind this server does not know.
#[derive(Debug, Clone, PartialEq)]
pub struct NotificationRow {
    pub id: i64,
    pub user_id: i64,
    pub notice: Option<Notice>,
    pub auction_id: Option<i64>,
    pub read_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

impl NotificationRow {
    pub fn from_row(r: &Row) -> NotificationRow {
        let (kind, payload): (&str, Value) = (r.get(2), r.get(4));
        let notice = Notice::read(kind, &payload);
        if notice.is_none() {
            tracing::warn!(id = r.get::<_, i64>(0), kind, "a stored notification this server cannot read");
        }
        NotificationRow {
            id: r.get(0),
            user_id: r.get(1),
            notice,
            auction_id: r.get(3),
            read_at: r.get(5),
            created_at: r.get(6),
        }
    }
}

/// Writes the messages that tell stored notifications to the outside world, in the transaction
/// that stored them: the outbox (`super::outbox::Outbox`, whose `enqueue` is the one function that
/// does it). Declared here so that this module need not name the outbox, which reads its rows.
pub trait Enqueue: Sync {
    /// Writes the messages of `rows`; how many.
    fn enqueue<C: GenericClient>(
        &self,
        db: &C,
        rows: &[NotificationRow],
    ) -> impl Future<Output = Result<u64, tokio_postgres::Error>> + Send;
}

/// Stores one notification for `user` in the caller's transaction, with its messages in the
/// outbox; deliver the returned row with `Effects::notify` (`crate::app::effects`) after the
/// commit, which also wakes the outbox's workers.
pub async fn insert(
    db: &impl GenericClient,
    outbox: &impl Enqueue,
    user: i64,
    auction: Option<i64>,
    notice: &Notice,
) -> Result<NotificationRow, tokio_postgres::Error> {
    let mut rows = insert_many(db, outbox, &[(user, auction, notice)]).await?;
    Ok(rows.pop().expect("an insert of one row returns it"))
}

/// Stores many notifications in one statement in the caller's transaction, each `(user, auction,
/// notice)`, with their messages in the outbox (also [`insert`]'s one), without a round trip
/// per notice (the outbid desk's batches, docs/performance.md, "One auction"). The rows come back in the order
/// given.
pub async fn insert_many(
    db: &impl GenericClient,
    outbox: &impl Enqueue,
    notices: &[(i64, Option<i64>, &Notice)],
) -> Result<Vec<NotificationRow>, tokio_postgres::Error> {
    if notices.is_empty() {
        return Ok(Vec::new());
    }
    let mut users = Vec::with_capacity(notices.len());
    let mut kinds = Vec::with_capacity(notices.len());
    let mut auctions = Vec::with_capacity(notices.len());
    let mut payloads = Vec::with_capacity(notices.len());
    for (user, auction, notice) in notices {
        let (kind, payload) = notice.stored();
        users.push(*user);
        kinds.push(kind);
        auctions.push(*auction);
        payloads.push(payload);
    }
    let stmt = db.prepare_cached(q!("insert_many")).await?;
    let rows: Vec<NotificationRow> = db
        .query(&stmt, &[&users, &kinds, &auctions, &payloads])
        .await?
        .iter()
        .map(NotificationRow::from_row)
        .collect();
    outbox.enqueue(db, &rows).await?;
    Ok(rows)
}

// The notification list, read marks and mail recipients (`GET /api/notifications`,
// `POST /api/notifications/read`, the outbox's e-mail messages in `super::outbox`).

/// A user's newest notifications, at most `limit`, newest first.
pub async fn recent(
    db: &impl GenericClient,
    user: i64,
    limit: i64,
) -> Result<Vec<NotificationRow>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_recent")).await?;
    Ok(db.query(&stmt, &[&user, &limit]).await?.iter().map(NotificationRow::from_row).collect())
}

/// How many of a user's notifications are unread.
pub async fn unread(db: &impl GenericClient, user: i64) -> Result<i64, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("count_unread")).await?;
    Ok(db.query_one(&stmt, &[&user]).await?.get(0))
}

/// Marks a user's notifications read: those named in `ids` (others' ids are ignored), or all of
/// them when `ids` is `None`. Returns how many changed.
pub async fn mark_read(
    db: &impl GenericClient,
    user: i64,
    ids: Option<&[i64]>,
) -> Result<u64, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("mark_read")).await?;
    db.execute(&stmt, &[&user, &ids]).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_notice_is_stored_as_its_word_and_fields_and_read_back_whole() {
        let until = Some("2026-11-27T10:00:00Z".parse().expect("a time"));
        let notices = [
            Notice::AuctionStarted { title: Some("iPhone".into()) },
            Notice::AuctionStarting {
                title: Some("iPhone".into()),
                starts_at: "2026-11-27T10:05:00Z".parse().expect("a time"),
            },
            Notice::AuctionWon { title: None, claim_id: 3, until, final_price: Some("12.34".into()) },
            Notice::ClaimPassed {
                title: Some("Чайник".into()), claim_id: 4, until, amount: Some(1234)
            },
            Notice::PaymentReceived { order_id: 9, amount: 75_000, claim_id: None },
            Notice::BidsCredited { order_id: 9, bids: 50 },
            Notice::ItemDelivered { title: None, claim_id: 4, tracking: None },
        ];
        for notice in notices {
            let (kind, payload) = notice.stored();
            assert!(payload.get("kind").is_none(), "the kind is its own column");
            assert_eq!(Notice::read(&kind, &payload), Some(notice));
        }
        let (kind, payload) = Notice::PaymentReceived { order_id: 9, amount: 5, claim_id: Some(2) }.stored();
        assert_eq!(
            (kind.as_str(), payload),
            ("payment_received", json!({"orderId": 9, "amount": 5, "claimId": 2}))
        );
    }

    #[test]
    fn rows_written_before_the_types_still_read() {
        let old = json!({"title": "Чайник", "claimId": 4, "until": "2026-11-27T10:00:00.5+00:00", "finalPrice": "1.00"});
        assert!(matches!(Notice::read("auction_won", &old), Some(Notice::AuctionWon { claim_id: 4, .. })));
        assert_eq!(Notice::read("auction_started", &json!({})), Some(Notice::AuctionStarted { title: None }));
        assert_eq!(Notice::read("a_kind_from_the_future", &json!({})), None);
    }
}
