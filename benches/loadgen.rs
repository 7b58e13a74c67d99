//! End-to-end load: N users bidding on M live auctions over HTTP against the real server (a child
//! process) and PostgreSQL. Each user bids at most once per second (the product's own limit),
//! rotating over the auctions (by default a user bids again one second after the answer:
//! `--pace send` counts the second from the request instead). Prints accepted bids/s, latency
//! p50/p95/p99 and the CPU time per accepted bid (server, PostgreSQL, the load tool; instructions
//! too where `perf stat` can count them), checks that every acknowledged bid is a row in
//! PostgreSQL, and ends each run with one `summary:` line for tabulating.
//!
//! `cargo bench --bench loadgen -- --users 6000 --auctions 1 --secs 15 --warmup 3`
//!
//! `--server-bin PATH` runs another build's server (e.g. a second checkout's
//! `target/release/tyiyn`) instead of this checkout's; `--runs N` repeats the run; `--alternate`
//! runs `--server-bin`'s build and this checkout's in turn, N times each (docs/performance.md,
//! "CPU per durable bid"). `--accept-encoding "gzip, deflate, br, zstd"` sends with each bid what a
//! browser sends (by default none, as a script). `--via socket` places each bid over the user's
//! realtime socket (`placeBid`, acked once committed) instead of HTTP; `--via http+socket` bids
//! over HTTP while each user holds an idle socket too, as a browser does (the fair counterpart:
//! both then pay for the same timer and lobby frames, and it runs against older builds).
//! `--lobby off` (or `--no-lobby`) makes each socket say `watchLobby` false, as an auction's page
//! does: no lobby updates to it; `--lobby batched` makes it say `batchLobby` true, as the web app
//! does: each flush's lobby updates in one frame; `--lobby on` (default): one frame per auction.

use tyiyn_testkit as common;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use common::cpu::{self, Meter, PerfStat, Used};
use common::figures::metric_sums;
use common::{Server, arg, bin, quantile};
use futures_util::{SinkExt, StreamExt};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// The server's group-commit counters: bids committed, groups committed.
const GROUPS: [&str; 2] = ["tyiyn_commit_group_bids_sum", "tyiyn_commit_group_bids_count"];

/// The load one run offers, from the command line.
struct Load {
    users: usize,
    auctions: usize,
    secs: u64,
    warmup: u64,
    /// `--pace answer` (default): a user's next bid 1 s after the last answer, as a person (or a
    /// script keeping the rule) does; `--pace send`: 1 s after the last send, the older schedule.
    pace_from_answer: bool,
    /// `--accept-encoding VALUE`: sent with every bid, as a browser sends
    /// `gzip, deflate, br, zstd`; empty (default): none, as a script sends.
    accept_encoding: String,
    /// `--via`: how bids travel.
    via: Via,
    /// `--lobby`: what each socket asks of the lobby updates.
    lobby: Lobby,
}

/// What a socket asks of the lobby updates.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Lobby {
    /// Nothing: one `auctionUpdate` frame per changed auction per flush, as at connect.
    On,
    /// `watchLobby` false: none.
    Off,
    /// `batchLobby` true: one `lobbyUpdates` frame per flush.
    Batched,
}

impl Lobby {
    fn parse(text: &str) -> Lobby {
        match text {
            "on" => Lobby::On,
            "off" => Lobby::Off,
            "batched" => Lobby::Batched,
            other => exit(&format!("--lobby {other}: one of on, off, batched")),
        }
    }

    /// The frame a socket sends after connecting, if any.
    fn ask(self) -> Option<&'static str> {
        match self {
            Lobby::On => None,
            Lobby::Off => Some("42[\"watchLobby\",false]"),
            Lobby::Batched => Some("42[\"batchLobby\",true]"),
        }
    }
}

/// How a user's bids travel.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Via {
    /// `POST /api/auctions/{id}/bid`, no socket.
    Http,
    /// `POST` while the user also holds a socket, reading its frames.
    HttpWithSocket,
    /// `placeBid` over the user's socket.
    Socket,
}

