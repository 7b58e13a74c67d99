//! The simulated world: a [`MemoryStore`], paused tokio time read through a [`TokioClock`], a
//! dozen users, four bots, and one auction actor per lot, each run as its own task so a crash is
//! an abort (the actor vanishes mid-whatever, the store keeps what committed) and a restart is a
//! reload from the store, as the registry does.

use std::time::Duration;

use actix::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use super::model::{Actor, Ask, Model, bot_reply};
use crate::auction::{ActorSettings, AssignBot, AuctionActor, Env, StoreDown, StoreUp};
use crate::bots::{BotConfig, BotSettings};
use crate::clock::{Clock, TokioClock, UnixMillis};
use crate::ids::{AuctionId, BotId, Tyiyn, UserId};
use crate::rules::Rules;
use crate::snapshot::{AuctionDetails, AuctionSnapshot, AuctionStatus};
use crate::store::{AuctionStore, MemoryStore};

/// The moment every run starts at (2027-01-15).
pub(super) const T0: UnixMillis = UnixMillis(1_800_000_000_000);
/// Users `1..=USERS`.
pub(super) const USERS: i64 = 12;
/// Bots `101..=100 + BOTS`.
pub(super) const BOTS: i64 = 4;

/// One auction of the world, as the simulation tracks it.
pub(super) struct Lot {
    pub(super) id: AuctionId,
    running: Option<(Addr<Actor>, tokio::task::JoinHandle<()>)>,
    /// Killed while the store was down: reloaded once it is back.
    pub(super) awaiting_restart: bool,
    /// When its actor was killed, until it is reloaded.
    crashed_at: Option<UnixMillis>,
    /// The deadline it was seeded with, when seeded live (the replay of its bids starts there).
    pub(super) seeded_deadline: Option<UnixMillis>,
    /// Once seen finished: its `ended_at` and bid count, which must never change again.
    pub(super) finished: Option<(UnixMillis, usize)>,
    /// The status last seen in the store (it only moves forward).
    pub(super) status: AuctionStatus,
}

impl Lot {
    /// Its actor, if one is running.
    pub(super) fn addr(&self) -> Option<Addr<Actor>> {
        self.running.as_ref().map(|(a, _)| a.clone()).filter(Addr::connected)
    }
}

/// A time the store was down: `[down, up]`, `up` unset while it still is.
#[derive(Debug, Clone, Copy)]
pub(super) struct Outage {
    pub(super) down: UnixMillis,
    pub(super) up: Option<UnixMillis>,
    /// The store's finish count when it went down.
    pub(super) finished: usize,
}

/// Everything a run owns.
pub(super) struct World {
    pub(super) store: MemoryStore,
    pub(super) clock: TokioClock,
    env: Env<MemoryStore, TokioClock>,
    pub(super) rng: StdRng,
    pub(super) lots: Vec<Lot>,
    pub(super) outages: Vec<Outage>,
    pub(super) model: Model,
    pub(super) crashes: usize,
    /// The deadlines announced at go-live.
    starts: super::lobby::Starts,
}

impl World {
    /// Builds the world of `seed`: pauses tokio time (call inside a fresh actix system).
    pub(super) fn build(seed: u64) -> Self {
        tokio::time::pause();
        let mut rng = StdRng::seed_from_u64(seed);
        let clock = TokioClock::starting_at(T0);
        let store = MemoryStore::new();
        let settings = BotSettings {
            enabled: true,
            min_delay: 1,
            max_delay: rng.random_range(1..=4),
            active_bots: rng.random_range(1..=2),
        };
        let bots = BotConfig { seed: Some(seed), ..BotConfig::default() };
        let starts = super::lobby::Starts::default();
        bots.settings.set(settings);
        let env = Env {
            store: std::sync::Arc::new(store.clone()),
            clock: clock.clone(),
            rules: Rules::default(),
            outlets: super::lobby::outlets(starts.clone()),
            settings: ActorSettings::default(),
            bots,
            wins: Default::default(),
        };
        let mut world = World {
            store,
            clock,
            env,
            rng,
            lots: Vec::new(),
            outages: Vec::new(),
            model: Model::default(),
            crashes: 0,
            starts,
        };
        world.populate();
        world
    }

