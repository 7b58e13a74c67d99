//! Group commit across auctions. Every auction actor commits its own batch of bids, but many
//! quiet auctions would each pay a whole transaction for one or two bids. The committer task
//! gathers the batches queued by all auctions while its groups were committing and commits them
//! together with one call of `commit_bid_groups` (one statement, one transaction). A batch
//! whose bidder cannot pay fails alone; the others commit. Each batch is still answered only
//! after its own commit.
//!
//! With leases (several nodes, issue 25), each batch names the fence of this node's lease on its
//! auction ([`Fences`]); a batch whose auction was taken over is refused whole
//! ([`CommitError::Fenced`]) and the others commit. Without leases no fence is named.
//!
//! Each group writes a random token in its transaction (`commit_mark`): when its answer is lost
//! (the connection or the database died while it committed), every batch of it is answered
//! [`CommitError::InDoubt`] with that token and its bids' record hashes, and its auction asks
//! `resolve_bids` (super::doubt) until the database says whether it committed.
//!
//! Several groups may commit at once (`database.commit_groups_in_flight`, 1 by default), each on
//! its own connection, so that a group need not wait for the one before it. They cannot conflict on an auction (an auction has one batch in flight at a time)
//! and cannot deadlock on users (the function locks paying users in id order); a user's balance
//! is debited by one group after the other, each checking what the previous one left.

use std::collections::HashMap;
use std::future::Future;
use std::sync::Arc;
use std::time::Instant;

use deadpool_postgres::Pool;
use tokio::sync::{Semaphore, mpsc, oneshot};
use tyiyn_actors::errors::BidRejected;
use tyiyn_actors::ids::{BidId, UserId};
use tyiyn_actors::store::{BidBatch, CommitError, CommittedBid, Doubt};

mod params;

use super::leases::Fences;
use super::record::Heads;
use super::rows::describe;
use params::GroupParams;

/// Most batches in one group (bounds one statement's size).
const MAX_GROUP: usize = 512;

type Reply = Result<Vec<CommittedBid>, CommitError>;

struct Job {
    batch: BidBatch,
    reply: oneshot::Sender<Reply>,
    queued: Instant,
}

/// The handle auction actors commit through (via `PgStore::commit_bids`).
#[derive(Clone)]
pub struct GroupCommitter {
    jobs: mpsc::UnboundedSender<Job>,
    heads: Arc<Heads>,
}

impl GroupCommitter {
    /// Starts the committer task on the current tokio runtime, with at most `in_flight` groups
    /// committing at once.
    /// Committing under `fences` when this node takes leases (`None`: one node, no fences).
    pub fn start(pool: Pool, in_flight: usize, fences: Option<Fences>) -> GroupCommitter {
        let (jobs, queue) = mpsc::unbounded_channel();
        let heads = Arc::new(Heads::default());
        tokio::spawn(run(pool, queue, in_flight, (heads.clone(), fences)));
        GroupCommitter { jobs, heads }
    }

    /// Forgets what it knows of `auction`'s record chain (another writer added bids to it).
    pub fn forget_head(&self, auction: i64) {
        self.heads.forget([auction]);
    }

    /// Commits `batch` with whatever else is queued; resolves after that commit.
    pub fn commit(&self, batch: BidBatch) -> impl Future<Output = Reply> + Send + 'static {
        let (reply, answer) = oneshot::channel();
        record_waits(&batch);
        let queued = self.jobs.send(Job { batch, reply, queued: Instant::now() }).is_ok();
        async move {
            if !queued {
                return Err(CommitError::Unavailable("the committer stopped".into()));
            }
            answer.await.unwrap_or_else(|_| Err(CommitError::Unavailable("the committer stopped".into())))
        }
    }
}

/// How long each bid of `batch` waited in its auction, from its arrival until now (its stamp is
/// the server's wall clock at arrival, in milliseconds).
fn record_waits(batch: &BidBatch) {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64);
    for bid in &batch.bids {
        let waited_ms = (now - bid.stamp.0).max(0);
        metrics::histogram!(crate::metrics::BID_QUEUED_SECONDS).record(waited_ms as f64 / 1000.0);
    }
}

