//! The database outage script, shared by `benches/outage.rs` and its short form in
//! `tests/outage.rs`: users bid over HTTP on live auctions with a short countdown while the
//! server's own PostgreSQL cluster is stopped (`pg_ctl stop -m fast`) for a while and started
//! again, `cycles` times; a reader meanwhile asks for what memory can serve (the auction list, the
//! timers, a logged-in user's account). Afterwards: every answer is timed and classified, no
//! auction finished (the countdowns were shorter than an outage, so without the pause every one
//! would have), the first accepted bid after each return is timed, and `tyiyn check` runs.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::Server;
use crate::cluster::Cluster;

/// What to run.
pub struct Plan {
    /// Outages, each followed by `after` of normal service.
    pub cycles: usize,
    /// Users bidding, each once per second, rotating over the auctions.
    pub users: usize,
    /// Live auctions.
    pub auctions: usize,
    /// How long PostgreSQL stays down each time.
    pub outage: Duration,
    /// Service between outages (and before the first).
    pub after: Duration,
    /// The bid and start countdowns, in seconds: shorter than `outage`.
    pub countdown_secs: u64,
}

/// One answer: when it came, how long it took, and what it was.
#[derive(Clone, Debug)]
struct Answer {
    at: Instant,
    took: Duration,
    /// `200`, `503 auction_paused`, … or `transport`.
    what: String,
    /// The reader's probe of the auction list: how many live auctions showed `paused`.
    paused: Option<usize>,
}

/// What a run found.
pub struct Outcome {
    /// Answers to bids, by status and code.
    pub bids: BTreeMap<String, u64>,
    /// Answers to the memory-served reads made while PostgreSQL was down, by route and status.
    pub reads_down: BTreeMap<String, u64>,
    /// The most live auctions seen paused in one list during an outage.
    pub paused_seen: usize,
    /// The slowest answer of any request.
    pub slowest: Duration,
    /// From each return of PostgreSQL until the first bid accepted after it.
    pub recovery: Vec<Option<Duration>>,
    /// How long each outage lasted (stop to start, as `pg_ctl` reported them done).
    pub outages: Vec<Duration>,
    /// Auctions that are no longer live at the end (none should be).
    pub finished: Vec<i64>,
    /// `tyiyn check`'s exit code and output.
    pub check: (Option<i32>, String),
}

impl Outcome {
    /// Bid answers with status 500 or none at all (a transport failure).
    pub fn failures(&self) -> u64 {
        self.bids
            .iter()
            .filter(|(what, _)| what.starts_with("500") || *what == "transport")
            .map(|(_, n)| n)
            .sum()
    }

    /// Memory-served reads during the outages that did not answer 200.
    pub fn failed_reads(&self) -> u64 {
        self.reads_down.iter().filter(|(what, _)| !what.ends_with(" 200")).map(|(_, n)| n).sum()
    }

    /// The summary lines.
    pub fn print(&self) {
        println!("bid answers: {:?}", self.bids);
        println!("reads while PostgreSQL was down: {:?}", self.reads_down);
        println!("live auctions seen paused in one list: {}", self.paused_seen);
        let outages: Vec<String> = self.outages.iter().map(|d| format!("{:.1} s", d.as_secs_f64())).collect();
        let recovery: Vec<String> = self
            .recovery
            .iter()
            .map(|r| r.map_or("none".to_owned(), |d| format!("{:.0} ms", d.as_secs_f64() * 1000.0)))
            .collect();
        println!(
            "outages: {}  first accepted bid after each return: {}",
            outages.join(", "),
            recovery.join(", ")
        );
        println!("slowest answer of any request: {:.0} ms", self.slowest.as_secs_f64() * 1000.0);
        println!("auctions finished: {:?}", self.finished);
        print!("{}", self.check.1);
        println!("tyiyn check: exit {:?}", self.check.0);
    }
}