    fn populate(&mut self) {
        for i in 1..=USERS {
            let balance = self.rng.random_range(2..=15);
            self.store.add_user(UserId(i), &format!("user{i}"), balance);
            self.model.initial.insert(UserId(i), balance);
        }
        for i in 1..=BOTS {
            self.store.add_bot(BotId(100 + i), &format!("Bot{i}"), "Sim", true);
        }
        for id in 1..=self.rng.random_range(3..=5) {
            let snap = if self.rng.random_bool(0.5) {
                upcoming(id, T0.plus_ms(self.rng.random_range(1_000..30_000)))
            } else {
                live(id, T0.plus_ms(self.rng.random_range(2_000..12_000)))
            };
            self.store.seed(snap.clone());
            self.admit(snap);
        }
        for i in 0..self.lots.len() {
            for bot in 101..=100 + BOTS {
                if self.rng.random_bool(0.3) {
                    let limit = self.rng.random_range(0..=8);
                    self.assign(i, BotId(bot), limit);
                }
            }
        }
    }

    /// Tracks a new lot and starts its actor.
    pub(super) fn admit(&mut self, snap: AuctionSnapshot) {
        let seeded_deadline = snap.ends_at.filter(|_| snap.status == AuctionStatus::Live);
        let mut lot = Lot {
            id: snap.id,
            running: None,
            awaiting_restart: false,
            crashed_at: None,
            seeded_deadline,
            finished: None,
            status: snap.status,
        };
        lot.running = Some(self.launch(snap, None));
        self.lots.push(lot);
    }

    /// Sends an `AssignBot` from the admin to lot `i`.
    pub(super) fn assign(&mut self, i: usize, bot: BotId, bid_limit: u32) {
        let lot = &self.lots[i];
        let ask = Ask::Admin { auction: lot.id, what: "assign" };
        self.model.send(lot.addr(), ask, AssignBot { bot, bid_limit, active: true }, bot_reply);
    }

    /// Runs an actor for `snap` as its own task, so it can be killed; `down_since` as the registry
    /// gives it after a crash.
    fn launch(
        &self,
        snap: AuctionSnapshot,
        down_since: Option<UnixMillis>,
    ) -> (Addr<Actor>, tokio::task::JoinHandle<()>) {
        let mut ctx = Context::new();
        ctx.set_mailbox_capacity(self.env.settings.mailbox_capacity);
        let addr = ctx.address();
        let actor = AuctionActor::new(snap, self.env.clone(), None).down_since(down_since);
        let task = actix::spawn(ctx.into_future(actor));
        (addr, task)
    }

    /// Kills lot `i`'s actor (if running) and reloads it from the store, or later if it is down.
    pub(super) async fn crash(&mut self, i: usize) {
        let Some((_, task)) = self.lots[i].running.take() else { return };
        task.abort();
        self.crashes += 1;
        self.model.crashed(self.lots[i].id);
        self.lots[i].awaiting_restart = true;
        // Bids could not be placed since the crash, or since the pause it was in (the registry
        // learns that from the actor's stop report; here the lobby heard the pause).
        let since = super::lobby::pausing(&self.starts, self.lots[i].id)
            .map_or(self.clock.now(), |p| p.min(self.clock.now()));
        let crashed_at = self.lots[i].crashed_at.get_or_insert(since);
        *crashed_at = (*crashed_at).min(since);
        self.restart(i).await;
    }