impl Via {
    fn parse(s: &str) -> Via {
        match s {
            "http" => Via::Http,
            "http+socket" => Via::HttpWithSocket,
            "socket" => Via::Socket,
            other => exit(&format!("--via {other}: one of http, http+socket, socket")),
        }
    }
}

#[derive(Default)]
struct Tally {
    accepted_ms: Vec<f64>,
    all_ms: Vec<f64>,
    codes: BTreeMap<String, u64>,
}

/// What the measured window cost: CPU seconds per party, which processes those are, the
/// server's (instructions, cycles, seconds counted) when `perf stat` can count them, and the
/// (bids, groups) the server committed (its `/metrics`; `None` if it has no such counters).
struct Window {
    used: Used,
    scope: String,
    counted: Option<(f64, f64, f64)>,
    groups: Option<(f64, f64)>,
}

#[tokio::main]
async fn main() {
    let load = Load {
        users: arg("--users", 2000),
        auctions: arg("--auctions", 1),
        secs: arg("--secs", 15),
        warmup: arg("--warmup", 3),
        pace_from_answer: arg("--pace", "answer".to_owned()) != "send",
        accept_encoding: arg("--accept-encoding", String::new()),
        via: Via::parse(&arg("--via", "http".to_owned())),
        lobby: if std::env::args().any(|a| a == "--no-lobby") {
            Lobby::Off
        } else {
            Lobby::parse(&arg("--lobby", "on".to_owned()))
        },
    };
    let runs: usize = arg("--runs", 1);
    let other = arg("--server-bin", String::new());
    let builds = match (other.is_empty(), std::env::args().any(|a| a == "--alternate")) {
        (true, true) => exit("--alternate needs --server-bin: it alternates that build with this checkout's"),
        (true, false) => vec![bin().to_owned()],
        (false, false) => vec![other],
        (false, true) => vec![other, bin().to_owned()],
    };
    if let Some(missing) = builds.iter().find(|b| !std::path::Path::new(b).is_file()) {
        exit(&format!(
            "no server binary at {missing} (build it with `cargo build --release` in its checkout)"
        ));
    }
    let (users, auctions, secs, warmup) = (load.users, load.auctions, load.secs, load.warmup);
    println!("loadgen: {users} users, {auctions} auctions, {secs} s measured after {warmup} s warm-up");
    if !load.accept_encoding.is_empty() {
        println!("each bid sends accept-encoding: {}", load.accept_encoding);
    }
    match load.via {
        Via::Http => {}
        Via::HttpWithSocket => println!("bids over HTTP; each user also holds a socket and reads its frames"),
        Via::Socket => println!("bids over each user's socket (placeBid)"),
    }
    match load.lobby {
        Lobby::On => {}
        Lobby::Off => println!("each socket turns the lobby updates off (watchLobby false)"),
        Lobby::Batched => {
            println!("each socket takes the lobby updates in one frame per flush (batchLobby true)")
        }
    }
    let perf = cpu::perf_instructions();
    if let Err(why) = &perf {
        println!("instructions per bid: not measured: {why} on this machine (no hardware counters here)");
    }

    let mut summaries = Vec::new();
    for round in 1..=runs {
        for bin in &builds {
            if runs * builds.len() > 1 {
                println!("\n== run {round} of {runs}: {bin}");
            }
            summaries.push(run(&load, bin, perf.is_ok(), round).await);
        }
    }
    if summaries.len() > 1 {
        println!("\nall runs:");
        summaries.iter().for_each(|s| println!("{s}"));
    }
}

/// Says what is wrong with the command line and exits with status 2.
fn exit(why: &str) -> ! {
    eprintln!("loadgen: {why}");
    std::process::exit(2)
}

