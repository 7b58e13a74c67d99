//! The crash script, shared by `benches/crash.rs` and its short form in `tests/crash.rs`: users
//! bid over HTTP while the server is killed with SIGKILL at seeded random moments and started
//! again on the same database and port; afterwards every acknowledged bid (a 200 answer's
//! `bid`) must be a row in `bid` with the same auction, bidder and amount, and `tyiyn check` must
//! find every invariant holding.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde_json::Value;

use crate::{Server, quantile};

/// What to run.
pub struct Plan {
    /// Kill-and-restart cycles.
    pub cycles: usize,
    /// Users bidding, each at most once per second, rotating over the auctions.
    pub users: usize,
    /// Live auctions.
    pub auctions: usize,
    /// Seeds the kill moments.
    pub seed: u64,
    /// The kill falls this many milliseconds into a cycle (uniformly, from the seed).
    pub kill_after_ms: std::ops::Range<u64>,
}

/// An acknowledged bid, as the 200 answer described it.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Acked {
    auction: i64,
    user: i64,
    amount: i64,
}

/// What a run found.
pub struct Outcome {
    /// Cycles run (each one kill and one restart).
    pub cycles: usize,
    /// Bids the server answered 200.
    pub acknowledged: usize,
    /// Acknowledged bids present as rows with the acknowledged auction, bidder and amount.
    pub found: usize,
    /// Acknowledged bid ids with no such row (lost or altered), or acknowledged twice.
    pub lost: Vec<i64>,
    /// Bid rows in the database (acknowledged or not: a kill can fall between commit and answer).
    pub rows: i64,
    /// Time from each restart's spawn until `/api/settings` answered.
    pub restarts: Vec<Duration>,
    /// Every answer by outcome: `accepted`, an error `code`, or a transport failure.
    pub answers: BTreeMap<String, u64>,
    /// `tyiyn check`'s exit code (0: every invariant holds) and its output.
    pub check: (Option<i32>, String),
}

impl Outcome {
    /// No acknowledged bid was lost and `tyiyn check` is clean.
    pub fn holds(&self) -> bool {
        self.lost.is_empty() && self.found == self.acknowledged && self.check.0 == Some(0)
    }

    /// Restart time quantile `q` in milliseconds.
    pub fn restart_ms(&self, q: f64) -> f64 {
        let mut ms: Vec<f64> = self.restarts.iter().map(|d| d.as_secs_f64() * 1000.0).collect();
        ms.sort_by(f64::total_cmp);
        quantile(&ms, q)
    }

    /// The summary lines.
    pub fn print(&self) {
        println!("answers: {:?}", self.answers);
        println!(
            "cycles: {}  bids acknowledged: {}  found: {}  lost: {}  bid rows: {}",
            self.cycles,
            self.acknowledged,
            self.found,
            self.lost.len(),
            self.rows
        );
        let (p50, max) = (self.restart_ms(0.5), self.restart_ms(1.0));
        println!("restart (spawn to /api/settings answering): p50 {p50:.0} ms  max {max:.0} ms");
        if !self.lost.is_empty() {
            println!("LOST acknowledged bids: {:?}", self.lost);
        }
        print!("{}", self.check.1);
        println!("tyiyn check: exit {:?}", self.check.0);
    }
}

