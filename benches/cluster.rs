//! Several nodes under load (issue 25): three real nodes on one PostgreSQL and a private NATS
//! server, 300 users bidding once a second each over 20 live auctions through every node, 500
//! socket viewers spread over the nodes. Each scenario runs on a fresh stand and prints a table:
//!
//! - `kill`: kill -9 an owner `--kills` times (restarting it after each takeover): takeover time,
//!   auctions finished meanwhile;
//! - `freeze`: SIGSTOP an owner for `--freeze-secs` (10), then SIGCONT: time until its auctions
//!   take bids elsewhere, its commits refused by the fence, its return;
//! - `rolling`: SIGTERM each node in turn and start it again: 503s, other 5xx, the longest time
//!   an auction went without an accepted bid;
//! - `nats`: NATS stopped for `--nats-secs` (5): bids taken by the owners, and how soon every
//!   viewer on another node has the price again;
//! - `latency`: `--secs` (20) of steady load: a frame's way to a viewer on the owner's node and on
//!   another, a forwarded bid's answer against a direct one's.
//!
//! Every stand closes the same way: each auction finished through its owner, every acknowledged
//! bid looked up as a row, every balance compared with its user's bid rows, `tyiyn check` run.
//! Exits 1 if a bid was lost, a user charged for nothing, an answer was a 5xx other than 503, an
//! auction finished other than exactly once, or the check failed.
//!
//! `cargo bench --bench cluster -- --scenario all --kills 5`
//!
//! `--server-bin PATH` runs another build's server; `--nodes`, `--users`, `--auctions`,
//! `--viewers`, `--countdown-secs` (10, the default config's) and `--warmup` (3 s) change the
//! stand. The nodes log at info to `target/bench-server-{port}.log`.

use tyiyn_testkit as common;
use tyiyn_testkit::relaying;
use tyiyn_testkit::rolling;
use tyiyn_testkit::stand;
use tyiyn_testkit::takeover;

use std::process::ExitCode;
use std::time::Duration;

use common::arg;
use common::fleet::name;
use stand::{Plan, Stand, Table, describe};

const SCENARIOS: [&str; 5] = ["kill", "freeze", "rolling", "nats", "latency"];

#[tokio::main]
async fn main() -> ExitCode {
    let plan = Plan {
        nodes: arg("--nodes", 3),
        users: arg("--users", 300),
        auctions: arg("--auctions", 20),
        viewers: arg("--viewers", 500),
        countdown_secs: arg("--countdown-secs", 10),
        warmup: Duration::from_secs(arg("--warmup", 3)),
        bin: arg("--server-bin", String::new()),
    };
    let scenario: String = arg("--scenario", "all".to_owned());
    let names: Vec<&str> = match scenario.as_str() {
        "all" => SCENARIOS.to_vec(),
        one if SCENARIOS.contains(&one) => vec![one],
        other => {
            eprintln!("cluster: unknown scenario {other:?}: kill, freeze, rolling, nats, latency or all");
            return ExitCode::from(2);
        }
    };
    if !plan.bin.is_empty() && !std::path::Path::new(&plan.bin).is_file() {
        eprintln!("cluster: no server binary at {}", plan.bin);
        return ExitCode::from(2);
    }
    println!(
        "cluster: {} nodes, {} users bidding once a second each over {} auctions through every node, {} viewers, a {} s countdown",
        plan.nodes, plan.users, plan.auctions, plan.viewers, plan.countdown_secs
    );
    let mut tables = Vec::new();
    for scenario in names {
        println!("\n== {scenario}");
        let mut stand = Stand::up(&plan).await;
        let mut table = match scenario {
            "kill" => takeover::kill(&mut stand, arg("--kills", 20)).await,
            "freeze" => takeover::freeze(&mut stand, arg("--freeze-secs", 10)).await,
            "rolling" => rolling(&mut stand).await,
            "nats" => relaying::nats(&mut stand, arg("--nats-secs", 5)).await,
            _ => relaying::latency(&mut stand, arg("--secs", 20)).await,
        };
        stand.close(&mut table).await;
        table.print();
        tables.push(table);
    }
    if tables.len() > 1 {
        println!("\n== all scenarios");
        tables.iter().for_each(Table::print);
    }
    if tables.iter().all(|t| t.failed.is_empty()) { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

/// Restarts every node in turn (SIGTERM, start again, wait until it runs auctions).
async fn rolling(stand: &mut Stand) -> Table {
    let mut table = Table::new("3. Rolling restart (SIGTERM each node, start it again)");
    let roll = rolling::roll(&mut stand.fleet, &stand.auctions).await;
    let answers = stand.bidders.sent_since(roll.from);
    let during = roll.during(&answers);
    for step in &roll.steps {
        let ms = |d: Option<Duration>| {
            d.map_or("never".to_owned(), |d| format!("{:.0} ms", d.as_secs_f64() * 1e3))
        };
        table.row(
            &format!("node {}: held → stopped → answering → running auctions", name(step.node)),
            format!(
                "{} auctions; SIGTERM to exit {}; up in {}; auctions again {} later",
                step.held,
                ms(step.stopped_in),
                ms(Some(step.restarted_in)),
                ms(step.owns_again_in)
            ),
        );
    }
    table.row("answers during the roll", describe(&during));
    let unavailable = during.iter().filter(|a| a.status == 503).count();
    let share = unavailable as f64 * 100.0 / during.len().max(1) as f64;
    let met = |ok: bool| if ok { "met" } else { "missed" };
    table.row(
        "503 share (goal ≤ 0.1 %)",
        format!("{share:.2} % ({unavailable} of {}): {}", during.len(), met(share <= 0.1)),
    );
    let errors = during.iter().filter(|a| a.server_error()).count();
    table.row("5xx other than 503 (must be 0)", errors.to_string());
    let transport = during.iter().filter(|a| a.status == 0).count();
    let passed_on = during.iter().filter(|a| a.passed_on).count();
    table.row(
        "no HTTP answer / passed on to another node (its node refused the connection)",
        format!("{transport} / {passed_on}"),
    );
    let db = stand.fleet.first.db().await;
    match rolling::longest_gap(&db, &stand.auctions, roll.wall).await {
        Some((auction, ms)) => table.row(
            "longest time between two accepted bids on one auction (goal ≤ 1 s)",
            format!("{ms:.0} ms (auction {auction}): {}", met(ms <= 1000.0)),
        ),
        None => table.row("longest time between two accepted bids on one auction", "no bids".to_owned()),
    }
    if errors > 0 {
        table.fail(format!("{errors} answers were 5xx other than 503 during the roll"));
    }
    table
}
