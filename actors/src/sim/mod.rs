//! A seeded, deterministic simulation of the auction runtime, in the manner of TigerBeetle's
//! simulator (feature `sim`). From one `u64` seed, [`run`] builds a small world over
//! [`MemoryStore`](crate::store::MemoryStore) and paused tokio time (a few upcoming and live
//! auctions, a dozen users with small balances, bots assigned), then takes random steps: people's
//! bids and pre-bids, time passing (bots bid) or jumping, admin control messages, store outages
//! and slow commits, actors killed and reloaded from the store, new auctions. The same seed gives
//! the same run, so a failing seed is a reproducible bug report.
//!
//! After every step it checks:
//! - no acknowledged bid lost: every bid answered `Ok` is stored with its id, bidder and amount;
//! - balance = ledger: each user's balance is the initial one minus the bids and pre-bids the
//!   answers charged on auctions that still exist (a delete refunds), up to their unanswered
//!   requests;
//! - price = starting price + increment × bids, in the store (bid by bid) and in the actor's view;
//! - no bid stamped at or after the deadline in force, and the deadline covers the last bid;
//! - finished exactly once (the store's count), never before the deadline and its grace (a
//!   deadline finish records the deadline), frozen afterwards, status never going back;
//! - with [`OUTAGE_RULE`]: nothing finishes while the store is down, and no deadline finish
//!   records an end inside an outage.
//!
//! At the end the store comes back and time runs on: every request must have been answered and
//! every auction finished or deleted.

use std::collections::BTreeMap;
use std::fmt;
use std::hash::{DefaultHasher, Hash, Hasher};

mod actions;
mod checks;
mod lobby;
mod model;
mod perform;
mod world;

use actions::Action;
use world::World;

/// Whether to check the outage rule (docs/rules/outages.md, "Database outages"): a live auction
/// pauses its countdown while the store is down and gets at least the bid countdown back when
/// it returns, so no finish is recorded during an outage and no deadline finish ends inside one.
pub const OUTAGE_RULE: bool = true;

/// How long the world runs on after the last step, so everything left can finish (ms).
const SETTLE_MS: u64 = 120_000;
/// Trace lines kept for a failure report.
const RECENT: usize = 60;

/// What a run that kept every invariant did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// Steps taken.
    pub steps: usize,
    /// Answers by kind (`bid ok`, `refused too_fast`, …).
    pub answers: BTreeMap<String, usize>,
    /// Bids stored in the end, bots' and converted pre-bids included.
    pub bids: usize,
    /// Actors killed.
    pub crashes: usize,
    /// Store outages.
    pub outages: usize,
    /// Requests refused after their actor was killed although their bid had committed: the
    /// bidder was told "unavailable" and charged (the ledger counts them as charged).
    pub charged_in_doubt: usize,
    /// A hash of the whole trace and the final store: equal for equal runs.
    pub fingerprint: u64,
}

/// A violated invariant, with what is needed to replay it.
#[derive(Debug, Clone)]
pub struct Failure {
    /// The seed.
    pub seed: u64,
    /// The steps the run was to take.
    pub steps: usize,
    /// The step after which the check failed (`steps` for the final one).
    pub step: usize,
    /// What was violated.
    pub message: String,
    /// The last steps and answers before it.
    pub recent: Vec<String>,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "seed {} failed after step {}: {}", self.seed, self.step, self.message)?;
        writeln!(f, "last steps:")?;
        for line in &self.recent {
            writeln!(f, "  {line}")?;
        }
        write!(
            f,
            "replay: SIM_SEED={} SIM_STEPS={} cargo test -p tyiyn-actors --test runtime simulation",
            self.seed, self.steps
        )
    }
}

/// Runs seed `seed` for `steps` steps in a fresh actix system with paused time.
pub fn run(seed: u64, steps: usize) -> Result<Summary, Failure> {
    actix::System::new().block_on(simulate(seed, steps))
}

/// Every line of a run, hashed, the last ones kept.
#[derive(Default)]
struct Trace {
    hash: DefaultHasher,
    recent: std::collections::VecDeque<String>,
}

impl Trace {
    fn push(&mut self, line: String) {
        line.hash(&mut self.hash);
        if self.recent.len() == RECENT {
            self.recent.pop_front();
        }
        self.recent.push_back(line);
    }

    fn fail(&self, seed: u64, steps: usize, step: usize, message: String) -> Failure {
        Failure { seed, steps, step, message, recent: self.recent.iter().cloned().collect() }
    }
}

async fn simulate(seed: u64, steps: usize) -> Result<Summary, Failure> {
    let mut world = World::build(seed);
    let mut trace = Trace::default();
    world.settle().await;
    for step in 0..=steps {
        let actions = if step < steps {
            vec![world.draw()]
        } else {
            vec![Action::StoreUp, Action::Latency(None), Action::Wait(SETTLE_MS)]
        };
        for action in actions {
            trace.push(format!("step {step} at +{} ms: {action:?}", world.elapsed_ms()));
            world.perform(&action).await;
            world.model.drain(&world.store).into_iter().for_each(|l| trace.push(l));
        }
        world.check().await.map_err(|m| trace.fail(seed, steps, step, m))?;
    }
    world.check_settled().map_err(|m| trace.fail(seed, steps, steps, m))?;
    Ok(world.summary(steps, trace.hash))
}

impl World {
    fn elapsed_ms(&self) -> i64 {
        use crate::clock::Clock;
        self.clock.now().ms_since(world::T0)
    }

    fn summary(&self, steps: usize, mut hash: DefaultHasher) -> Summary {
        let mut bids = 0;
        for lot in &self.lots {
            let stored = self.store.bids(lot.id);
            bids += stored.len();
            format!("{stored:?}").hash(&mut hash);
        }
        for user in (1..=world::USERS).map(crate::ids::UserId) {
            self.store.balance(user).hash(&mut hash);
        }
        Summary {
            steps,
            answers: self.model.counts.clone(),
            bids,
            crashes: self.crashes,
            outages: self.outages.len(),
            charged_in_doubt: self.model.charged_in_doubt,
            fingerprint: hash.finish(),
        }
    }
}
