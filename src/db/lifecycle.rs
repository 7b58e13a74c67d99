//! An auction's writes from its creation to its deletion, for [`PgStore`](super::store::PgStore):
//! create, go live, finish (with the winner's won item), change its details, resume after
//! an outage, and delete with refunds. Each is one transaction. Bids go through the group
//! committer (super::group_commit) instead, pre-bids through super::prebids.

use chrono::{DateTime, Utc};
use deadpool_postgres::{GenericClient, Pool};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender};
use tyiyn_actors::clock::UnixMillis;
use tyiyn_actors::ids::{AuctionId, BidId, UserId};
use tyiyn_actors::rules::Bidder;
use tyiyn_actors::store::{
    AuctionDetails, AuctionSnapshot, FinishRecord, Finished, GoLive, NewAuction, NewBid, Refund, StoreError,
};
use tyiyn_actors::view::Winner;

use super::claims::{self, Offer};
use super::doubt::{Attempt, commit, lease_lost, until_known};
use super::notifications::{Notice, NotificationRow};
use super::outbox::Outbox;
use super::rows::{down, ts, winner_from};
use super::snapshot::load;

macro_rules! q {
    ($name:literal) => {
        include_str!(concat!("../../sql/queries/auction/", $name, ".sql"))
    };
}

/// What finishing an auction needs for its won item: how long the winner's reservation lasts,
/// and where the committed `auction_won` notification goes to be pushed live (start-up drains
/// the other end into `Effects::notify`; docs/rules/won-items.md, "Won items").
#[derive(Clone)]
pub struct WonItems {
    reserve_hours: i32,
    notices: UnboundedSender<NotificationRow>,
}

impl WonItems {
    /// Won items reserved for `reserve_hours`, and the receiver of their committed notifications.
    pub fn channel(reserve_hours: i32) -> (WonItems, UnboundedReceiver<NotificationRow>) {
        let (notices, receiver) = tokio::sync::mpsc::unbounded_channel();
        (WonItems { reserve_hours, notices }, receiver)
    }
}

/// With leases, that `auction`'s row was last taken under `fence` (this node's lease), locking
/// the row: a node whose lease was taken over writes nothing (docs/rules/cluster.md, "Leases and
/// fences"). Without leases (`None`) nothing is checked and nothing is locked.
pub(super) async fn fence_holds(
    db: &impl GenericClient,
    auction: AuctionId,
    fence: Option<i64>,
) -> Result<(), StoreError> {
    let Some(fence) = fence else { return Ok(()) };
    let stmt = db.prepare_cached(q!("lock_fence")).await.map_err(down)?;
    let row = db.query_opt(&stmt, &[&auction.0]).await.map_err(down)?;
    match row.map(|r| r.get::<_, Option<i64>>(0)) {
        Some(Some(held)) if held == fence => Ok(()),
        _ => Err(StoreError(format!("lease_lost: auction {auction} was taken over"))),
    }
}

/// The columns of a bid list, one array each, for `unnest`.
struct BidColumns {
    users: Vec<i64>,
    amounts: Vec<i64>,
    bots: Vec<bool>,
    bot_names: Vec<Option<String>>,
    prebids: Vec<bool>,
    stamps: Vec<DateTime<Utc>>,
}

fn columns(bids: &[NewBid]) -> BidColumns {
    BidColumns {
        users: bids.iter().map(|b| b.bidder.id.raw()).collect(),
        amounts: bids.iter().map(|b| b.amount.0).collect(),
        bots: bids.iter().map(|b| b.bidder.is_bot()).collect(),
        bot_names: bids.iter().map(|b| b.bidder.is_bot().then(|| b.bidder.name.to_string())).collect(),
        prebids: bids.iter().map(|b| b.is_prebid).collect(),
        stamps: bids.iter().map(|b| ts(b.stamp)).collect(),
    }
}

/// Inserts bids in order and returns their ids in the same order.
async fn insert_bids(
    db: &impl GenericClient,
    auction: AuctionId,
    bids: &[NewBid],
) -> Result<Vec<BidId>, tokio_postgres::Error> {
    let c = columns(bids);
    let stmt = db.prepare_cached(q!("insert_bids")).await?;
    let rows = db
        .query(&stmt, &[&auction.0, &c.users, &c.amounts, &c.bots, &c.bot_names, &c.prebids, &c.stamps])
        .await?;
    // Identity values rise in insertion order, which follows `order by ordinality`.
    let mut ids: Vec<i64> = rows.iter().map(|r| r.get(0)).collect();
    ids.sort_unstable();
    Ok(ids.into_iter().map(BidId).collect())
}