/// One run against the server binary `bin` on a fresh database: prints its figures and returns
/// (after printing) its `summary:` line.
async fn run(load: &Load, bin: &str, perf: bool, round: usize) -> String {
    let server = Server::start_bin(bin, &[]).await;
    let before = server.rss_kib();
    let ids = server.live_auctions(load.auctions).await;
    if let (Some(before), Some(after)) = (before, server.rss_kib()) {
        println!(
            "memory: server RSS {:.1} MiB before the auctions, {:.1} MiB with {} live: {:.1} KiB per live auction",
            before / 1024.0,
            after / 1024.0,
            load.auctions,
            (after - before) / load.auctions as f64
        );
    }
    let people = server.seed_users(load.users, 1_000_000).await;
    let me = server
        .db()
        .await
        .query_one("select pg_backend_pid(), current_database()", &[])
        .await
        .expect("backend pid");
    let meter = Meter::new(server.pid(), me.get::<_, i32>(0) as u32, me.get(1));

    let start = Instant::now();
    let measure_from = start + Duration::from_secs(load.warmup);
    let stop_at = measure_from + Duration::from_secs(load.secs);
    let window = tokio::spawn(measure(meter, server.metrics.clone(), perf, measure_from, stop_at));
    let total = bid(load, &server.base, &ids, people, start, measure_from, stop_at).await;
    let window = window.await.expect("cpu window");

    let accepted = total.accepted_ms.len();
    let secs = load.secs as f64;
    println!("answers in the measured window: {:?}", total.codes);
    println!(
        "accepted: {accepted} bids in {secs} s = {:.0} bids/s (all answers {:.0}/s)",
        accepted as f64 / secs,
        total.all_ms.len() as f64 / secs
    );
    let (p50, p99) = (quantile(&total.accepted_ms, 0.50), quantile(&total.accepted_ms, 0.99));
    println!(
        "accepted bid latency: p50 {p50:.1} ms  p95 {:.1} ms  p99 {p99:.1} ms  max {:.1} ms",
        quantile(&total.accepted_ms, 0.95),
        total.accepted_ms.last().copied().unwrap_or(f64::NAN)
    );
    println!(
        "all answers latency:  p50 {:.1} ms  p95 {:.1} ms  p99 {:.1} ms",
        quantile(&total.all_ms, 0.50),
        quantile(&total.all_ms, 0.95),
        quantile(&total.all_ms, 0.99)
    );
    let cpu = report_cpu(&window, accepted, secs);

    println!("{}", server.figures().await);
    let mismatched = check(&server).await;
    let summary = format!(
        "summary: bin={bin} run={round} via={:?} lobby={} users={} auctions={} secs={} bids_per_s={:.0} p50_ms={p50:.1} p99_ms={p99:.1} {cpu} mismatched={mismatched}",
        load.via,
        format!("{:?}", load.lobby).to_lowercase(),
        load.users,
        load.auctions,
        load.secs,
        accepted as f64 / secs
    );
    println!("{summary}");
    summary
}

