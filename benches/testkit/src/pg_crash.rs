//! The PostgreSQL crash script, shared by `benches/pg_crash.rs` and its short form in
//! `tests/pg_crash.rs` (docs/rules/outages.md, "A commit whose answer is lost"): users bid over HTTP on
//! live auctions with a short countdown while the server's own PostgreSQL cluster is crashed
//! (SIGKILL to the postmaster and its processes) and started again on the same data, `crashes`
//! times. Before each crash the commits are held where their answer will be lost: every other
//! crash with commits durable on disk and waiting for a synchronous standby that never answers
//! (they survive the crash), the others in a commit delay before the WAL is flushed (they do not).
//! Afterwards each user's acknowledged bids are counted against their stored bids: none lost,
//! none charged for a bid they were told was not placed; no auction finished, nothing answered 500,
//! and `tyiyn check` is clean.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::Server;
use crate::cluster::Cluster;

/// What to run.
pub struct Plan {
    /// Crashes, each followed by `after` of normal service.
    pub crashes: usize,
    /// Users bidding, each once per second, rotating over the auctions.
    pub users: usize,
    /// Live auctions.
    pub auctions: usize,
    /// How long the commits are held before the crash.
    pub held: Duration,
    /// From the crash until PostgreSQL is started again.
    pub down: Duration,
    /// Service between crashes (and before the first).
    pub after: Duration,
    /// The bid and start countdowns, in seconds: shorter than a crash's gap.
    pub countdown_secs: u64,
    /// The server to run (`None`: this checkout's build).
    pub server_bin: Option<String>,
    /// With a synchronous standby: the one crash kills the primary (its standby's WAL receiver
    /// stopped for `held` first, so commits wait on it) and promotes the standby after `down`; the
    /// server follows through its multi-host `DATABASE_URL`.
    pub standby: bool,
    /// With a failover manager instead (pg_auto_failover, `.ci/pg-failover` on this directory):
    /// each crash kills the formation's primary and the manager promotes its standby; the killed
    /// node rejoins as a standby `after` later.
    pub manager: Option<String>,
}

/// What a run found.
pub struct Outcome {
    /// Answers to bids, by status and code.
    pub bids: BTreeMap<String, u64>,
    /// Bids answered as placed.
    pub acknowledged: u64,
    /// People's bids stored on the auctions.
    pub stored: u64,
    /// Acknowledged bids that are not stored.
    pub lost: u64,
    /// Stored bids their bidder was told were not placed (charged for a refusal).
    pub charged_refused: u64,
    /// From each restart (PostgreSQL answering again) to the first bid accepted after it.
    pub recovery: Vec<Option<Duration>>,
    /// From each kill to the first bid accepted after it: the write outage.
    pub outages: Vec<Option<Duration>>,
    /// Auctions that are no longer live at the end (none should be).
    pub finished: Vec<i64>,
    /// `tyiyn check`'s exit code and output.
    pub check: (Option<i32>, String),
}

impl Outcome {
    /// Bid answers with status 500, an unknown outcome, or none at all.
    pub fn failures(&self) -> u64 {
        self.bids
            .iter()
            .filter(|(what, _)| {
                what.starts_with("500") || what.contains("outcome_unknown") || *what == "transport"
            })
            .map(|(_, n)| n)
            .sum()
    }

    /// Whether the run kept every promise: no acknowledged bid lost, nobody charged for a bid they
    /// were told was not placed, nothing answered 500 or "unknown", no auction finished, bids
    /// accepted after every kill, and `tyiyn check` clean. What broke, if anything.
    pub fn broken(&self) -> Vec<String> {
        let mut broken = Vec::new();
        let mut say = |holds: bool, what: String| {
            if !holds {
                broken.push(what);
            }
        };
        say(self.lost == 0, format!("{} acknowledged bids lost", self.lost));
        say(
            self.charged_refused == 0,
            format!("{} bids charged but answered as not placed", self.charged_refused),
        );
        say(self.acknowledged > 0, "no bid was acknowledged".into());
        say(self.failures() == 0, format!("{} bids answered 500, unknown or not at all", self.failures()));
        say(
            self.finished.is_empty(),
            format!("auctions finished while nobody could bid: {:?}", self.finished),
        );
        say(
            self.recovery.iter().chain(&self.outages).all(Option::is_some),
            "no bid accepted after a kill".into(),
        );
        say(self.check.0 == Some(0), format!("tyiyn check:\n{}", self.check.1));
        broken
    }