/// Runs the plan on a private cluster and a fresh server (both removed afterwards).
pub async fn run(plan: &Plan) -> Outcome {
    let cluster = Arc::new(Cluster::start());
    let countdown = plan.countdown_secs.to_string();
    let server = Server::start_on(
        &cluster.url(),
        &[
            ("TYIYN_AUCTION__BID_COUNTDOWN_SECS", countdown.as_str()),
            ("TYIYN_AUCTION__START_COUNTDOWN_SECS", countdown.as_str()),
            ("TYIYN_AUCTION__MIN_BID_INTERVAL_MS", "1000"),
        ],
    )
    .await;
    let auctions = server.live_auctions(plan.auctions).await;
    let people = server.seed_users(plan.users, 1_000_000).await;
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(plan.users + 4)
        .tcp_nodelay(true)
        .timeout(Duration::from_secs(10))
        .build()
        .expect("client");
    // Each user's session and account are read once, as a page load would, before any outage.
    for (_, cookie) in &people {
        let me = client.get(format!("{}/api/auth/me", server.base)).header("cookie", cookie).send().await;
        assert!(me.is_ok_and(|r| r.status().is_success()), "/api/auth/me before the outage");
    }

    let stop = Arc::new(AtomicBool::new(false));
    let start = Instant::now();
    let bids: Vec<_> = people
        .iter()
        .enumerate()
        .map(|(n, (_, cookie))| {
            let (client, auctions, base, cookie) =
                (client.clone(), auctions.clone(), server.base.clone(), cookie.clone());
            let stop = stop.clone();
            let users = plan.users as u64;
            tokio::spawn(async move {
                let mut answers = Vec::new();
                let mut next = start + Duration::from_micros(n as u64 * 1_000_000 / users);
                let mut round = n;
                while !stop.load(Ordering::Relaxed) {
                    tokio::time::sleep_until(next.into()).await;
                    let auction = auctions[round % auctions.len()];
                    round += 1;
                    let url = format!("{base}/api/auctions/{auction}/bid");
                    let sent = Instant::now();
                    answers.push(ask(client.post(url).header("cookie", &cookie), sent).await);
                    next = sent + Duration::from_secs(1);
                }
                answers
            })
        })
        .collect();
    let reader = {
        let (client, base, cookie, stop) =
            (client.clone(), server.base.clone(), people[0].1.clone(), stop.clone());
        tokio::spawn(async move {
            let mut answers: Vec<(&'static str, Answer)> = Vec::new();
            while !stop.load(Ordering::Relaxed) {
                for route in ["/api/auctions", "/api/timers", "/api/auth/me"] {
                    let sent = Instant::now();
                    answers.push((
                        route,
                        ask(client.get(format!("{base}{route}")).header("cookie", &cookie), sent).await,
                    ));
                }
                // The reader's pace (load, not a wait on a condition).
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            answers
        })
    };

    let mut windows = Vec::new();
    for cycle in 1..=plan.cycles {
        // Load before the outage: the stretch of time is the scenario.
        tokio::time::sleep(plan.after).await;
        let down = Instant::now();
        blocking(&cluster, Cluster::stop).await;
        // The outage itself: PostgreSQL stays down this long.
        tokio::time::sleep(plan.outage).await;
        blocking(&cluster, Cluster::resume).await;
        let back = Instant::now();
        println!("outage {cycle}: PostgreSQL down for {:.1} s", back.duration_since(down).as_secs_f64());
        windows.push((down, back));
    }
    // A last stretch of load after the last outage.
    tokio::time::sleep(plan.after).await;
    stop.store(true, Ordering::Relaxed);

    let mut all = Vec::new();
    for task in bids {
        all.extend(task.await.expect("bidder"));
    }
    let reads = reader.await.expect("reader");
    let during = |at: Instant| windows.iter().any(|(down, back)| at >= *down && at <= *back);
    let mut bid_answers = BTreeMap::new();
    for a in &all {
        *bid_answers.entry(a.what.clone()).or_default() += 1;
    }
    let mut reads_down = BTreeMap::new();
    let mut paused_seen = 0;
    for (route, a) in reads.iter().filter(|(_, a)| during(a.at - a.took)) {
        *reads_down.entry(format!("{route} {}", a.what)).or_default() += 1;
        paused_seen = paused_seen.max(a.paused.unwrap_or(0));
    }
    let slowest = all.iter().chain(reads.iter().map(|(_, a)| a)).map(|a| a.took).max().unwrap_or_default();
    let recovery = windows
        .iter()
        .map(|(_, back)| {
            all.iter().filter(|a| a.what == "200" && a.at >= *back).map(|a| a.at.duration_since(*back)).min()
        })
        .collect();
    let db = server.db().await;
    let finished: Vec<i64> = db
        .query("select id from auction where status <> 'live' and id = any($1) order by id", &[&auctions])
        .await
        .expect("auctions")
        .iter()
        .map(|r| r.get(0))
        .collect();
    let check = crate::check(&server.db_url).await;
    let outages = windows.iter().map(|(down, back)| back.duration_since(*down)).collect();
    let outcome =
        Outcome { bids: bid_answers, reads_down, paused_seen, slowest, recovery, outages, finished, check };
    drop(server);
    drop(cluster);
    outcome
}

/// Sends `request`; the answer's status (and error code), timed from `sent`. For a list of
/// auctions, also how many live ones are paused.
async fn ask(request: reqwest::RequestBuilder, sent: Instant) -> Answer {
    let (what, paused) = match request.send().await {
        Err(_) => ("transport".to_owned(), None),
        Ok(res) => {
            let status = res.status().as_u16();
            let body: Value = res.json().await.unwrap_or(Value::Null);
            let what = match body["code"].as_str() {
                Some(code) if status >= 400 => format!("{status} {code}"),
                _ => status.to_string(),
            };
            let paused =
                body["live"].as_array().map(|live| live.iter().filter(|a| !a["paused"].is_null()).count());
            (what, paused)
        }
    };
    Answer { at: Instant::now(), took: sent.elapsed(), what, paused }
}

/// Runs a blocking `pg_ctl` step off the async workers.
async fn blocking(cluster: &Arc<Cluster>, step: fn(&Cluster)) {
    let cluster = cluster.clone();
    tokio::task::spawn_blocking(move || step(&cluster)).await.expect("pg_ctl step");
}
