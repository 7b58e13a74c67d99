//! Fan-out: K socket.io viewers watch ONE live auction while B bids are placed one after another
//! over HTTP. For every accepted bid the instant its HTTP 200 arrived (the ack) is kept; every
//! viewer keeps the arrival instant of the `bidsPlaced` frame carrying that bid's id. The delay of
//! a (viewer, bid) pair is arrival − ack (negative when the frame beats the HTTP answer).
//!
//! The server is the real release binary in its own process (see `common`); this process holds
//! the K client sockets, one task per socket, connected in waves.
//!
//! ```text
//! cargo bench --bench fanout -- --viewers 10000 --bids 200 [--gap-ms 100] [--bidders 20]
//!                               [--wave 500] [--drain-secs 30]
//! ```

use tyiyn_testkit as common;

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::net::TcpStream;
use tokio::sync::{Semaphore, watch};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use common::{Server, arg, floor, quantile};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Frames for a watched auction start with this, then the event type.
const UPDATE_PREFIX: &str = r#"42["auctionUpdate",{"type":""#;
/// Connect attempts per viewer before it counts as failed.
const ATTEMPTS: u32 = 6;
/// Connect + handshake + join + snapshot, per attempt.
const JOIN_TIMEOUT: Duration = Duration::from_secs(20);

/// Shared progress counters.
#[derive(Default)]
struct Counters {
    joined: AtomicUsize,
    failed: AtomicUsize,
    retries: AtomicUsize,
    /// `bidsPlaced` bid ids recorded by all viewers.
    received: AtomicUsize,
    disconnected: AtomicUsize,
    /// Bytes of text frames received after joining, all viewers.
    bytes: AtomicU64,
    /// Size of the last `bidsPlaced` frame a checked viewer saw.
    frame_len: AtomicUsize,
}

/// What one viewer saw.
#[derive(Default)]
struct ViewerResult {
    joined: bool,
    /// Why it never joined, or why it was disconnected before the end.
    error: Option<String>,
    disconnected: bool,
    /// (bid id, arrival) for every bid carried by a `bidsPlaced` frame.
    frames: Vec<(i64, Instant)>,
    /// Frames whose cheap extraction disagreed with a full JSON parse (checked viewers only).
    mismatches: usize,
}

/// The next text frame (handshake only), answering pings.
async fn next_text(ws: &mut Ws) -> Result<String, String> {
    loop {
        match ws.next().await {
            Some(Ok(Message::Text(t))) => {
                if t.as_str() == "2" {
                    ws.send(Message::text("3")).await.map_err(|e| format!("pong: {e}"))?;
                    continue;
                }
                return Ok(t.as_str().to_owned());
            }
            Some(Ok(Message::Close(f))) => return Err(format!("closed during handshake: {f:?}")),
            Some(Ok(_)) => {}
            Some(Err(e)) => return Err(format!("read: {e}")),
            None => return Err("eof during handshake".into()),
        }
    }
}

