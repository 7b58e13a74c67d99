//! The cluster bench's takeovers (issue 25): a node that dies (kill -9, started again after the
//! takeover) and a node that freezes (SIGSTOP, then SIGCONT). How long each of its auctions went
//! without an accepted bid, whether any finished meanwhile, and what the frozen node did with the
//! bids it had taken in once it woke (its commits are refused by the fence: 503, nothing charged).

use std::collections::HashMap;
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use serde_json::Value;

use crate::fleet::name;
use crate::poll;
use crate::stand::{Stand, Table, describe, spread};

/// Kills an owner `kills` times (node `a`, `b`, `c`, … in turn, each once the auctions are shared
/// again), waits until each of its auctions took an accepted bid elsewhere, then starts it again.
pub async fn kill(stand: &mut Stand, kills: usize) -> Table {
    let mut table = Table::new("1. kill -9 an owner, start it again after the takeover");
    let from = Instant::now();
    let (mut takeovers, mut restarts, mut untaken, mut finished_during) = (Vec::new(), Vec::new(), 0, 0);
    let mut leased = Vec::new();
    let mut held_total = 0;
    for k in 0..kills {
        let fleet = &mut stand.fleet;
        fleet.wait_shared(&stand.auctions, Duration::from_secs(60)).await;
        let victim = k % fleet.len();
        let held = fleet.held_by(victim).await;
        let before = fleet.finished(&stand.auctions).await;
        let (killed, wall) = (Instant::now(), Utc::now());
        fleet.kill(victim);
        let taken = first_accepted(&stand.bidders, &held, killed, |_| true).await;
        leased.extend(taken_over(fleet, &held, wall).await);
        let finished = fleet.finished(&stand.auctions).await - before;
        let restart = fleet.restart(victim).await;
        let mut ms: Vec<f64> = taken.values().copied().collect();
        println!(
            "kill {}: node {} (held {}), next accepted bid on each after {}; {} finished meanwhile; restarted in {:.0} ms",
            k + 1,
            name(victim),
            held.len(),
            spread(&mut ms),
            finished,
            restart.as_secs_f64() * 1e3
        );
        held_total += held.len();
        untaken += held.len() - taken.len();
        finished_during += finished;
        takeovers.extend(ms);
        restarts.push(restart.as_secs_f64() * 1e3);
    }
    table.row("kills (each followed by a restart once its auctions were taken over)", kills.to_string());
    table.row("auctions the killed nodes held", held_total.to_string());
    table.row("kill → another node holds the lease (its `taken_at`), p50 / p99 / max", spread(&mut leased));
    table.row("takeover: kill → next accepted bid on each, p50 / p99 / max", spread(&mut takeovers));
    table.row("auctions without an accepted bid within 30 s of a kill", untaken.to_string());
    table.row("auctions finished during a takeover", finished_during.to_string());
    table.row("restart (spawn → answering), p50 / p99 / max", spread(&mut restarts));
    let during = stand.bidders.sent_since(from);
    table.row("answers during the kills", describe(&during.iter().collect::<Vec<_>>()));
    if untaken > 0 {
        table.fail(format!("{untaken} auctions were not taken over within 30 s"));
    }
    if finished_during > 0 {
        table.fail(format!("{finished_during} auctions finished during a takeover"));
    }
    table
}

