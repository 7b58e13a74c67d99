//! The seeded simulation of the auction runtime (`tyiyn_actors::sim`) over thousands of seeds:
//! each seed builds a world over the memory store and paused time, takes `--steps` random steps
//! (bids, pre-bids, bots, admin messages, store outages and slow commits, actor crashes, clock
//! jumps) and checks every invariant after each. Prints progress and seeds/s; on the first
//! violated invariant prints the seed, its last steps and the command that replays it, and
//! exits 1.
//!
//! `cargo bench --bench simulate -- --seeds 5000 --steps 200 --from 0`

use tyiyn_testkit as common;

use std::process::ExitCode;
use std::time::Instant;

use common::arg;
use tyiyn_actors::sim;

fn main() -> ExitCode {
    let seeds: u64 = arg("--seeds", 5_000);
    let steps: usize = arg("--steps", 200);
    let from: u64 = arg("--from", 0);
    println!("simulate: seeds {from}..{}, {steps} steps each", from + seeds);
    let started = Instant::now();
    let (mut bids, mut crashes, mut outages, mut in_doubt) = (0, 0, 0, 0);
    for (done, seed) in (from..from + seeds).enumerate() {
        match sim::run(seed, steps) {
            Ok(s) => {
                bids += s.bids;
                crashes += s.crashes;
                outages += s.outages;
                in_doubt += s.charged_in_doubt;
            }
            Err(failure) => {
                println!("simulate: FAILED\n{failure}");
                println!("or: cargo bench --bench simulate -- --from {seed} --seeds 1 --steps {steps}");
                return ExitCode::FAILURE;
            }
        }
        let done = done as u64 + 1;
        if done.is_multiple_of(500) || done == seeds {
            let rate = done as f64 / started.elapsed().as_secs_f64();
            println!("simulate: {done}/{seeds} seeds, {rate:.0} seeds/s");
        }
    }
    println!(
        "simulate: every invariant held over {seeds} seeds in {:.1} s: {bids} bids stored, {crashes} actor \
         crashes, {outages} store outages, {in_doubt} bids refused after a crash yet charged",
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
