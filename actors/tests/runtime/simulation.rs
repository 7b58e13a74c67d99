//! The seeded simulation of the runtime (`tyiyn_actors::sim`) over a fixed list of seeds, so every
//! run checks the same worlds. `SIM_SEED=<n>` replays one seed (`-- --nocapture` shows its
//! summary); `SIM_SEEDS=<count>` and `SIM_STEPS=<n>` change the amount. A failure names the seed,
//! its last steps and the command that replays it. A wider sweep: `cargo bench --bench simulate`.

use tyiyn_actors::sim;

/// Seeds `0..SEEDS` by default.
const SEEDS: u64 = 300;
/// Steps per seed by default.
const STEPS: usize = 200;

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

#[test]
fn every_seeded_run_keeps_the_invariants() {
    let steps = env_or("SIM_STEPS", STEPS);
    let seeds = match std::env::var("SIM_SEED").ok().and_then(|v| v.parse::<u64>().ok()) {
        Some(seed) => seed..seed + 1,
        None => 0..env_or("SIM_SEEDS", SEEDS),
    };
    let replay = seeds.end - seeds.start == 1;
    for seed in seeds {
        match sim::run(seed, steps) {
            Ok(summary) if replay => println!("seed {seed}: {summary:#?}"),
            Ok(_) => {}
            Err(failure) => panic!("{failure}"),
        }
    }
}

#[test]
fn the_same_seed_replays_the_same_run() {
    for seed in [7, 11] {
        let first = sim::run(seed, 150).expect("seed keeps the invariants");
        let second = sim::run(seed, 150).expect("seed keeps the invariants");
        assert_eq!(first, second, "seed {seed} ran differently twice");
    }
}