    /// Prints the summary and, for a bench, the verdict: whether nothing broke.
    pub fn verdict(&self, name: &str) -> bool {
        self.print();
        let broken = self.broken();
        match broken.is_empty() {
            true => println!("{name}: nothing lost, nothing charged for a refusal, tyiyn check clean"),
            false => println!("{name}: FAILED: {}", broken.join("; ")),
        }
        broken.is_empty()
    }

    /// The summary lines.
    pub fn print(&self) {
        println!("bid answers: {:?}", self.bids);
        println!(
            "acknowledged {}, stored {}: lost {}, charged but refused {}",
            self.acknowledged, self.stored, self.lost, self.charged_refused
        );
        let recovery: Vec<String> = self
            .recovery
            .iter()
            .map(|r| r.map_or("none".to_owned(), |d| format!("{:.0} ms", d.as_secs_f64() * 1000.0)))
            .collect();
        if !recovery.is_empty() {
            println!("first accepted bid after each restart: {}", recovery.join(", "));
        }
        let mut outages: Vec<Duration> = self.outages.iter().flatten().copied().collect();
        outages.sort();
        if !outages.is_empty() {
            let at = |q: f64| outages[((outages.len() - 1) as f64 * q).round() as usize].as_secs_f64();
            println!(
                "write outage (kill → next accepted bid) over {} kills: p50 {:.2} s, p99 {:.2} s, max {:.2} s{}",
                self.outages.len(),
                at(0.5),
                at(0.99),
                at(1.0),
                if outages.len() < self.outages.len() {
                    " (some kills were never followed by a bid)"
                } else {
                    ""
                }
            );
        }
        println!("auctions finished: {:?}", self.finished);
        print!("{}", self.check.1);
        println!("tyiyn check: exit {:?}", self.check.0);
    }
}

/// How the commits are held before crash `n` (from 1).
fn hold(n: usize) -> &'static str {
    if n % 2 == 1 {
        // Durable on disk, then waiting for a standby that does not exist.
        "alter system set synchronous_standby_names = 'nobody'"
    } else {
        // Waiting before the WAL flush (0.1 s at most each): not durable.
        "alter system set commit_delay = 100000"
    }
}