/// Takes an upcoming auction live, converting its pre-bids into its first bids; returns their ids
/// (again, when it is repeated). Each pre-bidder's notice is stored with its outbox messages.
pub(super) async fn go_live(
    pool: Pool,
    outbox: Outbox,
    change: GoLive,
    fence: Option<i64>,
) -> Result<Vec<BidId>, StoreError> {
    until_known(|| go_live_once(&pool, &outbox, &change, fence), lease_lost).await
}

/// One try of [`go_live`].
async fn go_live_once(
    pool: &Pool,
    outbox: &Outbox,
    change: &GoLive,
    fence: Option<i64>,
) -> Result<Vec<BidId>, Attempt> {
    let mut client = pool.get().await.map_err(down)?;
    let tx = client.transaction().await.map_err(down)?;
    fence_holds(&tx, change.auction, fence).await?;
    // The status changes first, guarded (`status = 'upcoming'`): a go-live repeated after a commit
    // whose answer was lost finds the auction live and returns the bids it stored then, instead of
    // storing the pre-bids twice.
    let r = &change.result;
    let leader = r.leader.as_ref().map(|b| b.id.raw());
    let live = tx.prepare_cached(q!("go_live")).await.map_err(down)?;
    let changed = tx
        .execute(&live, &[&change.auction.0, &r.price.0, &leader, &ts(r.ends_at), &r.total_bids])
        .await
        .map_err(down)?;
    if changed == 0 {
        let stmt = tx.prepare_cached(q!("select_converted_prebids")).await.map_err(down)?;
        let rows = tx.query(&stmt, &[&change.auction.0]).await.map_err(down)?;
        return Ok(rows.iter().map(|r| BidId(r.get(0))).collect());
    }
    let ids = insert_bids(&tx, change.auction, &change.bids).await.map_err(down)?;
    // Converted pre-bids are hashed into the record by the database's twin of the rule.
    tx.execute("select record_seal($1)", &[&change.auction.0]).await.map_err(down)?;
    let users: Vec<i64> = change.bids.iter().map(|b| b.bidder.id.raw()).collect();
    let bid_ids: Vec<i64> = ids.iter().map(|b| b.0).collect();
    let link = tx.prepare_cached(q!("link_prebids")).await.map_err(down)?;
    tx.execute(&link, &[&change.auction.0, &users, &bid_ids]).await.map_err(down)?;
    let notify: Vec<i64> = change.notify.iter().map(|u| u.0).collect();
    if !notify.is_empty() {
        let stmt = tx.prepare_cached(q!("insert_notifications")).await.map_err(down)?;
        // The statement adds each auction's title to the payload.
        let (kind, payload) = Notice::AuctionStarted { title: None }.stored();
        let rows = tx.query(&stmt, &[&notify, &kind, &change.auction.0, &payload]).await.map_err(down)?;
        let notices: Vec<NotificationRow> = rows.iter().map(NotificationRow::from_row).collect();
        super::outbox::enqueue(&tx, outbox, &notices).await.map_err(down)?;
    }
    commit(tx).await?;
    outbox.wake();
    Ok(ids)
}

/// Finishes a live auction (once) and reserves a person's won item; the notice of the win is
/// stored with its outbox messages and sent to `won` after the commit.
pub(super) async fn finish(
    pool: Pool,
    (won, outbox): (WonItems, Outbox),
    record: FinishRecord,
    fence: Option<i64>,
) -> Result<Finished, StoreError> {
    until_known(|| finish_once(&pool, (&won, &outbox), &record, fence), lease_lost).await
}

