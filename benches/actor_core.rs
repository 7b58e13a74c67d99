//! Throughput of the bid hot path in memory: the pure rules (`AuctionState::place_bid`) and a
//! full round trip through one auction actor backed by `MemoryStore` (decide, batch-commit,
//! answer, broadcast). Many distinct users bid in turn, so the leader and 1 s rules accept.
//!
//! `cargo bench --bench actor_core` prints bids/s for both before criterion's own figures.

use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use actix::prelude::*;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use futures_util::StreamExt;
use futures_util::stream::FuturesUnordered;
use tyiyn_actors::auction::{ActorSettings, AuctionActor, Env, PlaceBid};
use tyiyn_actors::bots::BotConfig;
use tyiyn_actors::outlets::Outlets;
use tyiyn_actors::snapshot::{AuctionDetails, AuctionSnapshot, AuctionStatus};
use tyiyn_actors::store::MemoryStore;
use tyiyn_actors::{AuctionId, AuctionState, Bidder, ManualClock, Rules, Tyiyn, UnixMillis, UserId};

const T0: UnixMillis = UnixMillis(1_800_000_000_000);
/// Distinct bidders taking turns: each bids once per `USERS` ms of stamps, far above 1 s.
const USERS: usize = 50_000;
/// Bids in flight at once against the actor (many HTTP requests arriving together).
const IN_FLIGHT: usize = 512;

fn bidders() -> Vec<Bidder> {
    (0..USERS as i64).map(|i| Bidder::user(UserId(i + 1), format!("user{}", i + 1))).collect()
}

/// A live auction whose state places `n` bids in turn; returns the time taken.
fn run_pure(n: u64, state: &mut AuctionState, bidders: &[Bidder], stamp: &mut UnixMillis) -> Duration {
    let start = Instant::now();
    for i in 0..n {
        *stamp = stamp.plus_ms(1);
        let placed = state.place_bid(*stamp, &bidders[(stamp.0 as usize) % USERS]);
        black_box(placed.expect("distinct users in turn are always accepted"));
        black_box(i);
    }
    start.elapsed()
}

fn live_state() -> AuctionState {
    let mut state = AuctionState::upcoming(AuctionId(1), T0, Tyiyn(0), Rules::default());
    state.go_live(T0);
    state
}

fn live_snapshot() -> AuctionSnapshot {
    let details = AuctionDetails { title: "Bench lot".into(), ..AuctionDetails::default() };
    let mut snapshot = AuctionSnapshot::upcoming(AuctionId(1), details, T0, Tyiyn(0), T0);
    snapshot.status = AuctionStatus::Live;
    snapshot.ends_at = Some(T0.plus_ms(10_000));
    snapshot
}

/// Places `n` bids through one actor with `IN_FLIGHT` outstanding; returns the time taken and
/// the number of store commits (batches). Each call builds a fresh actix system, store and actor
/// (not timed).
fn run_actor(n: u64) -> (Duration, usize) {
    let system = System::new();
    system.block_on(async move {
        let store = MemoryStore::for_bench(i64::MAX / 2);
        store.seed(live_snapshot());
        let stats = store.clone();
        let env = Env {
            store: Arc::new(store),
            clock: ManualClock::new(T0),
            rules: Rules::default(),
            outlets: Outlets::discard(),
            settings: ActorSettings::default(),
            bots: BotConfig::default(),
            wins: Default::default(),
        };
        let auction = AuctionActor::new(live_snapshot(), env, None).launch();
        let names: Vec<Arc<str>> = (1..=USERS).map(|i| Arc::from(format!("user{i}"))).collect();
        let bid = |i: u64| {
            let u = (i as usize) % USERS;
            PlaceBid {
                user: UserId(u as i64 + 1),
                username: names[u].clone(),
                stamp: T0.plus_ms(i as i64 + 1),
            }
        };
        let start = Instant::now();
        let mut pending = FuturesUnordered::new();
        let mut sent = 0;
        let mut refused = 0u64;
        while sent < n.min(IN_FLIGHT as u64) {
            pending.push(auction.send(bid(sent)));
            sent += 1;
        }
        while let Some(answer) = pending.next().await {
            refused += u64::from(!matches!(answer, Ok(Ok(_))));
            if sent < n {
                pending.push(auction.send(bid(sent)));
                sent += 1;
            }
        }
        let elapsed = start.elapsed();
        assert_eq!(refused, 0, "every bid of a distinct user in turn is accepted");
        (elapsed, stats.stats().commits)
    })
}

fn headline() {
    let bidders = bidders();
    let mut state = live_state();
    let mut stamp = T0;
    run_pure(1_000_000, &mut state, &bidders, &mut stamp); // warm-up
    let n = 5_000_000;
    let t = run_pure(n, &mut state, &bidders, &mut stamp);
    println!("pure AuctionState::place_bid: {:>12.0} bids/s ({n} bids in {t:?})", n as f64 / t.as_secs_f64());
    run_actor(50_000); // warm-up
    let n = 500_000;
    let (t, commits) = run_actor(n);
    println!(
        "one AuctionActor + MemoryStore: {:>10.0} bids/s ({n} bids in {t:?}, {IN_FLIGHT} in flight, \
         {:.1} bids per commit)",
        n as f64 / t.as_secs_f64(),
        n as f64 / commits as f64
    );
}

fn benches(c: &mut Criterion) {
    headline();

    let bidders = bidders();
    let mut state = live_state();
    let mut stamp = T0;
    let mut group = c.benchmark_group("pure");
    group.throughput(Throughput::Elements(1));
    group.bench_function("place_bid", |b| {
        b.iter(|| {
            stamp = stamp.plus_ms(1);
            black_box(state.place_bid(stamp, &bidders[(stamp.0 as usize) % USERS]).is_ok())
        })
    });
    group.finish();

    let mut group = c.benchmark_group("actor");
    group.sample_size(10).measurement_time(Duration::from_secs(10));
    group.throughput(Throughput::Elements(100_000));
    group.bench_function("place_bid_100k", |b| {
        b.iter_custom(|iters| (0..iters).map(|_| run_actor(100_000).0).sum())
    });
    group.finish();
}

criterion_group!(actor_core, benches);
criterion_main!(actor_core);
