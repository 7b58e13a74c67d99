//! End-to-end load: N users bidding on M live auctions over HTTP against the real server (a child
//! process) and PostgreSQL. Each user bids at most once per second (the product's own limit),
//! rotating over the auctions (by default a user bids again one second after the answer:
//! `--pace send` counts the second from the request instead). Prints accepted bids/s and latency p50/p95/p99, then checks that
//! every acknowledged bid is a row in PostgreSQL.
//!
//! `cargo bench --bench loadgen -- --users 6000 --auctions 1 --secs 20`

mod common;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use common::{Server, arg, quantile};

#[derive(Default)]
struct Tally {
    accepted_ms: Vec<f64>,
    all_ms: Vec<f64>,
    codes: BTreeMap<String, u64>,
}

#[tokio::main]
async fn main() {
    let users: usize = arg("--users", 2000);
    let auctions: usize = arg("--auctions", 1);
    let secs: u64 = arg("--secs", 15);
    let warmup: u64 = arg("--warmup", 3);
    // `--pace answer` (default): a user's next bid 1 s after the last answer, as a person (or a
    // script keeping the rule) does; `--pace send`: 1 s after the last send, the older schedule.
    let pace_from_answer = arg("--pace", "answer".to_owned()) != "send";
    println!("loadgen: {users} users, {auctions} auctions, {secs} s measured after {warmup} s warm-up");

    let server = Server::start(&[]).await;
    let before = server.rss_kib();
    let ids = server.live_auctions(auctions).await;
    if let (Some(before), Some(after)) = (before, server.rss_kib()) {
        println!(
            "memory: server RSS {:.1} MiB before the auctions, {:.1} MiB with {auctions} live: {:.1} KiB per live auction",
            before / 1024.0,
            after / 1024.0,
            (after - before) / auctions as f64
        );
    }
    let people = server.seed_users(users, 1_000_000).await;
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(users)
        .tcp_nodelay(true)
        .timeout(Duration::from_secs(30))
        .build()
        .expect("client");

    let start = Instant::now();
    let measure_from = start + Duration::from_secs(warmup);
    let stop_at = measure_from + Duration::from_secs(secs);
    let tasks: Vec<_> = people
        .into_iter()
        .enumerate()
        .map(|(n, (_, cookie))| {
            let client = client.clone();
            let ids = ids.clone();
            let base = server.base.clone();
            tokio::spawn(async move {
                let mut tally = Tally::default();
                // Spread the users' first bids evenly over the first second. (This once read
                // `(n * 1_000_003) % 1_000_000` µs, which is 3n µs: 10,000 users fired within 30 ms
                // of every second, a burst rather than the steady load the figures describe.)
                let offset = Duration::from_micros(n as u64 * 1_000_000 / users as u64);
                let mut next = start + offset;
                let mut round = n;
                while next < stop_at {
                    tokio::time::sleep_until(next.into()).await;
                    let sent = Instant::now();
                    let id = ids[round % ids.len()];
                    round += 1;
                    let res = client
                        .post(format!("{base}/api/auctions/{id}/bid"))
                        .header("cookie", &cookie)
                        .send()
                        .await;
                    let took = sent.elapsed().as_secs_f64() * 1000.0;
                    let code = match res {
                        Ok(r) if r.status().is_success() => "accepted".to_owned(),
                        Ok(r) => {
                            let body: serde_json::Value = r.json().await.unwrap_or_default();
                            body["code"].as_str().unwrap_or("unknown").to_owned()
                        }
                        Err(e) => format!("transport: {}", if e.is_timeout() { "timeout" } else { "error" }),
                    };
                    if sent >= measure_from && sent < stop_at {
                        if code == "accepted" {
                            tally.accepted_ms.push(took);
                        }
                        tally.all_ms.push(took);
                        *tally.codes.entry(code).or_default() += 1;
                    }
                    // One bid per user per second, counted from the answer: the server stamps a bid
                    // when it reaches the handler, so a schedule counted from the send made a
                    // delayed bid and the next one less than a second apart ("too_fast").
                    next = if pace_from_answer { Instant::now() } else { sent } + Duration::from_secs(1);
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
    let accepted = total.accepted_ms.len();
    println!("answers in the measured window: {:?}", total.codes);
    println!(
        "accepted: {accepted} bids in {secs} s = {:.0} bids/s (all answers {:.0}/s)",
        accepted as f64 / secs as f64,
        total.all_ms.len() as f64 / secs as f64
    );
    println!(
        "accepted bid latency: p50 {:.1} ms  p95 {:.1} ms  p99 {:.1} ms  max {:.1} ms",
        quantile(&total.accepted_ms, 0.50),
        quantile(&total.accepted_ms, 0.95),
        quantile(&total.accepted_ms, 0.99),
        total.accepted_ms.last().copied().unwrap_or(f64::NAN)
    );
    println!(
        "all answers latency:  p50 {:.1} ms  p95 {:.1} ms  p99 {:.1} ms",
        quantile(&total.all_ms, 0.50),
        quantile(&total.all_ms, 0.95),
        quantile(&total.all_ms, 0.99)
    );

    println!("{}", server.figures().await);
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
    let mismatched: i64 = db
        .query_one(
            "select count(*) from app_user u where u.bid_balance <> coalesce((select sum(delta) from ledger_entry l where l.user_id = u.id), 0)",
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
}
