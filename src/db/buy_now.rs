//! Buy It Now (issue 13, part 2): what a participant who lost an auction may pay for its item, and
//! the claim that holds their purchase (sql/migrations/0013_buy_now.sql). Fulfilment is the won
//! items' (`db::claims`): delivery, a `claim` order, shipping.

use chrono::{DateTime, Utc};
use deadpool_postgres::GenericClient;

macro_rules! q {
    ($name:literal) => {
        include_str!(concat!("../../sql/queries/buy_now/", $name, ".sql"))
    };
}

/// The lowest price a Buy It Now can come to, whatever the bids spent: 1 som.
pub const MIN_PRICE: i64 = 100;

/// An auction as Buy It Now sees it for one user, locked by the caller's transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OfferRow {
    pub status: String,
    /// `None`: not offered.
    pub stock: Option<i32>,
    pub retail_price: i64,
    pub title: String,
    /// The user won it (their prize is a won item, not a purchase).
    pub won: bool,
    /// When the offer ends (`None` before the auction ends).
    pub until: Option<DateTime<Utc>>,
    pub open: bool,
    /// Bids the user spent on it.
    pub bids_spent: i64,
    /// The price of one bid (the top-up page's lowest), tyiyn; `None` with no package on sale.
    pub bid_value: Option<i64>,
    /// Buy It Now claims still open (reserved to paid and beyond).
    pub taken: i64,
    /// The user's own claim of this auction and its kind (`won` or `buy_now`), if any.
    pub mine: Option<(i64, String)>,
    pub is_bid_package: bool,
}

impl OfferRow {
    /// The value of the bids spent, tyiyn.
    pub fn credit(&self) -> i64 {
        self.bids_spent * self.bid_value.unwrap_or(0)
    }

    /// What the user pays for the item: its retail price less the credit, never under [`MIN_PRICE`]
    /// (nor over the retail price).
    pub fn price(&self) -> i64 {
        (self.retail_price - self.credit()).max(MIN_PRICE.min(self.retail_price))
    }

    /// Left to sell.
    pub fn left(&self) -> i64 {
        (i64::from(self.stock.unwrap_or(0)) - self.taken).max(0)
    }
}

/// Auction `auction` as `user` sees its offer now; `None` if it does not exist.
pub async fn read(
    db: &impl GenericClient,
    auction: i64,
    user: i64,
    window_hours: i32,
) -> Result<Option<OfferRow>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("select_offer")).await?;
    Ok(db.query_opt(&stmt, &[&auction, &user, &window_hours]).await?.map(|r| OfferRow {
        status: r.get(0),
        stock: r.get(1),
        retail_price: r.get(2),
        title: r.get(3),
        won: r.get(4),
        until: r.get(5),
        open: r.get(6),
        bids_spent: r.get(7),
        bid_value: r.get(8),
        taken: r.get(9),
        mine: r.get::<_, Option<i64>>(10).zip(r.get::<_, Option<String>>(11)),
        is_bid_package: r.get(12),
    }))
}

/// Locks auction `auction` until the transaction ends, then reads its offer for `user`: two
/// statements, so that the claims counted are those committed before the lock was granted (see
/// sql/queries/buy_now/lock_auction.sql). Every purchase of one auction takes this lock before it
/// counts and inserts, so two buyers cannot both take the last one. `None` if it does not exist.
pub async fn lock(
    db: &impl GenericClient,
    auction: i64,
    user: i64,
    window_hours: i32,
) -> Result<Option<OfferRow>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("lock_auction")).await?;
    if db.query_opt(&stmt, &[&auction]).await?.is_none() {
        return Ok(None);
    }
    read(db, auction, user, window_hours).await
}

/// The Buy It Now claim of `offer` for `user`, reserved `reserve_hours` to pay; its id.
pub async fn insert_claim(
    db: &impl GenericClient,
    auction: i64,
    user: i64,
    offer: &OfferRow,
    reserve_hours: i32,
) -> Result<i64, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("insert_claim")).await?;
    let row = db
        .query_one(
            &stmt,
            &[
                &auction,
                &user,
                &offer.title,
                &offer.price(),
                &offer.retail_price,
                &offer.credit(),
                &reserve_hours,
            ],
        )
        .await?;
    Ok(row.get(0))
}