/// Runs the plan on a private cluster and a fresh server (both removed afterwards).
pub async fn run(plan: &Plan) -> Outcome {
    let cluster = Arc::new(match &plan.manager {
        Some(_) => None,
        None => Some(Cluster::start()),
    });
    let standby = plan.standby.then(|| Arc::new(Cluster::standby_of(own(&cluster))));
    let url = match (&plan.manager, &standby) {
        (Some(dir), _) => {
            formation(&["start", dir]).lines().last().expect("the formation's URL").trim().to_owned()
        }
        (None, Some(standby)) => {
            let cluster = own(&cluster);
            let (primary, _) = connect(&cluster.url()).await;
            primary.batch_execute("alter system set synchronous_standby_names = '*'").await.expect("sync");
            primary.batch_execute("select pg_reload_conf()").await.expect("reload");
            format!(
                "postgres://postgres@127.0.0.1:{},127.0.0.1:{}/postgres?target_session_attrs=read-write",
                cluster.port(),
                standby.port()
            )
        }
        (None, None) => own(&cluster).url(),
    };
    let countdown = plan.countdown_secs.to_string();
    let env = [
        ("TYIYN_AUCTION__BID_COUNTDOWN_SECS", countdown.as_str()),
        ("TYIYN_AUCTION__START_COUNTDOWN_SECS", countdown.as_str()),
        ("TYIYN_AUCTION__MIN_BID_INTERVAL_MS", "1000"),
    ];
    let server = match &plan.server_bin {
        Some(bin) => Server::start_bin_on(&url, bin, &env).await,
        None => Server::start_on(&url, &env).await,
    };
    let auctions = server.live_auctions(plan.auctions).await;
    let people = server.seed_users(plan.users, 1_000_000).await;
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(plan.users + 4)
        .tcp_nodelay(true)
        .timeout(Duration::from_secs(30))
        .build()
        .expect("client");

    let stop = Arc::new(AtomicBool::new(false));
    let start = Instant::now();
    let bidders: Vec<_> = people
        .iter()
        .enumerate()
        .map(|(n, (id, cookie))| {
            let (client, auctions, base, cookie, id) =
                (client.clone(), auctions.clone(), server.base.clone(), cookie.clone(), *id);
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
                    let what = ask(client.post(url).header("cookie", &cookie)).await;
                    answers.push((Instant::now(), what));
                    next = (sent + Duration::from_secs(1)).max(Instant::now());
                }
                (id, answers)
            })
        })
        .collect();

    let mut restarts = Vec::new();
    let mut kills = Vec::new();
    if let Some(dir) = &plan.manager {
        for n in 1..=plan.crashes {
            tokio::time::sleep(plan.after).await; // the scenario's load before the kill
            let dir = dir.clone();
            let node = tokio::task::spawn_blocking(move || {
                let node = formation(&["kill-primary", &dir]);
                (node, dir)
            })
            .await
            .expect("kill");
            // The outage is timed from the kill itself, which the script logs (the primary took
            // bids while the script looked for it).
            kills.push(killed_at(&node.1));
            println!("kill {n}: the primary ({}) killed with SIGKILL", node.0.trim());
            tokio::time::sleep(plan.after).await; // load on the new primary before the rejoin
            tokio::task::spawn_blocking(move || formation(&["rejoin", &node.1])).await.expect("rejoin");
        }
    }
    if let Some(standby) = &standby {
        tokio::time::sleep(plan.after).await; // the scenario's load before the crash
        let (replica, _) =
            connect(&format!("postgres://postgres@127.0.0.1:{}/postgres", standby.port())).await;
        let receiver: i32 = replica
            .query_one("select pid from pg_stat_wal_receiver", &[])
            .await
            .expect("wal receiver")
            .get(0);
        signal("STOP", receiver);
        tokio::time::sleep(plan.held).await; // the scenario: the standby lags this long
        let c = cluster.clone();
        tokio::task::spawn_blocking(move || own(&c).crash()).await.expect("crash");
        let crashed = Instant::now();
        kills.push(crashed);
        signal("CONT", receiver);
        tokio::time::sleep(plan.down).await; // the outage itself: no primary this long
        let s = standby.clone();
        tokio::task::spawn_blocking(move || s.promote()).await.expect("promote");
        let back = Instant::now();
        println!(
            "primary killed with its standby's WAL receiver stopped {:.1} s; standby promoted {:.1} s later",
            plan.held.as_secs_f64(),
            back.duration_since(crashed).as_secs_f64()
        );
        restarts.push(back);
    }
    for n in (1..=plan.crashes).filter(|_| standby.is_none() && plan.manager.is_none()) {
        tokio::time::sleep(plan.after).await; // the scenario's load before the crash
        let hold_sql = hold(n);
        let admin = server.db().await;
        admin.batch_execute(hold_sql).await.expect("hold the commits");
        admin.batch_execute("select pg_reload_conf()").await.expect("reload");
        tokio::time::sleep(plan.held).await; // the scenario: commits held this long
        let c = cluster.clone();
        tokio::task::spawn_blocking(move || own(&c).crash()).await.expect("crash");
        let crashed = Instant::now();
        kills.push(crashed);
        drop(admin);
        tokio::time::sleep(plan.down).await; // the outage itself: PostgreSQL down this long
        let c = cluster.clone();
        tokio::task::spawn_blocking(move || {
            own(&c).reset_settings();
            own(&c).resume()
        })
        .await
        .expect("restart");
        let back = Instant::now();
        println!(
            "crash {n}: commits held {:.1} s ({hold_sql}), PostgreSQL back {:.1} s after SIGKILL",
            plan.held.as_secs_f64(),
            back.duration_since(crashed).as_secs_f64()
        );
        restarts.push(back);
    }
    tokio::time::sleep(plan.after).await; // a last stretch of load after the last crash
    stop.store(true, Ordering::Relaxed);

    let mut answers = BTreeMap::new();
    let mut acked: HashMap<i64, u64> = HashMap::new();
    let mut accepted_at = Vec::new();
    for task in bidders {
        let (id, list) = task.await.expect("bidder");
        for (at, what) in list {
            if what == "200" {
                *acked.entry(id).or_default() += 1;
                accepted_at.push(at);
            }
            *answers.entry(what).or_default() += 1;
        }
    }
    let next_accepted =
        |from: &Instant| accepted_at.iter().filter(|at| *at >= from).map(|at| at.duration_since(*from)).min();
    let recovery = restarts.iter().map(next_accepted).collect();
    let outages = kills.iter().map(next_accepted).collect();
    let db = server.db().await;
    let stored: HashMap<i64, u64> = db
        .query(
            "select user_id, count(*) from bid where auction_id = any($1) and not is_bot and not is_prebid
             group by user_id",
            &[&auctions],
        )
        .await
        .expect("stored bids")
        .iter()
        .map(|r| (r.get(0), r.get::<_, i64>(1) as u64))
        .collect();
    let (mut lost, mut charged_refused) = (0, 0);
    for (id, _) in &people {
        let (a, s) = (acked.get(id).copied().unwrap_or(0), stored.get(id).copied().unwrap_or(0));
        lost += a.saturating_sub(s);
        charged_refused += s.saturating_sub(a);
    }
    let finished: Vec<i64> = db
        .query("select id from auction where status <> 'live' and id = any($1) order by id", &[&auctions])
        .await
        .expect("auctions")
        .iter()
        .map(|r| r.get(0))
        .collect();
    let check = server.check().await;
    let outcome = Outcome {
        bids: answers,
        acknowledged: acked.values().sum(),
        stored: stored.values().sum(),
        lost,
        charged_refused,
        recovery,
        outages,
        finished,
        check,
    };
    drop(server);
    drop(standby);
    drop(cluster);
    if let Some(dir) = &plan.manager {
        formation(&["clean", dir]);
    }
    outcome
}