    /// Reloads lot `i` from the store, as the registry does after a crash; stays pending while
    /// the store is down. A finished or deleted auction is not restarted.
    pub(super) async fn restart(&mut self, i: usize) {
        match self.env.store.load(self.lots[i].id).await {
            Ok(snap) => {
                self.lots[i].awaiting_restart = false;
                // Nobody could bid on it since the crash, as the registry knows (`launch_after`).
                let crashed_at = self.lots[i].crashed_at.take();
                if let Some(snap) = snap.filter(|s| s.status != AuctionStatus::Finished) {
                    self.lots[i].running = Some(self.launch(snap, crashed_at));
                }
            }
            Err(_) => self.lots[i].awaiting_restart = true,
        }
    }

    /// The store goes down (if up); the window is recorded for the outage rule. The running
    /// actors are told, as the server's health monitor tells them (`StoreDown`, since its last
    /// good probe: here the moment itself).
    pub(super) fn store_down(&mut self) {
        if self.store_is_down() {
            return;
        }
        self.store.set_unavailable(true);
        let finished = self.store.stats().finished;
        let now = self.clock.now();
        self.outages.push(Outage { down: now, up: None, finished });
        for addr in self.lots.iter().filter_map(Lot::addr) {
            addr.do_send(StoreDown { since: now });
        }
    }

    /// The store comes back; the running actors are told (`StoreUp`), as the monitor does.
    pub(super) fn store_up(&mut self) {
        self.store.set_unavailable(false);
        for addr in self.lots.iter().filter_map(Lot::addr) {
            addr.do_send(StoreUp);
        }
        let now = self.clock.now();
        for o in self.outages.iter_mut().filter(|o| o.up.is_none()) {
            o.up = Some(now);
        }
    }

    /// Whether the store is down now.
    pub(super) fn store_is_down(&self) -> bool {
        self.outages.last().is_some_and(|o| o.up.is_none())
    }

    /// Lets everything that can run without time passing run (paused time moves only once the
    /// runtime is idle), then 1 ms more.
    pub(super) async fn settle(&self) {
        tokio::time::sleep(Duration::from_millis(1)).await;
    }

    /// Time passes: every timer fires at its moment, with all the work it triggers.
    pub(super) async fn wait(&self, ms: u64) {
        tokio::time::sleep(Duration::from_millis(ms)).await;
    }

    /// The clock jumps (a stalled host): timers due meanwhile fire late, all at once.
    pub(super) async fn jump(&self, ms: u64) {
        tokio::time::advance(Duration::from_millis(ms)).await;
        self.settle().await;
    }

    /// Where lot `i`'s countdown began: the deadline it was seeded with, or the one it announced
    /// at go-live; `None` while upcoming.
    pub(super) fn resumes(&self, i: usize) -> Vec<(UnixMillis, UnixMillis)> {
        super::lobby::resumes(&self.starts, self.lots[i].id)
    }

    /// The deadline lot `i`'s countdown began with: seeded, or announced at go-live.
    pub(super) fn first_deadline(&self, i: usize) -> Option<UnixMillis> {
        let lot = &self.lots[i];
        lot.seeded_deadline.or_else(|| super::lobby::announced(&self.starts, lot.id))
    }

    /// The rules every actor runs under.
    pub(super) fn rules(&self) -> Rules {
        self.env.rules
    }
}

fn upcoming(id: i64, start: UnixMillis) -> AuctionSnapshot {
    // The lots vary the house rule (none, a reserve of 0, 10 or 20 bids) and the opening.
    let details = AuctionDetails {
        title: format!("Lot {id}"),
        house_reserve: (id % 4 != 0).then(|| i32::try_from(id % 3 * 10).unwrap_or(0)),
        opening_secs: (id % 3 == 0).then_some(30),
        ..AuctionDetails::default()
    };
    AuctionSnapshot::upcoming(AuctionId(id), details, start, Tyiyn(id * 10), T0)
}

fn live(id: i64, ends_at: UnixMillis) -> AuctionSnapshot {
    AuctionSnapshot {
        status: AuctionStatus::Live,
        start_time: T0.plus_ms(-60_000),
        ends_at: Some(ends_at),
        ..upcoming(id, T0)
    }
}