async fn run(
    pool: Pool,
    mut queue: mpsc::UnboundedReceiver<Job>,
    in_flight: usize,
    (heads, fences): (Arc<Heads>, Option<Fences>),
) {
    let slots = Arc::new(Semaphore::new(in_flight.max(1)));
    while let Some(first) = queue.recv().await {
        // A free slot first, then everything queued meanwhile joins this group.
        let Ok(slot) = slots.clone().acquire_owned().await else { return };
        let mut jobs = vec![first];
        while jobs.len() < MAX_GROUP {
            match queue.try_recv() {
                Ok(job) => jobs.push(job),
                Err(_) => break,
            }
        }
        let pool = pool.clone();
        let heads = heads.clone();
        let fences = fences.clone();
        tokio::spawn(async move {
            commit_and_answer(&pool, (&heads, fences.as_ref()), jobs).await;
            drop(slot);
        });
    }
}

/// Commits one group and answers each of its batches.
async fn commit_and_answer(pool: &Pool, (heads, fences): (&Heads, Option<&Fences>), jobs: Vec<Job>) {
    let started = Instant::now();
    for job in &jobs {
        metrics::histogram!(crate::metrics::COMMIT_QUEUE_SECONDS)
            .record(started.duration_since(job.queued).as_secs_f64());
    }
    let committed = commit_group(pool, (heads, fences), &jobs).await;
    let bids: usize = jobs.iter().map(|job| job.batch.bids.len()).sum();
    metrics::counter!(crate::metrics::COMMIT_GROUPS).increment(1);
    metrics::histogram!(crate::metrics::COMMIT_SECONDS).record(started.elapsed().as_secs_f64());
    metrics::histogram!(crate::metrics::COMMIT_BIDS).record(bids as f64);
    metrics::histogram!(crate::metrics::COMMIT_BATCHES).record(jobs.len() as f64);
    match committed {
        Ok(mut answers) => {
            for (i, job) in jobs.into_iter().enumerate() {
                let answer = answers
                    .remove(&i)
                    .unwrap_or_else(|| Err(CommitError::Unavailable("no answer for this batch".into())));
                let _ = job.reply.send(answer);
            }
        }
        Err(GroupFailed::Known(why)) => {
            heads.forget(jobs.iter().map(|job| job.batch.auction.0));
            metrics::counter!(crate::metrics::COMMIT_FAILURES).increment(1);
            tracing::warn!(batches = jobs.len(), "group commit failed: {why}");
            for job in jobs {
                let _ = job.reply.send(Err(CommitError::Unavailable(why.clone())));
            }
        }
        Err(GroupFailed::Lost { why, token, keys }) => {
            // The group may have committed before the connection broke: read the heads again.
            heads.forget(jobs.iter().map(|job| job.batch.auction.0));
            metrics::counter!(crate::metrics::COMMIT_FAILURES).increment(1);
            metrics::counter!(crate::metrics::COMMITS_IN_DOUBT).increment(1);
            tracing::warn!(batches = jobs.len(), token, "group commit in doubt: {why}");
            for (job, keys) in jobs.into_iter().zip(keys) {
                let doubt = Doubt { auction: job.batch.auction, token, keys, why: why.clone() };
                let _ = job.reply.send(Err(CommitError::InDoubt(doubt)));
            }
        }
    }
}

/// Why a group did not commit, or may not have.
enum GroupFailed {
    /// Nothing was written (the database refused it, or it was never sent).
    Known(String),
    /// Sent, and the answer lost: `token` is the group's mark, `keys` each batch's record hashes.
    Lost { why: String, token: i64, keys: Vec<Vec<String>> },
}

impl From<String> for GroupFailed {
    fn from(why: String) -> GroupFailed {
        GroupFailed::Known(why)
    }
}