/// The private cluster (none with a failover manager).
fn own(cluster: &Option<Cluster>) -> &Cluster {
    cluster.as_ref().expect("a private cluster")
}

/// When the formation under `dir` last killed its primary (its `log/kill-primary.log`), as an
/// instant of this process.
fn killed_at(dir: &str) -> Instant {
    let log = std::fs::read_to_string(format!("{dir}/log/kill-primary.log")).unwrap_or_default();
    let at: f64 = log.lines().last().and_then(|l| l.split_whitespace().next()?.parse().ok()).unwrap_or(0.0);
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    let ago = now.saturating_sub(Duration::from_secs_f64(at)).min(Duration::from_secs(60));
    Instant::now() - ago
}

/// Runs `.ci/pg-failover` with `args`; its output.
fn formation(args: &[&str]) -> String {
    let script = &format!("{}/.ci/pg-failover", crate::ROOT);
    // Its own ports, beside a formation `make cluster` may run on the default ones.
    let port = std::env::var("PGAF_PORT").unwrap_or_else(|_| "15450".into());
    let out = std::process::Command::new(script)
        .args(args)
        .env("PGAF_PORT", port)
        .output()
        .expect(".ci/pg-failover");
    assert!(
        out.status.success(),
        ".ci/pg-failover {args:?} failed: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

async fn connect(url: &str) -> (tokio_postgres::Client, tokio::task::JoinHandle<()>) {
    let (client, conn) = tokio_postgres::connect(url, tokio_postgres::NoTls).await.expect("connect");
    (
        client,
        tokio::spawn(async move {
            let _ = conn.await;
        }),
    )
}

/// Sends SIGSTOP or SIGCONT to `pid`.
fn signal(which: &str, pid: i32) {
    let _ = std::process::Command::new("kill").args([&format!("-{which}"), &pid.to_string()]).output();
}

/// Sends `request`: the answer's status and error code, or `transport`.
async fn ask(request: reqwest::RequestBuilder) -> String {
    match request.send().await {
        Err(_) => "transport".to_owned(),
        Ok(res) => {
            let status = res.status().as_u16();
            let body: Value = res.json().await.unwrap_or(Value::Null);
            match body["code"].as_str() {
                Some(code) if status >= 400 => format!("{status} {code}"),
                _ => status.to_string(),
            }
        }
    }
}
