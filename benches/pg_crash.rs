//! PostgreSQL crash script: users bid over HTTP on live auctions while the server's own
//! PostgreSQL (a private cluster this script creates) is killed with SIGKILL and started again on
//! the same data, `--crashes` times, each time with commits held where their answer is lost
//! (docs/rules/outages.md, "A commit whose answer is lost"). Prints the answers, acknowledged bids lost,
//! bids charged but refused, the time from each restart to the next accepted bid, and `tyiyn
//! check`; exits 1 if any of them is wrong.
//!
//! `cargo bench --bench pg_crash -- --crashes 6 --users 100 --auctions 4 [--server-bin PATH]`; with
//! `--standby`, one crash of a primary whose synchronous standby is then promoted.

use tyiyn_testkit as common;
use tyiyn_testkit::pg_crash;

use std::process::ExitCode;
use std::time::Duration;

use common::arg;
use pg_crash::{Plan, run};

fn args_has(flag: &str) -> bool {
    std::env::args().any(|a| a == flag)
}

#[tokio::main]
async fn main() -> ExitCode {
    let bin: String = arg("--server-bin", String::new());
    let plan = Plan {
        crashes: arg("--crashes", 6),
        users: arg("--users", 100),
        auctions: arg("--auctions", 4),
        held: Duration::from_millis(arg("--held-ms", 1_000)),
        down: Duration::from_millis(arg("--down-ms", 1_000)),
        after: Duration::from_secs(arg("--after-secs", 5)),
        countdown_secs: arg("--countdown-secs", 5),
        server_bin: (!bin.is_empty()).then_some(bin),
        standby: args_has("--standby"),
        manager: None,
    };
    println!(
        "pg_crash: {}, {} users on {} auctions, commits held {} ms, down {} ms",
        if plan.standby {
            "a primary killed, its synchronous standby promoted".to_owned()
        } else {
            format!("{} crashes", plan.crashes)
        },
        plan.users,
        plan.auctions,
        plan.held.as_millis(),
        plan.down.as_millis()
    );
    let outcome = run(&plan).await;
    if outcome.verdict("pg_crash") { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}