/// Connects, completes the Engine.IO/Socket.IO handshake, joins the auction and waits for its
/// snapshot: from then on the auction broadcasts to this socket.
async fn open(url: &str, auction: i64) -> Result<Ws, String> {
    let request = url.into_client_request().map_err(|e| e.to_string())?;
    // tungstenite preallocates a 128 KiB read buffer per socket by default: 1.3 GB for 10k.
    let config = WebSocketConfig::default()
        .read_buffer_size(4096)
        .write_buffer_size(0)
        .max_write_buffer_size(64 * 1024);
    let (mut ws, _) = tokio_tungstenite::connect_async_with_config(request, Some(config), true)
        .await
        .map_err(|e| format!("connect: {e}"))?;
    let open = next_text(&mut ws).await?;
    if !open.starts_with("0{") {
        return Err(format!("engine.io open: {open}"));
    }
    ws.send(Message::text("40")).await.map_err(|e| format!("send 40: {e}"))?;
    let connected = next_text(&mut ws).await?;
    if !connected.starts_with("40{") {
        return Err(format!("socket.io connect: {connected}"));
    }
    ws.send(Message::text(format!(r#"42["joinAuction",{auction}]"#)))
        .await
        .map_err(|e| format!("send join: {e}"))?;
    loop {
        let t = next_text(&mut ws).await?;
        if t.strip_prefix(UPDATE_PREFIX).is_some_and(|r| r.starts_with("snapshot\"")) {
            return Ok(ws);
        }
    }
}

/// The ids of the bids in a `bidsPlaced` frame, cheaply: `bids` is the event's last field and
/// each bid serializes `id` first, so a bid starts with `{"id":` right after `[` or `,` (the
/// nested `user` object's `{"id":` follows a `:`). The auction's text fields come before `bids`.
fn bid_ids(frame: &str, out: &mut Vec<i64>) {
    let Some(start) = frame.rfind(r#""bids":["#) else { return };
    let tail = &frame[start + 7..];
    let bytes = tail.as_bytes();
    let mut from = 0;
    while let Some(pos) = tail[from..].find(r#"{"id":"#) {
        let at = from + pos;
        from = at + 6;
        if at > 0 && matches!(bytes[at - 1], b'[' | b',') {
            let digits: &str = &tail[from..];
            let end = digits.find(|c: char| !c.is_ascii_digit()).unwrap_or(digits.len());
            if let Ok(id) = digits[..end].parse() {
                out.push(id);
            }
        }
    }
}

/// The same ids by a full JSON parse, to check [`bid_ids`] on a few viewers.
fn bid_ids_json(frame: &str) -> Option<Vec<i64>> {
    let v: Value = serde_json::from_str(frame.strip_prefix("42")?).ok()?;
    if v[1]["type"] != "bidsPlaced" {
        return None;
    }
    v[1]["bids"].as_array().map(|b| b.iter().filter_map(|b| b["id"].as_i64()).collect())
}

/// One viewer: connect with retries (a wave permit held until joined), then read frames until
/// told to stop, recording the arrival of every `bidsPlaced` frame before looking inside it.
async fn viewer(
    url: Arc<str>,
    auction: i64,
    wave: Arc<Semaphore>,
    mut stop: watch::Receiver<bool>,
    counters: Arc<Counters>,
    bids: usize,
    check: bool,
) -> ViewerResult {
    let mut result = ViewerResult::default();
    let mut attempt = 0;
    let mut ws = loop {
        attempt += 1;
        let permit = wave.acquire().await.expect("semaphore open");
        let err = match tokio::time::timeout(JOIN_TIMEOUT, open(&url, auction)).await {
            Ok(Ok(ws)) => break ws,
            Ok(Err(e)) => e,
            Err(_) => "join timed out".to_owned(),
        };
        drop(permit);
        if attempt >= ATTEMPTS {
            counters.failed.fetch_add(1, Ordering::Relaxed);
            result.error = Some(err);
            return result;
        }
        counters.retries.fetch_add(1, Ordering::Relaxed);
        tokio::time::sleep(Duration::from_millis(250 * u64::from(attempt))).await;
    };
    result.joined = true;
    counters.joined.fetch_add(1, Ordering::Relaxed);
    result.frames.reserve(bids);
    let mut ids = Vec::with_capacity(4);
    loop {
        let msg = tokio::select! {
            biased;
            _ = stop.changed() => break,
            msg = ws.next() => msg,
        };
        let text = match msg {
            Some(Ok(Message::Text(t))) => t,
            Some(Ok(Message::Close(f))) => {
                result.error = Some(format!("server closed: {f:?}"));
                result.disconnected = true;
                break;
            }
            Some(Ok(_)) => continue,
            Some(Err(e)) => {
                result.error = Some(format!("read: {e}"));
                result.disconnected = true;
                break;
            }
            None => {
                result.error = Some("eof".into());
                result.disconnected = true;
                break;
            }
        };
        let arrived = Instant::now();
        let s = text.as_str();
        counters.bytes.fetch_add(s.len() as u64, Ordering::Relaxed);
        if s == "2" {
            if let Err(e) = ws.send(Message::text("3")).await {
                result.error = Some(format!("pong: {e}"));
                result.disconnected = true;
                break;
            }
            continue;
        }
        let Some(rest) = s.strip_prefix(UPDATE_PREFIX) else { continue };
        if !rest.starts_with("bidsPlaced\"") {
            continue;
        }
        ids.clear();
        bid_ids(s, &mut ids);
        if check {
            counters.frame_len.store(s.len(), Ordering::Relaxed);
            if bid_ids_json(s).as_ref() != Some(&ids) {
                result.mismatches += 1;
            }
        }
        counters.received.fetch_add(ids.len(), Ordering::Relaxed);
        result.frames.extend(ids.iter().map(|&id| (id, arrived)));
    }
    if result.disconnected {
        counters.disconnected.fetch_add(1, Ordering::Relaxed);
    }
    result
}

/// `arrived − ack` in ms, keeping the sign.
fn signed_ms(arrived: Instant, ack: Instant) -> f64 {
    if arrived >= ack {
        arrived.duration_since(ack).as_secs_f64() * 1e3
    } else {
        -(ack.duration_since(arrived).as_secs_f64() * 1e3)
    }
}

/// The soft `Max open files` of this process.
fn fd_limit() -> Option<usize> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}

/// The fields of `/proc/<pid>/stat` after the command name (index 0 is field 3, `state`).
fn stat_fields(pid: &str) -> Option<(String, Vec<String>)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let open = stat.find('(')?;
    let close = stat.rfind(')')?;
    let comm = stat[open + 1..close].to_owned();
    Some((comm, stat[close + 2..].split_whitespace().map(str::to_owned).collect()))
}

/// The server child: a `tyiyn` process whose parent is this one.
fn server_pid() -> Option<String> {
    let me = std::process::id().to_string();
    std::fs::read_dir("/proc").ok()?.flatten().find_map(|e| {
        let pid = e.file_name().into_string().ok()?;
        let (comm, f) = stat_fields(&pid)?;
        (comm == "tyiyn" && f.get(1) == Some(&me)).then_some(pid)
    })
}

/// CPU seconds (user + system) used so far by `pid`.
fn cpu_secs(pid: &str, tick: f64) -> f64 {
    stat_fields(pid)
        .and_then(|(_, f)| Some(f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?))
        .map_or(f64::NAN, |t| t / tick)
}

/// Per thread of `pid`: tid → (name, CPU seconds).
fn thread_cpu(pid: &str, tick: f64) -> HashMap<String, (String, f64)> {
    let Ok(dir) = std::fs::read_dir(format!("/proc/{pid}/task")) else { return HashMap::new() };
    dir.flatten()
        .filter_map(|e| {
            let tid = e.file_name().into_string().ok()?;
            let (comm, f) = stat_fields(&format!("{pid}/task/{tid}"))?;
            let t = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
            Some((tid, (comm, t / tick)))
        })
        .collect()
}

/// The busiest threads between two [`thread_cpu`] samples, as `name tid: x% of a core`.
fn busiest_threads(
    before: &HashMap<String, (String, f64)>,
    after: &HashMap<String, (String, f64)>,
    secs: f64,
) -> String {
    let mut used: Vec<(f64, String)> = after
        .iter()
        .map(|(tid, (comm, t))| (t - before.get(tid).map_or(0.0, |b| b.1), format!("{comm}/{tid}")))
        .filter(|(d, _)| *d > 0.0)
        .collect();
    used.sort_by(|a, b| b.0.total_cmp(&a.0));
    used.iter()
        .take(5)
        .map(|(d, name)| format!("{name} {:.0}%", d / secs * 100.0))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Machine-wide (busy, total) jiffies from `/proc/stat`.
fn machine_cpu() -> (f64, f64) {
    let stat = std::fs::read_to_string("/proc/stat").unwrap_or_default();
    let v: Vec<f64> = stat
        .lines()
        .next()
        .unwrap_or("")
        .split_whitespace()
        .skip(1)
        .take(8)
        .filter_map(|x| x.parse().ok())
        .collect();
    let total: f64 = v.iter().sum();
    let idle = v.get(3).copied().unwrap_or(0.0) + v.get(4).copied().unwrap_or(0.0);
    (total - idle, total)
}

fn clock_ticks() -> f64 {
    std::process::Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok()?.trim().parse().ok())
        .unwrap_or(100.0)
}

/// The resident set of `pid`, in KiB.
fn rss_kib(pid: &str) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// RSS, threads and open fds of `pid`, for the report.
fn proc_summary(pid: &str) -> String {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .map(|l| l[name.len()..].trim().to_owned())
            .unwrap_or_else(|| "?".into())
    };
    let fds = std::fs::read_dir(format!("/proc/{pid}/fd")).map_or(0, |d| d.count());
    format!("rss {}, threads {}, open fds {fds}", field("VmRSS:"), field("Threads:"))
}

/// A latency line: p50 / p95 / p99 / max of sorted ms samples.
fn dist(sorted: &[f64]) -> String {
    format!(
        "p50 {:.1} ms  p95 {:.1} ms  p99 {:.1} ms  max {:.1} ms",
        quantile(sorted, 0.50),
        quantile(sorted, 0.95),
        quantile(sorted, 0.99),
        sorted.last().copied().unwrap_or(f64::NAN)
    )
}

#[tokio::main]
async fn main() {
    // The floor's own process: this binary again, serving the trivial echo server.
    let floor_port: u16 = arg("--floor-server", 0);
    if floor_port != 0 {
        return floor::serve(floor_port, arg("--frame-bytes", 820)).await;
    }
    let opts = Opts {
        viewers: arg("--viewers", 10_000),
        bids: arg("--bids", 200),
        gap: Duration::from_millis(arg("--gap-ms", 100)),
        wave: arg("--wave", 500),
        drain: Duration::from_secs(arg("--drain-secs", 30)),
        checked: arg("--checked", 20),
    };
    let n_bidders: usize = arg("--bidders", 20);
    let with_floor = arg("--floor", 1u8) != 0;
    let (k, gap) = (opts.viewers, opts.gap);

    // Each user bids every `n_bidders × gap`; the server wants ≥ 1 s between one user's bids.
    if n_bidders < 2 || (n_bidders as u128) * gap.as_millis() < 1_000 {
        eprintln!("note: {n_bidders} bidders × {gap:?} is under 1 s per user: expect too_fast rejections");
    }
    let limit = fd_limit().unwrap_or(1024);
    // The sockets plus the HTTP client, the database connection and stdio.
    if k + 100 > limit.min(19_000) {
        eprintln!(
            "fanout: {k} viewers need ~{} fds here; the soft limit is {limit} (and the budget ~19,000): \
             lower --viewers or raise `ulimit -n`",
            k + 100
        );
        std::process::exit(2);
    }

    // `--socket-listener 1`: the socket on a listener and threads of its own (`server.socket_addr`),
    // as behind a reverse proxy that routes /socket.io/ there; 0: on the main listener.
    let own_listener = arg("--socket-listener", 1u8) != 0;
    let socket_port =
        std::net::TcpListener::bind("127.0.0.1:0").expect("free port").local_addr().expect("addr").port();
    let socket_addr = format!("127.0.0.1:{socket_port}");
    let env: Vec<(&str, &str)> =
        if own_listener { vec![("TYIYN_SERVER__SOCKET_ADDR", socket_addr.as_str())] } else { vec![] };
    let server = Server::start(&env).await;
    let users = server.seed_users(n_bidders, 100_000).await;
    let ws =
        if own_listener { format!("ws://{socket_addr}") } else { server.base.replace("http://", "ws://") };
    println!("fanout: the socket on {}", if own_listener { "its own listener" } else { "the main listener" });
    let target = Target {
        base: server.base.clone(),
        ws,
        pid: server_pid().unwrap_or_default(),
        auction: server.live_auctions(1).await[0],
        users: users.clone(),
    };
    let real = run("tyiyn", &target, &opts).await;
    println!("{}", server.figures().await);
    let log = format!("target/bench-server-{}.log", server.base.rsplit(':').next().unwrap_or(""));
    let log_lines = std::fs::read_to_string(&log).map_or(0, |s| s.lines().count());
    println!("  server log {log}: {log_lines} lines");
    drop(server);
    if !with_floor {
        return;
    }

    // The floor: the same bench against a server that only echoes frames of the same size.
    println!();
    let mut child = floor::spawn(real.frame_len.max(64)).await;
    let floor_target = Target {
        base: child.base.clone(),
        ws: child.base.replace("http://", "ws://"),
        pid: child.pid.clone(),
        auction: 1,
        users,
    };
    let floor = run("floor", &floor_target, &opts).await;
    child.stop();

    println!();
    println!("tyiyn against the floor (same invocation, same clients, {k} viewers):");
    println!("| figure | tyiyn | floor | tyiyn ÷ floor |");
    println!("|---|---|---|---|");
    for (name, a, b) in [
        ("bid answer p50 (ms)", quantile(&real.http_ms, 0.5), quantile(&floor.http_ms, 0.5)),
        ("bid answer p99 (ms)", quantile(&real.http_ms, 0.99), quantile(&floor.http_ms, 0.99)),
        ("bid sent → viewer p50 (ms)", quantile(&real.from_send, 0.5), quantile(&floor.from_send, 0.5)),
        ("bid sent → viewer p99 (ms)", quantile(&real.from_send, 0.99), quantile(&floor.from_send, 0.99)),
        (
            "bid sent → last viewer p99 (ms)",
            quantile(&real.lasts_from_send, 0.99),
            quantile(&floor.lasts_from_send, 0.99),
        ),
    ] {
        println!("| {name} | {a:.1} | {b:.1} | {:.2} |", a / b);
    }
}

/// What the bench runs: how many viewers, bids and how fast.
struct Opts {
    viewers: usize,
    bids: usize,
    gap: Duration,
    wave: usize,
    drain: Duration,
    checked: usize,
}

/// The server under test: where it listens, its process, the auction and the bidders' cookies.
struct Target {
    base: String,
    /// `ws://host:port` of its socket.
    ws: String,
    pid: String,
    auction: i64,
    users: Vec<(i64, String)>,
}

/// One run's distributions (sorted, ms) for the comparison with the floor.
struct Outcome {
    http_ms: Vec<f64>,
    from_send: Vec<f64>,
    lasts_from_send: Vec<f64>,
    frame_len: usize,
}

/// Connects the viewers to `t`, bids, waits for the frames and prints the run's figures.
async fn run(label: &str, t: &Target, opts: &Opts) -> Outcome {
    let &Opts { viewers: k, bids: b, gap, wave: wave_size, drain, checked } = opts;
    let auction = t.auction;
    let tick = clock_ticks();
    let t_total = Instant::now();
    let ws_url: Arc<str> = format!("{}/socket.io/?EIO=4&transport=websocket", t.ws).into();
    println!(
        "fanout [{label}]: server {} (pid {}), auction {auction}, {k} viewers in waves of {wave_size}, \
         {b} bids by {} users every {gap:?}",
        t.base,
        t.pid,
        t.users.len()
    );

    // Connect every viewer; a wave permit is held from connect until the snapshot arrives.
    let counters = Arc::new(Counters::default());
    let wave = Arc::new(Semaphore::new(wave_size));
    let (stop_tx, stop_rx) = watch::channel(false);
    let t_connect = Instant::now();
    let cpu_server_0 = cpu_secs(&t.pid, tick);
    let rss_0 = rss_kib(&t.pid);
    let cpu_self_0 = cpu_secs("self", tick);
    let tasks: Vec<_> = (0..k)
        .map(|i| {
            tokio::spawn(viewer(
                ws_url.clone(),
                auction,
                wave.clone(),
                stop_rx.clone(),
                counters.clone(),
                b,
                i < checked,
            ))
        })
        .collect();
    let mut last_print = Instant::now();
    loop {
        let joined = counters.joined.load(Ordering::Relaxed);
        let failed = counters.failed.load(Ordering::Relaxed);
        if joined + failed == k {
            break;
        }
        if last_print.elapsed() > Duration::from_secs(2) {
            last_print = Instant::now();
            eprintln!(
                "  connecting: {joined}/{k} joined, {failed} failed, {} retries ({:.1} s)",
                counters.retries.load(Ordering::Relaxed),
                t_connect.elapsed().as_secs_f64()
            );
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let connect_time = t_connect.elapsed();
    let connect_cpu = (cpu_secs(&t.pid, tick) - cpu_server_0, cpu_secs("self", tick) - cpu_self_0);
    let joined = counters.joined.load(Ordering::Relaxed);
    let http = reqwest::Client::new();
    let view: Value = http
        .get(format!("{}/api/auctions/{auction}", t.base))
        .send()
        .await
        .expect("get auction")
        .json()
        .await
        .expect("auction json");
    println!(
        "connected: {joined}/{k} viewers in {:.1} s ({} failed, {} retries); server counts {} viewers; \
         server {}",
        connect_time.as_secs_f64(),
        counters.failed.load(Ordering::Relaxed),
        counters.retries.load(Ordering::Relaxed),
        view["viewers"],
        proc_summary(&t.pid)
    );
    // Let the join traffic settle before bidding.
    tokio::time::sleep(Duration::from_secs(1)).await;
    if let (Some(before), Some(after)) = (rss_0, rss_kib(&t.pid)) {
        println!(
            "memory: server RSS {:.1} MiB before the viewers, {:.1} MiB with {joined}: {:.1} KiB per idle viewer",
            before / 1024.0,
            after / 1024.0,
            (after - before) / joined.max(1) as f64
        );
    }

    // Bid in turn; keep the instant each 200 arrived.
    let mut acks: HashMap<i64, Instant> = HashMap::with_capacity(b);
    let mut sends: HashMap<i64, Instant> = HashMap::with_capacity(b);
    let mut ack_order: Vec<i64> = Vec::with_capacity(b);
    let mut http_ms: Vec<f64> = Vec::with_capacity(b);
    let mut rejected: HashMap<String, usize> = HashMap::new();
    let mut ticker = tokio::time::interval(gap);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let cpu_server_1 = cpu_secs(&t.pid, tick);
    let threads_1 = thread_cpu(&t.pid, tick);
    let machine_1 = machine_cpu();
    let cpu_self_1 = cpu_secs("self", tick);
    let t_bids = Instant::now();
    for i in 0..b {
        ticker.tick().await;
        let (_, cookie) = &t.users[i % t.users.len()];
        let sent = Instant::now();
        let res =
            http.post(format!("{}/api/auctions/{auction}/bid", t.base)).header("cookie", cookie).send().await;
        let ack = Instant::now();
        match res {
            Ok(r) if r.status().is_success() => {
                let body: Value = r.json().await.expect("bid json");
                let id = body["bid"]["id"].as_i64().expect("bid id");
                acks.insert(id, ack);
                sends.insert(id, sent);
                ack_order.push(id);
                http_ms.push(ack.duration_since(sent).as_secs_f64() * 1e3);
            }
            Ok(r) => {
                let status = r.status();
                let body: Value = r.json().await.unwrap_or_default();
                *rejected.entry(format!("{status} {}", body["code"])).or_default() += 1;
            }
            Err(e) => *rejected.entry(format!("error {e}")).or_default() += 1,
        }
    }
    let bids_done = t_bids.elapsed();

    // Wait until every viewer has every bid, or nothing more arrives for a while.
    let expected = joined * acks.len();
    let mut seen = counters.received.load(Ordering::Relaxed);
    let mut still = Instant::now();
    let t_drain = Instant::now();
    while counters.received.load(Ordering::Relaxed) < expected && t_drain.elapsed() < drain {
        tokio::time::sleep(Duration::from_millis(20)).await;
        let now = counters.received.load(Ordering::Relaxed);
        if now != seen {
            seen = now;
            still = Instant::now();
        } else if still.elapsed() > Duration::from_secs(5) {
            break;
        }
    }
    let bid_cpu = (cpu_secs(&t.pid, tick) - cpu_server_1, cpu_secs("self", tick) - cpu_self_1);
    let bid_wall = t_bids.elapsed();
    let threads_2 = thread_cpu(&t.pid, tick);
    let machine_2 = machine_cpu();
    let server_after = proc_summary(&t.pid);
    let _ = stop_tx.send(true);
    let mut results = Vec::with_capacity(k);
    for t in tasks {
        results.push(t.await.expect("viewer task"));
    }

    // Delays over all (viewer, bid) pairs, plus per-bid spread and the last viewer's delay.
    let mut delays: Vec<f64> = Vec::with_capacity(expected);
    let mut from_send: Vec<f64> = Vec::with_capacity(expected);
    let mut last_per_bid: HashMap<i64, f64> = HashMap::with_capacity(acks.len());
    let mut first_per_bid: HashMap<i64, f64> = HashMap::with_capacity(acks.len());
    let (mut duplicates, mut unknown, mut mismatches, mut incomplete) = (0usize, 0usize, 0usize, 0usize);
    let mut last_arrival: Option<Instant> = None;
    let mut errors: HashMap<String, usize> = HashMap::new();
    let mut seen_ids: HashMap<i64, ()> = HashMap::with_capacity(acks.len());
    for r in &results {
        mismatches += r.mismatches;
        if let Some(e) = &r.error {
            // Group by the error's first words (addresses and ports differ).
            let key: String = e.chars().take(60).collect();
            *errors.entry(key).or_default() += 1;
        }
        if !r.joined {
            continue;
        }
        seen_ids.clear();
        for &(id, arrived) in &r.frames {
            let Some(&ack) = acks.get(&id) else {
                unknown += 1;
                continue;
            };
            if seen_ids.insert(id, ()).is_some() {
                duplicates += 1;
                continue;
            }
            let d = signed_ms(arrived, ack);
            delays.push(d);
            from_send.push(signed_ms(arrived, sends[&id]));
            let last = last_per_bid.entry(id).or_insert(f64::MIN);
            *last = last.max(d);
            let first = first_per_bid.entry(id).or_insert(f64::MAX);
            *first = first.min(d);
            last_arrival = Some(last_arrival.map_or(arrived, |l: Instant| l.max(arrived)));
        }
        if seen_ids.len() < acks.len() {
            incomplete += 1;
        }
    }
    let delivered = delays.len();
    delays.sort_by(f64::total_cmp);
    from_send.sort_by(f64::total_cmp);
    let mut lasts: Vec<f64> = last_per_bid.values().copied().collect();
    // The last viewer's delay from the bid's request (not its answer): what a watcher waits.
    let mut lasts_from_send: Vec<f64> =
        last_per_bid.iter().map(|(id, l)| l + signed_ms(acks[id], sends[id])).collect();
    lasts_from_send.sort_by(f64::total_cmp);
    lasts.sort_by(f64::total_cmp);
    let mut spreads: Vec<f64> = last_per_bid.iter().map(|(id, l)| l - first_per_bid[id]).collect();
    spreads.sort_by(f64::total_cmp);
    http_ms.sort_by(f64::total_cmp);
    let wall = last_arrival.map_or(bid_wall, |l| l.duration_since(t_bids));
    let pct = |cpu: f64| cpu / bid_wall.as_secs_f64() * 100.0;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as f64;
    let machine_busy = (machine_2.0 - machine_1.0) / (machine_2.1 - machine_1.1) * cores * 100.0;

    println!();
    println!(
        "fanout [{label}]: {joined} viewers, {} bids, {delivered}/{expected} frames delivered ({} missing)",
        acks.len(),
        expected - delivered
    );
    println!("delay from bid ack to viewer: {}", dist(&delays));
    println!("  from bid request sent:      {}", dist(&from_send));
    println!("  last viewer per bid:        {}", dist(&lasts));
    println!("  spread first→last per bid:  {}", dist(&spreads));
    println!("  bid HTTP round trip:        {}", dist(&http_ms));
    println!(
        "  viewers: {k} asked, {joined} joined, {} failed to join, {} disconnected mid-run, {incomplete} missing ≥1 bid",
        k - joined,
        counters.disconnected.load(Ordering::Relaxed)
    );
    println!(
        "  bids: {b} sent, {} accepted, rejected {:?}; duplicates {duplicates}, unknown ids {unknown}, \
         parse mismatches {mismatches} (on {checked} checked viewers)",
        acks.len(),
        rejected
    );
    println!(
        "  wall: connect {:.1} s, bidding {:.1} s (first bid → last frame {:.2} s), total {:.1} s; \
         clients received {:.1} MB ({} B per bidsPlaced frame)",
        connect_time.as_secs_f64(),
        bids_done.as_secs_f64(),
        wall.as_secs_f64(),
        t_total.elapsed().as_secs_f64(),
        counters.bytes.load(Ordering::Relaxed) as f64 / 1e6,
        counters.frame_len.load(Ordering::Relaxed)
    );
    println!(
        "  cpu: connect phase server {:.1} s, clients {:.1} s; bid phase server {:.0}% of a core, clients {:.0}% \
         (2 cores shared); server after: {server_after}",
        connect_cpu.0,
        connect_cpu.1,
        pct(bid_cpu.0),
        pct(bid_cpu.1)
    );
    println!(
        "  cpu: machine busy {machine_busy:.0}% of {cores} cores' {:.0}% (everything else, incl. PostgreSQL and other builds: {:.0}%); busiest server threads: {}",
        cores * 100.0,
        machine_busy - pct(bid_cpu.0) - pct(bid_cpu.1),
        busiest_threads(&threads_1, &threads_2, bid_wall.as_secs_f64())
    );
    if !errors.is_empty() {
        let mut errors: Vec<_> = errors.into_iter().collect();
        errors.sort_by_key(|e| std::cmp::Reverse(e.1));
        for (e, n) in errors.iter().take(8) {
            println!("  viewer error ×{n}: {e}");
        }
    }
    Outcome { http_ms, from_send, lasts_from_send, frame_len: counters.frame_len.load(Ordering::Relaxed) }
}