/// One call for the whole group; the answer of each batch by its index.
async fn commit_group(
    pool: &Pool,
    (heads, fences): (&Heads, Option<&Fences>),
    jobs: &[Job],
) -> Result<HashMap<usize, Reply>, GroupFailed> {
    let client = pool.get().await.map_err(|e| e.to_string())?;
    // Each batch's fence, read once: the commit names it, and the chain head is the one last
    // committed under it (another fence: the auction ran elsewhere meanwhile).
    let fenced: Option<Vec<i64>> = fences.map(|f| jobs.iter().map(|job| f.of(job.batch.auction.0)).collect());
    let keyed: Vec<(i64, Option<i64>)> = jobs
        .iter()
        .enumerate()
        .map(|(i, job)| (job.batch.auction.0, fenced.as_ref().map(|f| f[i])))
        .collect();
    let known = heads.get(&client, &keyed).await.map_err(|e| describe(&e))?;
    let p = GroupParams::of(jobs, &known, &keyed);
    let stmt = client
        .prepare_cached(include_str!("../../sql/queries/auction/commit_bid_groups.sql"))
        .await
        .map_err(|e| describe(&e))?;
    let token = super::doubt::token();
    let rows = client
        .query(
            &stmt,
            &[
                &p.p_batch,
                &p.users,
                &p.amounts,
                &p.bots,
                &p.bot_names,
                &p.stamps,
                &p.hashes,
                &p.autos,
                &p.auctions,
                &p.prices,
                &p.leaders,
                &p.ends,
                &p.totals,
                &fenced,
                &token,
            ],
        )
        .await
        .map_err(|e| match super::doubt::answer_lost(&e) {
            false => GroupFailed::Known(describe(&e)),
            true => GroupFailed::Lost {
                why: describe(&e),
                token,
                keys: p.starts.windows(2).map(|w| p.hashes[w[0]..w[1]].to_vec()).collect(),
            },
        })?;

    Ok(read_answers(&rows, heads, jobs, p.new_heads))
}

/// Each batch's answer from the function's rows: its users refused, or its bids' ids; an
/// auction's record head moves on with a committed batch and is forgotten otherwise.
fn read_answers(
    rows: &[tokio_postgres::Row],
    heads: &Heads,
    jobs: &[Job],
    mut new_heads: Vec<Option<(Option<i64>, String)>>,
) -> HashMap<usize, Reply> {
    let mut committed: HashMap<usize, Vec<(i64, Option<i64>)>> = HashMap::new();
    let mut answers: HashMap<usize, Reply> = HashMap::new();
    for row in rows {
        let index = row.get::<_, i32>(0) as usize - 1;
        match row.get::<_, Option<Vec<i64>>>(3) {
            Some(short) => {
                let why: Vec<String> = row.get::<_, Option<Vec<String>>>(4).unwrap_or_default();
                if why.first().is_some_and(|w| w == "lease_lost") {
                    answers.insert(index, Err(CommitError::Fenced));
                    continue;
                }
                let refused = short
                    .into_iter()
                    .enumerate()
                    .map(|(k, u)| (UserId(u), refusal(why.get(k).map(String::as_str))))
                    .collect();
                answers.insert(index, Err(CommitError::Refused(refused)));
            }
            None => committed.entry(index).or_default().push((row.get(1), row.get(2))),
        }
    }
    for (index, job) in jobs.iter().enumerate() {
        if answers.contains_key(&index) {
            continue;
        }
        let stored = committed.remove(&index).unwrap_or_default();
        let answer = per_bid(&job.batch, stored);
        match (&answer, new_heads[index].take()) {
            (Ok(_), Some((fence, head))) => heads.set(job.batch.auction.0, fence, head),
            _ => heads.forget([job.batch.auction.0]),
        }
        answers.insert(index, answer);
    }
    answers
}

/// The rule the database named for a user whose bids it refused.
pub fn refusal(why: Option<&str>) -> BidRejected {
    match why {
        Some("paused") => BidRejected::BiddingPaused,
        Some("limit_reached") => BidRejected::LimitReached,
        _ => BidRejected::InsufficientBids,
    }
}

/// Each bid's id and its bidder's balance right after it: the balance after the group plus the
/// bidder's later bids in this batch. Rows arrive in bid order.
fn per_bid(batch: &BidBatch, stored: Vec<(i64, Option<i64>)>) -> Reply {
    if stored.len() != batch.bids.len() {
        return Err(CommitError::Unavailable(format!(
            "stored {} of {} bids",
            stored.len(),
            batch.bids.len()
        )));
    }
    let mut later: HashMap<i64, i64> = HashMap::new();
    let mut out: Vec<CommittedBid> = Vec::with_capacity(stored.len());
    for (bid, (id, final_balance)) in batch.bids.iter().zip(stored).rev() {
        let balance = bid.bidder.id.user().zip(final_balance).map(|(u, b)| {
            let after = later.entry(u.0).or_default();
            let own = b + *after;
            *after += 1;
            own
        });
        out.push(CommittedBid { id: BidId(id), balance });
    }
    out.reverse();
    Ok(out)
}
