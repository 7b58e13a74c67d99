//! Users bidding through every node of a [`Fleet`](super::fleet::Fleet) from background tasks,
//! each at most once a second (counted from the answer), each time on an auction drawn at random
//! (seeded by the user: users that a stall bunched together still spread over the auctions, where
//! turns in a fixed order would move them from auction to auction as one crowd). Every answer is
//! kept with its times, so that a scenario can read what happened around a kill, a freeze or a
//! restart. User `n` bids through node `n % nodes`; a request its node refuses at the
//! connection (down) goes to the next node, as a load balancer would pass it on (nothing was
//! sent). Afterwards [`verify`] checks that every acknowledged bid is a row, that nobody was
//! charged for a bid that is not one, and that no bid was placed whose answer said it was not.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde_json::Value;
use tokio::task::JoinHandle;

/// One answer to one bid.
#[derive(Debug, Clone)]
pub struct Answer {
    pub sent: Instant,
    /// When the answer (or the transport failure) came.
    pub at: Instant,
    /// The node that answered (or was tried last).
    pub node: usize,
    /// Whether the user's own node refused the connection and another took the request.
    pub passed_on: bool,
    pub auction: i64,
    pub user: i64,
    /// The HTTP status; 0: no answer (the connection failed or was cut).
    pub status: u16,
    /// `accepted`, the error's `code`, or `transport: …`.
    pub code: Arc<str>,
    /// An accepted bid's id and amount (in tyiyn).
    pub bid: Option<(i64, i64)>,
    /// The auction's `totalBids` in an accepted bid's answer.
    pub total: i64,
}

impl Answer {
    pub fn accepted(&self) -> bool {
        self.bid.is_some()
    }

    /// A 5xx other than 503 (503 says "nothing was done, try again").
    pub fn server_error(&self) -> bool {
        self.status >= 500 && self.status != 503
    }

    /// Milliseconds from the send to the answer.
    pub fn ms(&self) -> f64 {
        (self.at - self.sent).as_secs_f64() * 1000.0
    }
}

/// The bidding tasks and their answers.
pub struct Bidders {
    log: Arc<Mutex<Vec<Answer>>>,
    stop: Arc<AtomicBool>,
    tasks: Vec<JoinHandle<()>>,
}

impl Bidders {
    /// Starts `users` (id, cookie) bidding on `auctions` through the nodes at `bases`, their first
    /// bids spread over the first second.
    pub fn start(bases: Vec<String>, auctions: Vec<i64>, users: Vec<(i64, String)>) -> Bidders {
        let client = reqwest::Client::builder()
            .pool_max_idle_per_host(users.len())
            .tcp_nodelay(true)
            .timeout(Duration::from_secs(30))
            .build()
            .expect("client");
        let (log, stop) = (Arc::new(Mutex::new(Vec::new())), Arc::new(AtomicBool::new(false)));
        let (bases, auctions) = (Arc::new(bases), Arc::new(auctions));
        let (count, start) = (users.len() as u64, Instant::now());
        let tasks = users
            .into_iter()
            .enumerate()
            .map(|(n, (user, cookie))| {
                let (client, bases, auctions) = (client.clone(), bases.clone(), auctions.clone());
                let (log, stop) = (log.clone(), stop.clone());
                tokio::spawn(async move {
                    let mut next = start + Duration::from_micros(n as u64 * 1_000_000 / count);
                    let mut draw = StdRng::seed_from_u64(n as u64);
                    while !stop.load(Ordering::Relaxed) {
                        tokio::time::sleep_until(next.into()).await;
                        let auction = auctions[draw.random_range(0..auctions.len())];
                        let answer = bid(&client, &bases, n % bases.len(), (auction, user), &cookie).await;
                        next = answer.at + Duration::from_secs(1);
                        lock(&log).push(answer);
                    }
                })
            })
            .collect();
        Bidders { log, stop, tasks }
    }

    /// The answers to bids sent at or after `from`.
    pub fn sent_since(&self, from: Instant) -> Vec<Answer> {
        lock(&self.log).iter().filter(|a| a.sent >= from).cloned().collect()
    }

    /// Stops the users (each finishes its request in flight); every answer, in the order they came.
    pub async fn stop(self) -> Vec<Answer> {
        self.stop.store(true, Ordering::Relaxed);
        for task in self.tasks {
            let _ = task.await;
        }
        std::mem::take(&mut *lock(&self.log))
    }
}

fn lock(log: &Mutex<Vec<Answer>>) -> std::sync::MutexGuard<'_, Vec<Answer>> {
    log.lock().unwrap_or_else(|e| e.into_inner())
}

