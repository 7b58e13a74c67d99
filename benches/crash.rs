//! Crash script: users bid over HTTP on live auctions while the real server (a child process) is
//! killed with SIGKILL at seeded random moments and started again on the same database and port,
//! `--cycles` times. Then every acknowledged bid must be a row in PostgreSQL (same auction, bidder
//! and amount) and `tyiyn check` must pass; prints the figures and exits 1 on any loss.
//!
//! `cargo bench --bench crash -- --cycles 20 --users 200 --auctions 5 --seed 1`

use tyiyn_testkit as common;
use tyiyn_testkit::crash;

use std::process::ExitCode;

use common::arg;
use crash::{Plan, run};

#[tokio::main]
async fn main() -> ExitCode {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    let plan = Plan {
        cycles: arg("--cycles", 20),
        users: arg("--users", 200),
        auctions: arg("--auctions", 5),
        seed: arg("--seed", now.as_nanos() as u64),
        kill_after_ms: 300..2000,
    };
    println!(
        "crash: {} cycles, {} users on {} auctions, kill -9 0.3-2 s into each cycle, seed {}",
        plan.cycles, plan.users, plan.auctions, plan.seed
    );
    let outcome = run(&plan).await;
    outcome.print();
    if outcome.holds() {
        println!("crash: no acknowledged bid lost, tyiyn check clean");
        ExitCode::SUCCESS
    } else {
        println!("crash: FAILED");
        ExitCode::FAILURE
    }
}