/// Runs the plan against a fresh server and database (dropped afterwards).
pub async fn run(plan: &Plan) -> Outcome {
    let mut server = Server::start(&[]).await;
    let auctions = server.live_auctions(plan.auctions).await;
    let people = server.seed_users(plan.users, 1_000_000).await;
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(plan.users)
        .tcp_nodelay(true)
        .timeout(Duration::from_secs(10))
        .build()
        .expect("client");

    let stop = Arc::new(AtomicBool::new(false));
    let acked_count = Arc::new(AtomicUsize::new(0));
    let start = Instant::now();
    let users = plan.users as u64;
    let tasks: Vec<_> = people
        .into_iter()
        .enumerate()
        .map(|(n, (user, cookie))| {
            let (client, auctions, base) = (client.clone(), auctions.clone(), server.base.clone());
            let (stop, acked_count) = (stop.clone(), acked_count.clone());
            tokio::spawn(async move {
                let mut acked = Vec::new();
                let mut answers = BTreeMap::<String, u64>::new();
                // Spread the users' first bids evenly over the first second.
                let mut next = start + Duration::from_micros(n as u64 * 1_000_000 / users);
                let mut round = n;
                while !stop.load(Ordering::Relaxed) {
                    tokio::time::sleep_until(next.into()).await;
                    let sent = Instant::now();
                    let auction = auctions[round % auctions.len()];
                    round += 1;
                    let answer = bid(&client, &base, auction, &cookie).await;
                    let code = match answer {
                        Ok((id, amount)) => {
                            acked.push((id, Acked { auction, user, amount }));
                            acked_count.fetch_add(1, Ordering::Relaxed);
                            "accepted".to_owned()
                        }
                        Err(code) => code,
                    };
                    *answers.entry(code).or_default() += 1;
                    // One bid per user per second (the product's rule, across auctions).
                    next = sent + Duration::from_secs(1);
                }
                (acked, answers)
            })
        })
        .collect();

    let mut rng = StdRng::seed_from_u64(plan.seed);
    let mut restarts = Vec::new();
    for cycle in 1..=plan.cycles {
        let before = acked_count.load(Ordering::Relaxed);
        let after = Duration::from_millis(rng.random_range(plan.kill_after_ms.clone()));
        // The seeded moment of the kill: the scenario, not a wait on a condition.
        tokio::time::sleep(after).await;
        server.kill();
        let took = server.restart().await;
        restarts.push(took);
        println!(
            "cycle {cycle}: kill -9 {:.2} s in, {} bids acknowledged, restarted in {:.0} ms",
            after.as_secs_f64(),
            acked_count.load(Ordering::Relaxed) - before,
            took.as_secs_f64() * 1000.0
        );
    }
    // A last stretch of load on the restarted server, so its bids are checked too.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    stop.store(true, Ordering::Relaxed);

    let mut acked: HashMap<i64, Acked> = HashMap::new();
    let mut lost = Vec::new();
    let mut answers = BTreeMap::new();
    for task in tasks {
        let (mine, codes) = task.await.expect("user task");
        for (id, bid) in mine {
            if acked.insert(id, bid).is_some() {
                lost.push(id);
            }
        }
        for (code, n) in codes {
            *answers.entry(code).or_default() += n;
        }
    }
    let acknowledged = acked.len() + lost.len();
    let db = server.db().await;
    let row = |r: &tokio_postgres::Row| Acked { auction: r.get(1), user: r.get(2), amount: r.get(3) };
    let found = crate::find_acknowledged(&db, &acked, row, &mut lost).await;
    let rows: i64 = db.query_one("select count(*) from bid", &[]).await.expect("count").get(0);
    let check = crate::check(&server.db_url).await;
    Outcome { cycles: plan.cycles, acknowledged, found, lost, rows, restarts, answers, check }
}

/// One bid: `Ok((bid id, amount in tyiyn))` on 200, else the error `code` or the transport failure.
async fn bid(client: &reqwest::Client, base: &str, auction: i64, cookie: &str) -> Result<(i64, i64), String> {
    let res = client
        .post(format!("{base}/api/auctions/{auction}/bid"))
        .header("cookie", cookie)
        .send()
        .await
        .map_err(|e| format!("transport: {}", if e.is_timeout() { "timeout" } else { "error" }))?;
    let ok = res.status().is_success();
    let body: Value = res.json().await.map_err(|_| "transport: cut answer".to_owned())?;
    // The amount is in som with two decimals on the wire, in tyiyn in the table.
    let amount = body["bid"]["amount"].as_f64().map(|som| (som * 100.0).round() as i64);
    match (ok, body["bid"]["id"].as_i64(), amount) {
        (true, Some(id), Some(amount)) => Ok((id, amount)),
        (true, ..) => Err("200 without a bid".to_owned()),
        (false, ..) => Err(body["code"].as_str().unwrap_or("unknown").to_owned()),
    }
}