/// One bid through node `home`, passed on to the next node while a node refuses the connection.
async fn bid(
    client: &reqwest::Client,
    bases: &[String],
    home: usize,
    (auction, user): (i64, i64),
    cookie: &str,
) -> Answer {
    let sent = Instant::now();
    let mut node = home;
    let (status, code, body) = loop {
        let res = client
            .post(format!("{}/api/auctions/{auction}/bid", bases[node]))
            .header("cookie", cookie)
            .send()
            .await;
        match res {
            Ok(res) => {
                let status = res.status().as_u16();
                let Ok(bytes) = res.bytes().await else {
                    break (0, "transport: cut answer".into(), Value::Null);
                };
                let body = serde_json::from_slice::<Value>(&bytes).unwrap_or(Value::Null);
                let code: Arc<str> = match (status, body["code"].as_str()) {
                    (200, _) if body["bid"]["id"].is_i64() => "accepted".into(),
                    (200, _) => "200 without a bid".into(),
                    (_, Some(code)) => code.into(),
                    _ => "(no JSON code)".into(),
                };
                break (status, code, body);
            }
            Err(e) if e.is_connect() && (node + 1) % bases.len() != home => node = (node + 1) % bases.len(),
            Err(e) => {
                let why = if e.is_connect() {
                    "refused"
                } else if e.is_timeout() {
                    "timeout"
                } else {
                    "cut"
                };
                break (0, format!("transport: {why}").into(), Value::Null);
            }
        }
    };
    // The amount is in som with two decimals on the wire, in tyiyn in the table.
    let amount = body["bid"]["amount"].as_f64().map(|som| (som * 100.0).round() as i64);
    let bid = body["bid"]["id"].as_i64().zip(amount).filter(|_| &*code == "accepted");
    let total = body["auction"]["totalBids"].as_i64().unwrap_or(0);
    Answer {
        sent,
        at: Instant::now(),
        node,
        passed_on: node != home,
        auction,
        user,
        status,
        code,
        bid,
        total,
    }
}

/// Answers counted by outcome (`accepted`, `503 auction_elsewhere`, `transport: refused`, …).
pub fn tally<'a>(answers: impl IntoIterator<Item = &'a Answer>) -> BTreeMap<String, u64> {
    let mut counts = BTreeMap::new();
    for a in answers {
        let key = match a.status {
            0 | 200 => a.code.to_string(),
            s => format!("{s} {}", a.code),
        };
        *counts.entry(key).or_default() += 1;
    }
    counts
}

/// What the database says of the answers.
#[derive(Debug, Default)]
pub struct Verdict {
    /// Bids answered 200.
    pub acknowledged: usize,
    /// Of those, rows in `bid` with the acknowledged auction, bidder and amount.
    pub found: usize,
    /// Acknowledged bid ids with no such row, or acknowledged twice.
    pub lost: Vec<i64>,
    /// Bid rows in all (a kill can cut the answer to a committed bid: never acknowledged).
    pub rows: i64,
    /// Users whose balance is not their seeded balance less one bid per bid row of theirs: charged
    /// for a bid that is not a row (or refunded one that is).
    pub mischarged: Vec<i64>,
    /// Rows whose answer did not say "placed": answers that said "maybe" (`bid_outcome_unknown`)
    /// or none came (the connection failed).
    pub unacknowledged_rows: i64,
    /// (user, auction, rows not acknowledged, answers that said "maybe" or none) where the first
    /// count is larger: a bid was placed though every answer but those said it was not.
    pub placed_though_refused: Vec<(i64, i64, i64, i64)>,
}

impl Verdict {
    pub fn holds(&self) -> bool {
        self.lost.is_empty()
            && self.found == self.acknowledged
            && self.mischarged.is_empty()
            && self.placed_though_refused.is_empty()
    }
}

/// An answer that leaves open whether the bid was placed: `bid_outcome_unknown`, or none.
fn ambiguous(a: &Answer) -> bool {
    a.status == 0 || &*a.code == "bid_outcome_unknown"
}

/// Checks `answers` against the database: every acknowledged bid a row, every user of `users`
/// (seeded with `balance` bids) charged exactly for their rows.
pub async fn verify(db: &tokio_postgres::Client, answers: &[Answer], users: &[i64], balance: i64) -> Verdict {
    let mut acked: HashMap<i64, (i64, i64, i64)> = HashMap::new();
    let mut lost = Vec::new();
    for a in answers {
        if let Some((id, amount)) = a.bid
            && acked.insert(id, (a.auction, a.user, amount)).is_some()
        {
            lost.push(id);
        }
    }
    let acknowledged = acked.len() + lost.len();
    let found = super::find_acknowledged(db, &acked, |r| (r.get(1), r.get(2), r.get(3)), &mut lost).await;
    let rows: i64 = db.query_one("select count(*) from bid", &[]).await.expect("count").get(0);
    let mischarged = db
        .query(
            "select u.id from app_user u where u.id = any($1)
               and u.bid_balance <> $2 - (select count(*) from bid b where b.user_id = u.id)",
            &[&users, &balance],
        )
        .await
        .expect("balances")
        .iter()
        .map(|r| r.get(0))
        .collect();
    // Per bidder and auction: rows beyond the acknowledged bids must be explained by answers that
    // left the outcome open.
    let mut expected: HashMap<(i64, i64), (i64, i64)> = HashMap::new();
    for a in answers {
        let e = expected.entry((a.user, a.auction)).or_default();
        e.0 += i64::from(a.accepted());
        e.1 += i64::from(ambiguous(a));
    }
    let (mut unacknowledged_rows, mut placed_though_refused) = (0, Vec::new());
    let per_pair = db
        .query(
            "select user_id, auction_id, count(*) from bid where user_id = any($1) group by 1, 2",
            &[&users],
        )
        .await
        .expect("rows per bidder");
    for r in per_pair {
        let (user, auction, n): (i64, i64, i64) = (r.get(0), r.get(1), r.get(2));
        let (acked, open) = expected.get(&(user, auction)).copied().unwrap_or_default();
        unacknowledged_rows += (n - acked).max(0);
        if n - acked > open {
            placed_though_refused.push((user, auction, n - acked, open));
        }
    }
    Verdict { acknowledged, found, lost, rows, mischarged, unacknowledged_rows, placed_though_refused }
}
