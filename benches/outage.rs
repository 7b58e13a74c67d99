//! Database outage script: users bid over HTTP on live auctions with a countdown shorter than an
//! outage while the server's own PostgreSQL cluster (a private one this script creates) is stopped
//! and started again, `--cycles` times. Prints the answers, the slowest request, the time until
//! bids are accepted again, and `tyiyn check`; exits 1 if any auction finished, any request failed
//! or the check did not pass.
//!
//! `cargo bench --bench outage -- --cycles 5 --users 100 --auctions 5 --outage-secs 10`

use tyiyn_testkit as common;
use tyiyn_testkit::outage;

use std::process::ExitCode;
use std::time::Duration;

use common::arg;
use outage::{Plan, run};

#[tokio::main]
async fn main() -> ExitCode {
    let plan = Plan {
        cycles: arg("--cycles", 5),
        users: arg("--users", 100),
        auctions: arg("--auctions", 5),
        outage: Duration::from_secs(arg("--outage-secs", 10)),
        after: Duration::from_secs(arg("--after-secs", 5)),
        countdown_secs: arg("--countdown-secs", 5),
    };
    println!(
        "outage: {} cycles of {} s down and {} s up, {} users on {} auctions with a {} s countdown",
        plan.cycles,
        plan.outage.as_secs(),
        plan.after.as_secs(),
        plan.users,
        plan.auctions,
        plan.countdown_secs
    );
    let outcome = run(&plan).await;
    outcome.print();
    let holds = outcome.finished.is_empty()
        && outcome.failures() == 0
        && outcome.failed_reads() == 0
        && outcome.recovery.iter().all(Option::is_some)
        && outcome.check.0 == Some(0);
    if holds {
        println!("outage: no auction finished, no request failed, tyiyn check clean");
        ExitCode::SUCCESS
    } else {
        println!("outage: FAILED");
        ExitCode::FAILURE
    }
}