/// Every user bids once a second from `start` until `stop_at`; tallies the answers to the bids
/// sent in `[measure_from, stop_at)`.
async fn bid(
    load: &Load,
    base: &str,
    ids: &[i64],
    people: Vec<(i64, String)>,
    start: Instant,
    measure_from: Instant,
    stop_at: Instant,
) -> Tally {
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(load.users)
        .tcp_nodelay(true)
        .timeout(Duration::from_secs(30))
        .build()
        .expect("client");
    let (users, pace_from_answer, via, lobby) = (load.users, load.pace_from_answer, load.via, load.lobby);
    let encoding = load.accept_encoding.clone();
    let tasks: Vec<_> = people
        .into_iter()
        .enumerate()
        .map(|(n, (_, cookie))| {
            let client = client.clone();
            let ids = ids.to_vec();
            let base = base.to_owned();
            let encoding = encoding.clone();
            tokio::spawn(async move {
                let mut tally = Tally::default();
                let mut acks = 0_u64;
                // Spread the users' first bids evenly over the first second. (This once read
                // `(n * 1_000_003) % 1_000_000` µs, which is 3n µs: 10,000 users fired within 30 ms
                // of every second, a burst rather than the steady load the figures describe.)
                let offset = Duration::from_micros(n as u64 * 1_000_000 / users as u64);
                let mut next = start + offset;
                // Sockets open at the same offsets, as browsers arriving rather than all at once.
                tokio::time::sleep_until(next.into()).await;
                let opened = match via {
                    Via::Http => None,
                    Via::HttpWithSocket | Via::Socket => {
                        Some(Socket::open(&base, &cookie, stop_at, lobby).await)
                    }
                };
                // An idle socket beside HTTP bids is read (its pings answered) until the run ends.
                let (mut socket, idle) = match via {
                    Via::HttpWithSocket => (None, opened.map(|s| tokio::spawn(s.drain()))),
                    Via::Http | Via::Socket => (opened, None),
                };

                let mut round = n;
                while next < stop_at {
                    if let Some(socket) = socket.as_mut() {
                        socket.idle_until(next).await;
                    } else {
                        tokio::time::sleep_until(next.into()).await;
                    }
                    let sent = Instant::now();
                    let id = ids[round % ids.len()];
                    round += 1;
                    if let Some(socket) = socket.as_mut() {
                        acks += 1;
                        let code = socket.bid(acks, id).await;
                        let took = sent.elapsed().as_secs_f64() * 1000.0;
                        tally.count(code, took, sent >= measure_from && sent < stop_at);
                        next = if pace_from_answer { Instant::now() } else { sent } + Duration::from_secs(1);
                        continue;
                    }
                    let mut req =
                        client.post(format!("{base}/api/auctions/{id}/bid")).header("cookie", &cookie);
                    if !encoding.is_empty() {
                        req = req.header("accept-encoding", &encoding);
                    }
                    let res = req.send().await;
                    let took = sent.elapsed().as_secs_f64() * 1000.0;
                    let code = match res {
                        // The whole answer is read, as a browser reads it.
                        Ok(r) if r.status().is_success() => match r.bytes().await {
                            Ok(_) => "accepted".to_owned(),
                            Err(_) => "transport: cut answer".to_owned(),
                        },
                        Ok(r) => {
                            let coded = r.headers().contains_key("content-encoding");
                            let body: serde_json::Value = r.json().await.unwrap_or_default();
                            let unknown = if coded { "unknown (compressed)" } else { "unknown" };
                            body["code"].as_str().unwrap_or(unknown).to_owned()
                        }
                        Err(e) => format!("transport: {}", if e.is_timeout() { "timeout" } else { "error" }),
                    };
                    tally.count(code, took, sent >= measure_from && sent < stop_at);
                    // One bid per user per second, counted from the answer: the server stamps a bid
                    // when it reaches the handler, so a schedule counted from the send made a
                    // delayed bid and the next one less than a second apart ("too_fast").
                    next = if pace_from_answer { Instant::now() } else { sent } + Duration::from_secs(1);
                }
                if let Some(idle) = idle {
                    idle.abort();
                }
                tally
            })
        })
        .collect();

    let mut total = Tally::default();
    for task in tasks {
        let t = task.await.expect("user task");
        total.accepted_ms.extend(t.accepted_ms);
        total.all_ms.extend(t.all_ms);
        for (code, n) in t.codes {
            *total.codes.entry(code).or_default() += n;
        }
    }
    total.accepted_ms.sort_by(f64::total_cmp);
    total.all_ms.sort_by(f64::total_cmp);
    total
}

impl Tally {
    /// Counts one answer (`code`, after `took` ms) when its bid was sent in the measured window.
    fn count(&mut self, code: String, took: f64, measured: bool) {
        if !measured {
            return;
        }
        if code == "accepted" {
            self.accepted_ms.push(took);
        }
        self.all_ms.push(took);
        *self.codes.entry(code).or_default() += 1;
    }
}

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A user's realtime socket (socket.io over a WebSocket, as `benches/testkit/src/socket.rs` speaks it).
struct Socket {
    ws: Ws,
}