/// Freezes an owner (node `b`) for `secs`, then lets it run again.
pub async fn freeze(stand: &mut Stand, secs: u64) -> Table {
    let mut table = Table::new(&format!("2. SIGSTOP an owner for {secs} s, then SIGCONT"));
    let fleet = &stand.fleet;
    fleet.wait_shared(&stand.auctions, Duration::from_secs(60)).await;
    let cookie = fleet.first.admin_cookie().await;
    let victim = 1;
    let held = fleet.held_by(victim).await;
    let before = fleet.finished(&stand.auctions).await;
    let (frozen, wall) = (Instant::now(), Utc::now());
    fleet.signal(victim, libc::SIGSTOP);
    let taken = first_accepted(&stand.bidders, &held, frozen, |a| a.node != victim).await;
    let mut leased = taken_over(fleet, &held, wall).await;
    tokio::time::sleep_until((frozen + Duration::from_secs(secs)).into()).await;
    let finished = fleet.finished(&stand.auctions).await - before;
    fleet.signal(victim, libc::SIGCONT);
    let woke = Instant::now();
    let alive_in = until(|| async { alive(fleet.base(0), &cookie, &name(victim)).await }).await;
    let owns_in = until(|| async { !fleet.held_by(victim).await.is_empty() }).await;
    // What the woken node answered to the bids it had taken in while frozen: give them time to
    // be answered (a bid passed to another node waits up to 5 s for it).
    tokio::time::sleep_until((woke + Duration::from_secs(6)).into()).await;
    let answers = stand.bidders.sent_since(frozen);
    let taken_in: Vec<_> = answers.iter().filter(|a| a.node == victim && a.sent < woke).collect();
    let fenced = taken_in
        .iter()
        .filter(|a| a.status == 503 && &*a.code == "service_unavailable" && held.contains(&a.auction))
        .count();
    let mut ms: Vec<f64> = taken.values().copied().collect();
    table.row("auctions the frozen node held", held.len().to_string());
    table.row("freeze → another node holds the lease (its `taken_at`), p50 / p99 / max", spread(&mut leased));
    table.row("freeze → next bid accepted through another node, p50 / p99 / max", spread(&mut ms));
    table.row("auctions finished while it was frozen", finished.to_string());
    table.row("bids it had taken in while frozen, answered after SIGCONT", describe(&taken_in));
    table.row(
        "of those, commits refused by the fence (503 `service_unavailable`, its old auctions)",
        fenced.to_string(),
    );
    table.row("SIGCONT → alive again in `GET /api/admin/cluster`", ms_or_never(alive_in));
    table.row("SIGCONT → running auctions again", ms_or_never(owns_in));
    let until_woke: Vec<_> = answers.iter().filter(|a| a.sent < woke).collect();
    table.row("answers to bids sent while it was frozen (through any node)", describe(&until_woke));
    if taken.len() < held.len() {
        table.fail(format!("{} of its auctions were not taken over within 30 s", held.len() - taken.len()));
    }
    if finished > 0 {
        table.fail(format!("{finished} auctions finished while their owner was frozen"));
    }
    if alive_in.is_none() {
        table.fail("the woken node did not rejoin within 30 s".to_owned());
    }
    table
}

/// For each of `auctions`, the milliseconds from `since` to the first accepted answer (to a bid
/// sent at or after `since`, passing `counts`), waiting up to 30 s for all of them.
async fn first_accepted(
    bidders: &crate::bidders::Bidders,
    auctions: &[i64],
    since: Instant,
    counts: impl Fn(&crate::bidders::Answer) -> bool,
) -> HashMap<i64, f64> {
    // Every answer since `since` is kept: each look reads them all again.
    let firsts = || {
        let mut first: HashMap<i64, f64> = HashMap::new();
        for a in bidders.sent_since(since) {
            if a.accepted() && auctions.contains(&a.auction) && counts(&a) {
                let ms = (a.at - since).as_secs_f64() * 1e3;
                let best = first.entry(a.auction).or_insert(ms);
                *best = best.min(ms);
            }
        }
        first
    };
    let within = Duration::from_secs(30).saturating_sub(since.elapsed());
    let all = poll(within, Duration::from_millis(20), || {
        let first = firsts();
        std::future::ready((first.len() >= auctions.len()).then_some(first))
    });
    match all.await {
        Some(first) => first,
        None => firsts(),
    }
}

/// For each of `auctions` held now by a lease taken after `since`: the milliseconds from `since`
/// to its taking (the database's clock, the machine's: one machine).
async fn taken_over(fleet: &crate::fleet::Fleet, auctions: &[i64], since: DateTime<Utc>) -> Vec<f64> {
    let rows = fleet
        .first
        .db()
        .await
        .query(
            "select (extract(epoch from taken_at - $2) * 1000)::float8 from auction_lease
             where auction_id = any($1) and taken_at > $2",
            &[&auctions, &since],
        )
        .await
        .expect("leases");
    rows.iter().map(|r| r.get(0)).collect()
}

/// How long until `done` holds, asked every 20 ms for up to 30 s.
async fn until<F: std::future::Future<Output = bool>>(done: impl Fn() -> F) -> Option<Duration> {
    let started = Instant::now();
    poll(Duration::from_secs(30), Duration::from_millis(20), || async {
        done().await.then(|| started.elapsed())
    })
    .await
}

/// Whether node `node` is alive in `GET /api/admin/cluster` asked at `base`.
async fn alive(base: &str, cookie: &str, node: &str) -> bool {
    let res =
        reqwest::Client::new().get(format!("{base}/api/admin/cluster")).header("cookie", cookie).send().await;
    let Ok(view) = (match res {
        Ok(r) => r.json::<Value>().await,
        Err(e) => Err(e),
    }) else {
        return false;
    };
    view["nodes"].as_array().is_some_and(|nodes| nodes.iter().any(|n| n["id"] == node && n["alive"] == true))
}

fn ms_or_never(d: Option<Duration>) -> String {
    d.map_or("not within 30 s".to_owned(), |d| format!("{:.0} ms", d.as_secs_f64() * 1e3))
}