/// One try of [`finish`]; repeated after a lost answer, it finds the auction finished (`newly`
/// false) and answers with the same winner and numbers.
async fn finish_once(
    pool: &Pool,
    (won, outbox): (&WonItems, &Outbox),
    record: &FinishRecord,
    fence: Option<i64>,
) -> Result<Finished, Attempt> {
    let mut client = pool.get().await.map_err(down)?;
    let tx = client.transaction().await.map_err(down)?;
    fence_holds(&tx, record.auction, fence).await?;
    let winner = record.winner.as_ref().map(|b| b.id.raw());
    let stmt = tx.prepare_cached(q!("finish")).await.map_err(down)?;
    let finished = tx
        .query_opt(&stmt, &[&record.auction.0, &ts(record.ended_at), &winner, &record.final_price.0])
        .await
        .map_err(down)?;
    // A human winner's won item is reserved for them in the same transaction (a bot's win opens
    // none); the `auction_won` notification names it.
    let mut won_notice = None;
    if let Some(row) = &finished
        && let Some(user) = record.winner.as_ref().and_then(|b| b.id.user())
    {
        let title: String = row.get(0);
        let offer = Offer {
            auction: record.auction.0,
            user: user.0,
            position: 1,
            title: &title,
            price: record.final_price.0,
            package_bids: row.get(1),
            reserve_hours: won.reserve_hours,
        };
        won_notice = Some(claims::offer(&tx, outbox, &offer).await.map_err(down)?);
    }
    let stmt = tx.prepare_cached(q!("select_winner")).await.map_err(down)?;
    let winner = match tx.query_opt(&stmt, &[&record.auction.0]).await.map_err(down)? {
        // A bot's bidder id is not a user id: its public fields are the bidder record's.
        _ if record.winner.as_ref().is_some_and(Bidder::is_bot) => {
            record.winner.as_ref().map(Winner::from_bidder)
        }
        Some(row) => Some(winner_from(&row, 0)),
        None => None,
    };
    // The figures a later page load reads, from the same query, for the finish event.
    let read = super::auctions::finished(&tx, Some(record.auction.0), 1, record.ended_at).await;
    let honest_numbers = read.map_err(down)?.pop().and_then(|a| a.honest_numbers);
    commit(tx).await?;
    if let Some(notice) = won_notice {
        outbox.wake();
        // Nobody listening only means the server is stopping; the notice is stored either way.
        let _ = won.notices.send(notice);
    }
    Ok(Finished { newly: finished.is_some(), winner, honest_numbers })
}

/// Writes an auction's editable details and start time.
pub(super) async fn update_details(
    pool: Pool,
    auction: AuctionId,
    d: AuctionDetails,
    start: UnixMillis,
    fence: Option<i64>,
) -> Result<(), StoreError> {
    until_known(|| details_once(&pool, auction, &d, start, fence), lease_lost).await
}

/// One try of [`update_details`] (a repeat writes the same).
async fn details_once(
    pool: &Pool,
    auction: AuctionId,
    d: &AuctionDetails,
    start: UnixMillis,
    fence: Option<i64>,
) -> Result<(), Attempt> {
    let mut client = pool.get().await.map_err(down)?;
    let tx = client.transaction().await.map_err(down)?;
    fence_holds(&tx, auction, fence).await?;
    let stmt = tx.prepare_cached(q!("update_details")).await.map_err(down)?;
    tx.execute(
        &stmt,
        &[
            &auction.0,
            &d.title,
            &d.description,
            &d.image_url.clone().unwrap_or_default(),
            &d.retail_price.0,
            &d.is_bid_package,
            &d.bid_package_bids,
            &d.category.clone().unwrap_or_default(),
            &d.condition.clone().unwrap_or_default(),
            &d.estimated_value.map(|v| v.0),
            &ts(start),
            &d.kind.as_str(),
            &d.win_limited,
            &d.no_new_bidders_after.and_then(|n| n.price).map(|p| p.0),
            &d.no_new_bidders_after.and_then(|n| n.at).map(ts),
            &d.buy_now_stock,
            &d.house_reserve,
            &d.opening_secs,
        ],
    )
    .await
    .map_err(down)?;
    commit(tx).await
}

/// Gives a live auction a new deadline after an outage.
pub(super) async fn resume(
    pool: Pool,
    auction: AuctionId,
    ends_at: UnixMillis,
    fence: Option<i64>,
) -> Result<(), StoreError> {
    let mut client = pool.get().await.map_err(down)?;
    let tx = client.transaction().await.map_err(down)?;
    fence_holds(&tx, auction, fence).await?;
    let stmt = tx.prepare_cached(q!("resume")).await.map_err(down)?;
    tx.execute(&stmt, &[&auction.0, &ts(ends_at)]).await.map_err(down)?;
    tx.commit().await.map_err(down)
}

/// Deletes an auction and gives back every bid and pre-bid spent on it; returns the new balances.
/// Repeated after a lost answer: the repeat finds the auction gone and refunds nothing more.
pub(super) async fn delete_with_refunds(pool: Pool, auction: AuctionId) -> Result<Vec<Refund>, StoreError> {
    until_known(|| delete_once(&pool, auction), |_| false).await
}

