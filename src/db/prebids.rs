//! A pre-bid and its one-bid debit, for [`PgStore`](super::store::PgStore): one transaction, within
//! the user's pause and spend limits, repeated after a lost answer until the database says whether
//! it stood (docs/rules/outages.md, "A commit whose answer is lost").

use deadpool_postgres::Pool;
use tokio_postgres::error::SqlState;
use tyiyn_actors::clock::UnixMillis;
use tyiyn_actors::ids::{AuctionId, PrebidId, UserId};
use tyiyn_actors::store::{CommittedPrebid, PrebidError, StoreError};

use super::doubt::Attempt;
use super::lifecycle::fence_holds;
use super::rows::{down, ts};

macro_rules! q {
    ($name:literal) => {
        include_str!(concat!("../../sql/queries/auction/", $name, ".sql"))
    };
}

/// Stores a pre-bid and debits its bid, within the user's pause and spend limits. A commit whose
/// answer was lost is repeated until the database answers: the repeat stores it (the first did
/// not) or finds it stored (`already_prebid`: the first did, as the actor had seen no pre-bid of
/// this user), and then answers with the stored pre-bid.
pub(super) async fn commit_prebid(
    pool: Pool,
    auction: AuctionId,
    user: UserId,
    stamp: UnixMillis,
    fence: Option<i64>,
) -> Result<CommittedPrebid, PrebidError> {
    let mut lost = false;
    loop {
        match prebid_once(&pool, auction, user, stamp, fence).await {
            Ok(done) => return Ok(done),
            Err(Attempt::Lost(e)) => {
                if !lost {
                    tracing::warn!(auction = %auction, user = user.0, "a pre-bid's answer was lost: asking again ({e})");
                    metrics::counter!(crate::metrics::COMMITS_IN_DOUBT).increment(1);
                }
                lost = true;
            }
            Err(Attempt::Failed(PrebidError::AlreadyPrebid)) if lost => {
                match stored_prebid(&pool, auction, user).await {
                    Ok(Some(done)) => return Ok(done),
                    Ok(None) => return Err(PrebidError::AlreadyPrebid),
                    Err(e) => tracing::debug!("a lost pre-bid is still unknown: {}", e.0),
                }
            }
            Err(Attempt::Failed(PrebidError::Unavailable(why))) if lost && !why.starts_with("lease_lost") => {
                tracing::debug!("a lost pre-bid is still unknown: {why}");
            }
            Err(Attempt::Failed(e)) => return Err(e),
        }
        tokio::time::sleep(super::doubt::RETRY).await;
    }
}

/// One try of [`commit_prebid`].
async fn prebid_once(
    pool: &Pool,
    auction: AuctionId,
    user: UserId,
    stamp: UnixMillis,
    fence: Option<i64>,
) -> Result<CommittedPrebid, Attempt<PrebidError>> {
    let unavailable = |e: tokio_postgres::Error| Attempt::Failed(PrebidError::Unavailable(e.to_string()));
    let mut client =
        pool.get().await.map_err(|e| Attempt::Failed(PrebidError::Unavailable(e.to_string())))?;
    let tx = client.transaction().await.map_err(unavailable)?;
    let inserted = tx
        .query_one(
            "insert into prebid (auction_id, user_id, created_at) values ($1, $2, $3) returning id",
            &[&auction.0, &user.0, &ts(stamp)],
        )
        .await;
    let id: i64 = match inserted {
        Ok(row) => row.get(0),
        Err(e) if e.code() == Some(&SqlState::UNIQUE_VIOLATION) => {
            return Err(Attempt::Failed(PrebidError::AlreadyPrebid));
        }
        Err(e) => return Err(unavailable(e)),
    };
    let debit = tx.prepare_cached(q!("debit_users")).await.map_err(unavailable)?;
    let Some(row) = tx.query_opt(&debit, &[&vec![user.0], &vec![1_i64]]).await.map_err(unavailable)? else {
        return Err(Attempt::Failed(PrebidError::Insufficient));
    };
    // The user's own pause and spend limits (sql/migrations/0011_limits.sql), checked under the
    // debit's row lock so that two pre-bids at once cannot both pass a limit of one.
    let block = tx.prepare_cached("select spend_block($1, 1, 0)").await.map_err(unavailable)?;
    let why: Option<String> = tx.query_one(&block, &[&user.0]).await.map_err(unavailable)?.get(0);
    if why.is_some() {
        return Err(Attempt::Failed(PrebidError::Limited(super::group_commit::refusal(why.as_deref()))));
    }
    let ledger = tx.prepare_cached(q!("insert_ledger_debits")).await.map_err(unavailable)?;
    tx.execute(&ledger, &[&vec![user.0], &"prebid", &auction.0]).await.map_err(unavailable)?;
    // Last, after the user's row (the group commit's order: users, then auctions).
    fence_holds(&tx, auction, fence).await.map_err(|e| Attempt::Failed(PrebidError::Unavailable(e.0)))?;
    super::doubt::commit(tx).await.map_err(|a| match a {
        Attempt::Lost(e) => Attempt::Lost(PrebidError::Unavailable(e.0)),
        Attempt::Failed(e) => Attempt::Failed(PrebidError::Unavailable(e.0)),
    })?;
    Ok(CommittedPrebid { id: PrebidId(id), balance: row.get(1) })
}

/// `user`'s stored pre-bid on `auction` with their balance now, if there is one.
async fn stored_prebid(
    pool: &Pool,
    auction: AuctionId,
    user: UserId,
) -> Result<Option<CommittedPrebid>, StoreError> {
    let client = pool.get().await.map_err(down)?;
    let stmt = client.prepare_cached(q!("select_own_prebid")).await.map_err(down)?;
    let row = client.query_opt(&stmt, &[&auction.0, &user.0]).await.map_err(down)?;
    Ok(row.map(|r| CommittedPrebid { id: PrebidId(r.get(0)), balance: r.get(1) }))
}
