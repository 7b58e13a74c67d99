//! Shared test fixtures: a paused-time harness around `MemoryStore`, snapshots to seed, and a
//! recording actor standing in for the server's sessions, lobby and balance router.
#![allow(dead_code)] // each test file uses a different part

mod fixtures;

pub use fixtures::*;

use std::sync::{Arc, Mutex};

use actix::prelude::*;
use serde_json::Value;
use tokio::sync::mpsc;
use tyiyn_actors::auction::{ActorSettings, AuctionActor, Env, Join};
use tyiyn_actors::bots::BotConfig;
use tyiyn_actors::outlets::{BalanceChanged, JsonEncoder, LobbyUpdate, Notice, Outlets, Push};
use tyiyn_actors::snapshot::AuctionSnapshot;
use tyiyn_actors::store::MemoryStore;
use tyiyn_actors::{Clock, Rules, TokioClock, UnixMillis, UserId};

/// The moment every test starts at (2027-01-15).
pub const T0: UnixMillis = UnixMillis(1_800_000_000_000);

/// Records everything an auction actor publishes.
pub struct Recorder {
    frames: mpsc::UnboundedSender<String>,
    lobby: Arc<Mutex<Vec<LobbyUpdate>>>,
    balances: Arc<Mutex<Vec<BalanceChanged>>>,
    notices: Arc<Mutex<Vec<Notice>>>,
}

impl Actor for Recorder {
    type Context = Context<Self>;
}

impl Handler<Push> for Recorder {
    type Result = ();
    fn handle(&mut self, msg: Push, _: &mut Context<Self>) {
        let _ = self.frames.send(msg.frame.to_string());
    }
}

impl Handler<LobbyUpdate> for Recorder {
    type Result = ();
    fn handle(&mut self, msg: LobbyUpdate, _: &mut Context<Self>) {
        self.lobby.lock().unwrap().push(msg);
    }
}

impl Handler<Notice> for Recorder {
    type Result = ();
    fn handle(&mut self, msg: Notice, _: &mut Context<Self>) {
        self.notices.lock().unwrap().push(msg);
    }
}

impl Handler<BalanceChanged> for Recorder {
    type Result = ();
    fn handle(&mut self, msg: BalanceChanged, _: &mut Context<Self>) {
        self.balances.lock().unwrap().push(msg);
    }
}

/// Stops the recorder (a session that went away).
#[derive(Message)]
#[rtype(result = "()")]
pub struct Stop;

impl Handler<Stop> for Recorder {
    type Result = ();
    fn handle(&mut self, _: Stop, ctx: &mut Context<Self>) {
        ctx.stop();
    }
}

/// Answered once the recorder has handled everything sent to it before.
#[derive(Message)]
#[rtype(result = "()")]
pub struct Sync;

impl Handler<Sync> for Recorder {
    type Result = ();
    fn handle(&mut self, _: Sync, _: &mut Context<Self>) {}
}

/// A watching session: its frames arrive on `rx`.
pub struct Watcher {
    pub addr: Addr<Recorder>,
    pub rx: mpsc::UnboundedReceiver<String>,
}

impl Watcher {
    pub fn new() -> Self {
        let (frames, rx) = mpsc::unbounded_channel();
        let addr =
            Recorder { frames, lobby: Arc::default(), balances: Arc::default(), notices: Arc::default() }
                .start();
        Watcher { addr, rx }
    }

    pub fn join(&self) -> Join {
        Join { session: self.addr.clone().recipient(), user: None }
    }

    /// The next frame, parsed. Waiting lets paused time jump to the next timer.
    pub async fn next(&mut self) -> Value {
        let frame = self.rx.recv().await.expect("the actor dropped this watcher");
        serde_json::from_str(&frame).expect("frames are JSON")
    }

    /// Skips frames until one of `kind` arrives.
    pub async fn next_of(&mut self, kind: &str) -> Value {
        loop {
            let frame = self.next().await;
            if frame["type"] == kind {
                return frame;
            }
        }
    }
}

/// A paused-time world: store, clock, outlets that record.
pub struct Harness {
    pub store: MemoryStore,
    pub clock: TokioClock,
    pub env: Env<MemoryStore, TokioClock>,
    pub outlet: Addr<Recorder>,
    pub lobby: Arc<Mutex<Vec<LobbyUpdate>>>,
    pub balances: Arc<Mutex<Vec<BalanceChanged>>>,
    /// Personal notices (a pre-bid's go-live, an outbid), in the order published.
    pub notices: Arc<Mutex<Vec<Notice>>>,
}

impl Harness {
    /// Pauses tokio time and builds the world at `T0`. Call first in an `#[actix_rt::test]`.
    pub fn paused() -> Self {
        tokio::time::pause();
        Self::new(TokioClock::starting_at(T0))
    }

    pub fn new(clock: TokioClock) -> Self {
        let store = MemoryStore::new();
        let lobby = Arc::<Mutex<Vec<LobbyUpdate>>>::default();
        let balances = Arc::<Mutex<Vec<BalanceChanged>>>::default();
        let notices = Arc::<Mutex<Vec<Notice>>>::default();
        let (frames, _) = mpsc::unbounded_channel();
        let outlet =
            Recorder { frames, lobby: lobby.clone(), balances: balances.clone(), notices: notices.clone() }
                .start();
        let outlets = Outlets {
            lobby: outlet.clone().recipient(),
            balances: outlet.clone().recipient(),
            notices: outlet.clone().recipient(),
            encoder: Arc::new(JsonEncoder),
        };
        let env = Env {
            store: Arc::new(store.clone()),
            clock: clock.clone(),
            rules: Rules::default(),
            outlets,
            settings: ActorSettings::default(),
            // Seeded, so bot delays and choices repeat from run to run.
            bots: BotConfig { seed: Some(42), ..BotConfig::default() },
            wins: Default::default(),
        };
        Harness { store, clock, env, outlet, lobby, balances, notices }
    }

    /// Users 1..=n named `user<i>`, each with `balance` bids.
    pub fn users(&self, n: i64, balance: i64) {
        for i in 1..=n {
            self.store.add_user(UserId(i), &format!("user{i}"), balance);
        }
    }

    /// Seeds `snap` into the store and starts an unsupervised actor for it.
    pub fn start(&self, snap: AuctionSnapshot) -> Addr<AuctionActor<MemoryStore, TokioClock>> {
        self.store.seed(snap.clone());
        AuctionActor::new(snap, self.env.clone(), None).launch()
    }

    /// Waits until the outlet recorder has handled everything published so far.
    pub async fn settle_outlets(&self) {
        self.outlet.send(Sync).await.unwrap();
    }
}

/// Lets the runtime run (without moving paused time) until `done` holds; panics if it never does.
pub async fn eventually(mut done: impl FnMut() -> bool) {
    for _ in 0..10_000 {
        if done() {
            return;
        }
        tokio::task::yield_now().await;
    }
    panic!("condition never became true");
}

/// The harness clock's reading.
pub fn now(h: &Harness) -> UnixMillis {
    h.clock.now()
}