/// One try of [`delete_with_refunds`].
async fn delete_once(pool: &Pool, auction: AuctionId) -> Result<Vec<Refund>, Attempt> {
    let mut client = pool.get().await.map_err(down)?;
    let tx = client.transaction().await.map_err(down)?;
    tx.execute("select 1 from auction where id = $1 for update", &[&auction.0]).await.map_err(down)?;
    let due = tx.prepare_cached(q!("refunds_due")).await.map_err(down)?;
    let rows = tx.query(&due, &[&auction.0]).await.map_err(down)?;
    let users: Vec<i64> = rows.iter().map(|r| r.get(0)).collect();
    let counts: Vec<i64> = rows.iter().map(|r| r.get(1)).collect();
    let mut refunds = Vec::new();
    if !users.is_empty() {
        let lock = tx.prepare_cached(q!("lock_users")).await.map_err(down)?;
        tx.query(&lock, &[&users]).await.map_err(down)?;
        let credit = tx.prepare_cached(q!("credit_users")).await.map_err(down)?;
        for row in tx.query(&credit, &[&users, &counts]).await.map_err(down)? {
            refunds.push(Refund { user: UserId(row.get(0)), balance: row.get(1) });
        }
        let ledger = tx.prepare_cached(q!("insert_ledger_refunds")).await.map_err(down)?;
        tx.execute(&ledger, &[&users, &counts, &auction.0]).await.map_err(down)?;
    }
    let delete = tx.prepare_cached(q!("delete_auction")).await.map_err(down)?;
    tx.execute(&delete, &[&auction.0]).await.map_err(down)?;
    commit(tx).await?;
    Ok(refunds)
}

/// The public number of auction `id`: `TY/<year>/<10000 + id>`.
pub fn display_id(id: i64, year: i32) -> String {
    format!("TY/{year}/{:05}", 10_000 + id)
}

/// Why a creation was refused: one of its house bots is closed or inactive (the database's own
/// answer, final even after a lost commit).
pub const BOT_UNAVAILABLE: &str = "a house bot is closed or inactive";

/// Creates an auction with its house bots (one transaction) and returns it as the runtime loads
/// it. Its id is drawn first, so a commit whose answer was lost is repeated until the database
/// says whether the row is there ([`until_known`]).
pub(super) async fn create(pool: Pool, new: NewAuction) -> Result<AuctionSnapshot, StoreError> {
    let id: i64 = {
        let client = pool.get().await.map_err(down)?;
        let next = client.prepare_cached(q!("next_auction_id")).await.map_err(down)?;
        client.query_one(&next, &[]).await.map_err(down)?.get(0)
    };
    until_known(|| create_once(&pool, id, &new), |e| e.0 == BOT_UNAVAILABLE).await?;
    load(pool, Some(AuctionId(id))).await?.pop().ok_or_else(|| StoreError("created auction vanished".into()))
}

/// One try of [`create`]: nothing to do when an earlier try committed.
async fn create_once(pool: &Pool, id: i64, new: &NewAuction) -> Result<(), Attempt> {
    use chrono::Datelike;
    let mut client = pool.get().await.map_err(down)?;
    let tx = client.transaction().await.map_err(down)?;
    if tx.query_opt("select 1 from auction where id = $1", &[&id]).await.map_err(down)?.is_some() {
        return Ok(());
    }
    let d = &new.details;
    let insert = tx.prepare_cached(q!("insert_auction")).await.map_err(down)?;
    tx.execute(
        &insert,
        &[
            &id,
            &display_id(id, Utc::now().year()),
            &d.title,
            &d.description,
            &d.image_url.clone().unwrap_or_default(),
            &d.retail_price.0,
            &d.is_bid_package,
            &d.bid_package_bids,
            &d.category.clone().unwrap_or_default(),
            &d.condition.clone().unwrap_or_default(),
            &d.estimated_value.map(|v| v.0),
            &ts(new.start_time),
            &new.starting_price.0,
            &d.kind.as_str(),
            &d.win_limited,
            &d.no_new_bidders_after.and_then(|n| n.price).map(|p| p.0),
            &d.no_new_bidders_after.and_then(|n| n.at).map(ts),
            &d.buy_now_stock,
            &d.house_reserve,
            &d.opening_secs,
        ],
    )
    .await
    .map_err(down)?;
    for bot in &new.bots {
        // Share-locks the bot's row: a concurrent close or deactivation waits, or is seen here.
        if !super::bots::assign_in(&tx, AuctionId(id), *bot).await.map_err(down)? {
            return Err(Attempt::Failed(StoreError(BOT_UNAVAILABLE.into())));
        }
    }
    commit(tx).await
}
