//! Push latency: how long after a win its notice reaches the winner's phone, with many wins at
//! once (docs/performance.md, "Push to the phone"). A stand-in push service takes each message
//! after `--service-ms`; the server is the real one, its outbox as configured by default.
//!
//! `cargo bench --bench push_latency -- --wins 200 --service-ms 30`

use std::process::ExitCode;

use tyiyn_testkit::arg;
use tyiyn_testkit::push_latency::{Plan, run};

#[tokio::main]
async fn main() -> ExitCode {
    let plan = Plan { wins: arg("--wins", 200), service_ms: arg("--service-ms", 30) };
    println!(
        "push latency: {} auctions end in one burst, each won by a user with a phone; the push service answers in {} ms",
        plan.wins, plan.service_ms
    );
    let outcome = run(&plan).await;
    outcome.print();
    if outcome.holds() {
        ExitCode::SUCCESS
    } else {
        println!("push latency: FAILED ({} notices never arrived)", outcome.missing);
        ExitCode::FAILURE
    }
}