impl Socket {
    /// Connects as the user of `cookie` and completes the socket.io handshake (then asks what
    /// `lobby` says of the lobby updates); a refused handshake
    /// (a 503 while the server reads thousands of sessions at once) is tried again after 200 ms,
    /// as socket.io's client reconnects, until `give_up`.
    async fn open(base: &str, cookie: &str, give_up: Instant, lobby: Lobby) -> Socket {
        let url = format!("{}/socket.io/?EIO=4&transport=websocket", base.replace("http://", "ws://"));
        let ws = loop {
            let mut request = url.as_str().into_client_request().expect("socket url");
            request.headers_mut().insert("cookie", cookie.parse().expect("cookie header"));
            match tokio_tungstenite::connect_async(request).await {
                Ok((ws, _)) => break ws,
                Err(e) if Instant::now() >= give_up => panic!("socket connects: {e}"),
                Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
            }
        };
        let mut socket = Socket { ws };
        socket.read_until(|text| text.starts_with("0{")).await.expect("engine.io open");
        socket.ws.send(Message::text("40")).await.expect("socket.io connect");
        socket.read_until(|text| text.starts_with("40")).await.expect("socket.io connected");
        if let Some(ask) = lobby.ask() {
            socket.ws.send(Message::text(ask)).await.expect("the lobby's updates asked");
        }
        socket
    }

    /// Reads frames, answering pings, until one that `wanted` picks (returned); `None` if the
    /// socket ends.
    async fn read_until(&mut self, wanted: impl Fn(&str) -> bool) -> Option<String> {
        while let Some(Ok(msg)) = self.ws.next().await {
            let Ok(text) = msg.to_text() else { continue };
            if text == "2" {
                self.ws.send(Message::text("3")).await.ok()?;
            } else if wanted(text) {
                return Some(text.to_owned());
            }
        }
        None
    }

    /// Reads frames (answering pings) until `at`.
    async fn idle_until(&mut self, at: Instant) {
        let _ = tokio::time::timeout_at(at.into(), self.read_until(|_| false)).await;
    }

    /// Reads frames until the socket ends.
    async fn drain(mut self) {
        self.read_until(|_| false).await;
    }

    /// Places a bid on auction `id` with ack id `ack`: "accepted", the refusal's code, or what
    /// went wrong on the way.
    async fn bid(&mut self, ack: u64, id: i64) -> String {
        let prefix = format!("43{ack}[");
        if self.ws.send(Message::text(format!("42{ack}[\"placeBid\",{id}]"))).await.is_err() {
            return "transport: error".to_owned();
        }
        let answer =
            tokio::time::timeout(Duration::from_secs(30), self.read_until(|t| t.starts_with(&prefix))).await;
        let Ok(Some(text)) = answer else {
            return format!("transport: {}", if answer.is_err() { "timeout" } else { "closed" });
        };
        let data: serde_json::Value = serde_json::from_str(&text[prefix.len() - 1..]).unwrap_or_default();
        match data[0]["status"].as_u64() {
            Some(200) => "accepted".to_owned(),
            _ => data[0]["body"]["code"].as_str().unwrap_or("unknown").to_owned(),
        }
    }
}

/// Samples the CPU time and the server's group-commit counters (at `metrics`) at `from` and at
/// `to` (the measured window), counting the server's instructions in between when `perf` can.
async fn measure(meter: Meter, metrics: String, perf: bool, from: Instant, to: Instant) -> Window {
    tokio::time::sleep_until(from.into()).await;
    let first = meter.sample();
    let groups_first = metric_sums(&metrics, &GROUPS).await;
    let counter = if perf { PerfStat::attach(meter.server()) } else { None };
    tokio::time::sleep_until(to.into()).await;
    let last = meter.sample();
    let groups_last = metric_sums(&metrics, &GROUPS).await;
    let counted = match counter {
        Some(c) => tokio::task::spawn_blocking(|| c.finish()).await.ok().flatten(),
        None => None,
    };
    let groups = groups_first.zip(groups_last).map(|(a, b)| (b[0] - a[0], b[1] - a[1])).filter(|g| g.1 > 0.0);
    Window { used: meter.used(&first, &last), scope: meter.scope(), counted, groups }
}

