//! Outbox crash script: 500 messages (half SMS, half Telegram) are written to the outbox, and
//! while the real server delivers them to local stand-ins of Nikita's SMS gateway and the Bot API
//! it is killed with SIGKILL `--kills` times at seeded moments and started again on the same
//! database. Then every message must have arrived, and each one that arrived twice must have been
//! in flight at a kill; prints the figures and exits 1 otherwise.
//!
//! `cargo bench --bench outbox_crash -- --messages 500 --kills 3 --seed 1`

use tyiyn_testkit as common;
use tyiyn_testkit::outbox_crash;

use std::process::ExitCode;

use common::arg;
use outbox_crash::{Plan, run};

#[tokio::main]
async fn main() -> ExitCode {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    let plan = Plan {
        messages: arg("--messages", 500),
        kills: arg("--kills", 3),
        seed: arg("--seed", now.as_nanos() as u64),
    };
    println!(
        "outbox crash: {} messages to the stand-ins, kill -9 {} times while they go out, seed {}",
        plan.messages, plan.kills, plan.seed
    );
    let outcome = run(&plan).await;
    outcome.print();
    if outcome.holds() {
        println!("outbox crash: every message arrived; repeats only of messages in flight at a kill");
        ExitCode::SUCCESS
    } else {
        println!(
            "outbox crash: FAILED (missing: {:?}; unexplained repeats: {:?})",
            outcome.missing, outcome.unexplained
        );
        ExitCode::FAILURE
    }
}
