//! Failover bench: users bid over HTTP on live auctions while the primary of a pg_auto_failover
//! formation (a monitor, a primary and a synchronous standby, started by `.ci/pg-failover` under
//! `--dir`) is killed with SIGKILL `--kills` times; the manager promotes the standby, the server
//! follows through its multi-host `DATABASE_URL`, and the killed node rejoins as a standby before
//! the next kill (docs/failover.md). Prints the write outage (kill → next accepted bid) p50, p99
//! and max, acknowledged bids lost, bids charged but refused, and `tyiyn check`; exits 1 if any
//! bid was lost or charged for a refusal, answered 500, any auction finished, or the check failed.
//!
//! `cargo bench --bench failover -- --kills 5 --users 100 --auctions 4 [--dir var/pgaf-bench]`

use tyiyn_testkit as common;
use tyiyn_testkit::pg_crash;

use std::process::ExitCode;
use std::time::Duration;

use common::arg;
use pg_crash::{Plan, run};

#[tokio::main]
async fn main() -> ExitCode {
    let dir: String = arg("--dir", "var/pgaf-bench".to_owned());
    let plan = Plan {
        crashes: arg("--kills", 5),
        users: arg("--users", 100),
        auctions: arg("--auctions", 4),
        held: Duration::ZERO,
        down: Duration::ZERO,
        after: Duration::from_secs(arg("--after-secs", 20)),
        // Longer than an outage: an auction that finished would have been decided while nobody
        // could bid (the pause must hold it).
        countdown_secs: arg("--countdown-secs", 5),
        server_bin: None,
        standby: false,
        manager: Some(dir),
    };
    println!(
        "failover: {} kills of the primary, {} users on {} auctions",
        plan.crashes, plan.users, plan.auctions
    );
    let outcome = run(&plan).await;
    if outcome.verdict("failover") { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}