/// Prints the window's CPU per accepted bid; returns its `key=value` words for the summary.
fn report_cpu(window: &Window, accepted: usize, secs: f64) -> String {
    let used = &window.used;
    let per = |s: f64| s / accepted.max(1) as f64 * 1e6;
    let total = used.server + used.postgres;
    println!(
        "cpu per accepted bid: server {:.0} µs, postgres {:.0} µs, total {:.0} µs (server {:.2} s, postgres {:.2} s over {} bids)",
        per(used.server),
        per(used.postgres),
        per(total),
        used.server,
        used.postgres,
        thousands(accepted)
    );
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "cpu, for context: the load tool {:.0} µs per accepted bid ({:.2} s); the machine was busy {:.1} of {:.0} core-seconds, {:.2} s of it other work (other databases' backends {:.2} s; PostgreSQL processes that ended, whole lives {:.2} s)",
        per(used.client),
        used.client,
        used.machine,
        secs * cores as f64,
        used.other(),
        used.other_databases,
        used.exited
    );
    println!("cpu measured: {}", window.scope);
    let per_group = window.groups.map(|(bids, groups)| bids / groups);
    if let (Some((_, groups)), Some(each)) = (window.groups, per_group) {
        println!(
            "group commits in the window: {} ({each:.1} bids each; the fewer bids share a commit, the more CPU each bid takes)",
            thousands(groups as usize)
        );
    }
    let instructions = match window.counted {
        Some((instructions, cycles, counted)) => {
            println!(
                "instructions per accepted bid (server): {} ({} cycles, {:.2} instructions per cycle, over {counted:.1} s)",
                thousands(instructions as usize / accepted.max(1)),
                thousands(cycles as usize / accepted.max(1)),
                instructions / cycles.max(1.0)
            );
            format!("{:.0}", instructions / accepted.max(1) as f64)
        }
        None => "NA".to_owned(),
    };
    format!(
        "cpu_us_per_bid={:.1} server_us_per_bid={:.1} postgres_us_per_bid={:.1} loadgen_us_per_bid={:.1} other_cpu_s={:.2} bids_per_group={} instr_per_bid={instructions}",
        per(total),
        per(used.server),
        per(used.postgres),
        per(used.client),
        used.other(),
        per_group.map_or("NA".to_owned(), |g| format!("{g:.1}"))
    )
}

/// Checks that the bids are rows and every balance matches its ledger; prints both and returns
/// the number of balances that do not match.
async fn check(server: &Server) -> i64 {
    let db = server.db().await;
    let rows: i64 = db.query_one("select count(*) from bid", &[]).await.expect("count").get(0);
    let batches: Option<f64> = db
        .query_one(
            "select avg(n)::float8 from (select count(*) as n from bid group by auction_id, created_at) t",
            &[],
        )
        .await
        .ok()
        .and_then(|r| r.get(0));
    // A build from migration 0027 on keeps a paid bid as its own debit (the view `ledger`); an
    // older one (`--server-bin`) writes a ledger row for it.
    let has_view: bool =
        db.query_one("select to_regclass('ledger') is not null", &[]).await.expect("ledger view").get(0);
    let ledger = if has_view { "ledger" } else { "ledger_entry" };
    let mismatched: i64 = db
        .query_one(
            &format!(
                "select count(*) from app_user u
                 where u.bid_balance <> coalesce((select sum(delta) from {ledger} l where l.user_id = u.id), 0)"
            ),
            &[],
        )
        .await
        .expect("ledger check")
        .get(0);
    println!(
        "bid rows in PostgreSQL (whole run incl. warm-up): {rows}; balances not matching their ledger: {mismatched}"
    );
    if let Some(avg) = batches {
        println!("(rows per distinct stamp, a rough batching hint: {avg:.2})");
    }
    mismatched
}

/// `57000` as `57,000`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
