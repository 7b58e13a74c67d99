//! A commit whose answer is lost (docs/rules/outages.md, "A commit whose answer is lost"). When the
//! connection or the database dies after a commit was sent, the commit may be durable or not;
//! nothing here guesses. A group commit of bids writes a random token into `commit_mark` in its
//! own transaction; to find out, [`settle`] writes the same token as not committed unless it is
//! there, which waits for the group's transaction if it still runs and stops it from committing
//! later if it did not. The writes that a repeat finds done (going live, finishing, a pre-bid)
//! are repeated instead ([`until_known`]).

use std::collections::HashMap;
use std::future::Future;
use std::time::Duration;

use deadpool_postgres::{GenericClient, Pool};
use tokio_postgres::error::Severity;
use tyiyn_actors::ids::BidId;
use tyiyn_actors::store::{CommittedBid, Doubt, StoreError};

use super::rows::down;

macro_rules! q {
    ($name:literal) => {
        include_str!(concat!("../../sql/queries/doubt/", $name, ".sql"))
    };
}

/// How long to wait between two tries to learn a lost answer.
pub const RETRY: Duration = Duration::from_millis(250);

/// Whether `e`, met while a commit was on its way, leaves its outcome unknown: anything but an
/// `ERROR` the database answered (that transaction rolled back). A lost connection, a `FATAL` (the
/// backend was terminated, perhaps after its commit was durable, as `pg_ctl stop -m fast` does to
/// one waiting for a synchronous standby) or a `PANIC` may come after the commit.
pub fn answer_lost(e: &tokio_postgres::Error) -> bool {
    match e.as_db_error() {
        Some(db) => db.parsed_severity() != Some(Severity::Error),
        None => true,
    }
}

/// A fresh token for one group commit.
pub fn token() -> i64 {
    rand::random::<i64>()
}

/// Whether the transaction that writes `token` committed; if it did not, it never will after this
/// returns (the token is written off, and its own insert would fail on the key).
pub async fn settle(db: &impl GenericClient, token: i64) -> Result<bool, tokio_postgres::Error> {
    let write_off = db.prepare_cached(q!("write_off")).await?;
    if db.query_opt(&write_off, &[&token]).await?.is_some() {
        return Ok(false);
    }
    // A new statement, so a new snapshot: it sees the commit the insert waited for.
    let read = db.prepare_cached(q!("read_mark")).await?;
    Ok(db.query_one(&read, &[&token]).await?.get(0))
}

/// What an in-doubt batch of bids did: `Some` with each bid's id and its bidder's balance now,
/// in the batch's order, or `None` (its group did not commit, or refused this batch).
pub async fn resolve_bids(pool: Pool, doubt: Doubt) -> Result<Option<Vec<CommittedBid>>, StoreError> {
    let client = pool.get().await.map_err(down)?;
    if !settle(&client, doubt.token).await.map_err(down)? {
        return Ok(None);
    }
    let stmt = client.prepare_cached(q!("bids_by_key")).await.map_err(down)?;
    let rows = client.query(&stmt, &[&doubt.auction.0, &doubt.keys]).await.map_err(down)?;
    if rows.is_empty() {
        return Ok(None);
    }
    // hash → (id, user, balance now)
    let found: HashMap<String, (i64, i64, Option<i64>)> =
        rows.iter().map(|r| (r.get(3), (r.get(0), r.get(1), r.get(4)))).collect();
    let mut stored = Vec::with_capacity(doubt.keys.len());
    for key in &doubt.keys {
        // A batch is all or nothing: part of it means a broken store, which nobody should guess past.
        let Some(&bid) = found.get(key) else {
            return Err(StoreError(format!(
                "auction {}: {} of the in-doubt batch's {} bids are stored",
                doubt.auction,
                found.len(),
                doubt.keys.len()
            )));
        };
        stored.push(bid);
    }
    Ok(Some(balances_after(stored)))
}

/// Each bid's answer: its id, and its bidder's balance now plus their later bids in the batch (as a
/// commit's answer gives the balance right after each bid).
fn balances_after(stored: Vec<(i64, i64, Option<i64>)>) -> Vec<CommittedBid> {
    let mut later: HashMap<i64, i64> = HashMap::new();
    let mut out: Vec<CommittedBid> = stored
        .into_iter()
        .rev()
        .map(|(id, user, now)| {
            let balance = now.map(|b| {
                let after = later.entry(user).or_default();
                let own = b + *after;
                *after += 1;
                own
            });
            CommittedBid { id: BidId(id), balance }
        })
        .collect();
    out.reverse();
    out
}

/// A write whose repeat finds what the first did (a status guard, a unique key): run again while
/// its answer was lost, until one answers. `attempt` says [`Attempt::Lost`] for a commit that may
/// have happened; a failure after that is not an answer either (the database may still be away),
/// unless `answered` says the database refused the write for a reason of its own.
pub async fn until_known<T, F, Fut>(
    mut attempt: F,
    answered: fn(&StoreError) -> bool,
) -> Result<T, StoreError>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, Attempt>>,
{
    let mut lost = false;
    loop {
        match attempt().await {
            Ok(done) => return Ok(done),
            Err(Attempt::Failed(e)) if !lost || answered(&e) => return Err(e),
            Err(Attempt::Failed(e)) => tracing::debug!("a lost answer is still unknown: {}", e.0),
            Err(Attempt::Lost(e)) => {
                if !lost {
                    tracing::warn!(
                        "a commit's answer was lost: repeating it until the database answers ({})",
                        e.0
                    );
                    metrics::counter!(crate::metrics::COMMITS_IN_DOUBT).increment(1);
                }
                lost = true;
            }
        }
        tokio::time::sleep(RETRY).await;
    }
}

/// How one try of a repeatable write ended, when it did not commit for sure.
#[derive(Debug)]
pub enum Attempt<E = StoreError> {
    /// It did not commit: nothing was written.
    Failed(E),
    /// Its commit was sent and the answer lost.
    Lost(E),
}

impl From<StoreError> for Attempt {
    fn from(e: StoreError) -> Attempt {
        Attempt::Failed(e)
    }
}

/// The commit of `tx`: a failure is [`Attempt::Lost`] when the commit may have happened.
pub async fn commit(tx: deadpool_postgres::Transaction<'_>) -> Result<(), Attempt> {
    tx.commit()
        .await
        .map_err(|e| if answer_lost(&e) { Attempt::Lost(down(e)) } else { Attempt::Failed(down(e)) })
}

/// A refusal the database answered on its own (the auction was taken over): final even after a
/// lost answer.
pub fn lease_lost(e: &StoreError) -> bool {
    e.0.starts_with("lease_lost")
}

/// Deletes the commit marks older than a day; how many.
pub async fn delete_old_marks(db: &impl GenericClient) -> Result<u64, tokio_postgres::Error> {
    let stmt = db.prepare_cached(q!("delete_old_marks")).await?;
    db.execute(&stmt, &[]).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_bid_answers_its_bidders_balance_right_after_it() {
        // User 7 bid twice, a bot once, user 8 once; balances now: 7 → 3, 8 → 9.
        let stored = vec![(1, 7, Some(3)), (2, 100, None), (3, 7, Some(3)), (4, 8, Some(9))];
        let got: Vec<Option<i64>> = balances_after(stored).iter().map(|b| b.balance).collect();
        assert_eq!(got, vec![Some(4), None, Some(3), Some(9)]);
    }
}
