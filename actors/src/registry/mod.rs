//! [`Registry`]: the supervisor. It starts one [`AuctionActor`] per upcoming or live auction
//! (all of them at start-up, then each new one), forgets them when they finish or are deleted, and
//! reloads an auction from the store when its actor stops unexpectedly. [`Directory`] is the
//! cheap, cloneable front door the HTTP handlers use.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use actix::prelude::*;

use crate::auction::{
    AuctionActor, AuctionStopped, Env, GetInfo, StepDown, StopReason, StoreDown, StoreUp, Supervision,
};
use crate::bots::BotNews;
use crate::clock::{Clock, UnixMillis};
use crate::errors::ControlError;
use crate::ids::AuctionId;
use crate::snapshot::{AuctionSnapshot, AuctionStatus};
use crate::store::{AuctionStore, StoreError};
use crate::view::AuctionInfo;

mod directory;
mod messages;

pub use directory::Directory;
pub use messages::{Adopt, CreateAuction, ListViews, Lookup, Release, Reload, Running};

/// The table of running actors, shared read-only with every [`Directory`].
pub(crate) type Table<S, C> = Arc<RwLock<HashMap<AuctionId, Addr<AuctionActor<S, C>>>>>;

/// A crash within this long of the previous one waits a retry period before the restart.
const CRASH_WINDOW_MS: i64 = 10_000;

struct Entry<S: AuctionStore, C: Clock> {
    addr: Addr<AuctionActor<S, C>>,
    incarnation: u64,
}

/// The supervisor of all auction actors.
pub struct Registry<S: AuctionStore, C: Clock> {
    env: Env<S, C>,
    arbiters: Vec<ArbiterHandle>,
    next_arbiter: usize,
    running: HashMap<AuctionId, Entry<S, C>>,
    table: Table<S, C>,
    incarnations: u64,
    last_crash: HashMap<AuctionId, UnixMillis>,
    /// Since when a crashed auction could not be bid on, until it is reloaded.
    down_since: HashMap<AuctionId, UnixMillis>,
    me: Recipient<AuctionStopped>,
}

impl<S: AuctionStore, C: Clock> Registry<S, C> {
    /// Loads every upcoming and live auction, starts the registry and one actor per auction, and
    /// returns the [`Directory`]. Auctions are spread round-robin over `arbiters` (threads) so
    /// bids on different auctions run in parallel; with none, everything runs on the current
    /// arbiter (tests). Fails if the store cannot be read.
    pub async fn launch(env: Env<S, C>, arbiters: Vec<ArbiterHandle>) -> Result<Directory<S, C>, StoreError> {
        Self::launch_after(env, arbiters, None).await
    }

    /// [`Registry::launch`] after a downtime: `last_alive` is the last moment the previous server
    /// process was known to run (its last heartbeat). Nobody could bid since, so a live auction
    /// whose deadline fell after it resumes with its countdown instead of finishing (the outage
    /// rule, see `auction::pause`); one whose deadline fell before it was decided and finishes.
    pub async fn launch_after(
        env: Env<S, C>,
        arbiters: Vec<ArbiterHandle>,
        last_alive: Option<UnixMillis>,
    ) -> Result<Directory<S, C>, StoreError> {
        let boot = env.store.load_active().await?;
        Ok(Self::start(env, arbiters, boot, last_alive))
    }

    /// A registry running nothing yet, for a node that takes leases: each auction starts when
    /// this node takes its lease ([`Adopt`]).
    pub fn launch_leased(env: Env<S, C>, arbiters: Vec<ArbiterHandle>) -> Directory<S, C> {
        Self::start(env, arbiters, Vec::new(), None)
    }

    fn start(
        env: Env<S, C>,
        arbiters: Vec<ArbiterHandle>,
        boot: Vec<AuctionSnapshot>,
        last_alive: Option<UnixMillis>,
    ) -> Directory<S, C> {
        let table: Table<S, C> = Arc::default();
        let mut ctx = Context::new();
        ctx.set_mailbox_capacity(256);
        let mut registry = Registry {
            env,
            arbiters,
            next_arbiter: 0,
            running: HashMap::new(),
            table: table.clone(),
            incarnations: 0,
            last_crash: HashMap::new(),
            down_since: HashMap::new(),
            me: ctx.address().recipient(),
        };
        // Started before the directory is handed out, so every active auction is found at once.
        for snap in boot {
            registry.spawn_after(snap, last_alive);
        }
        let addr = ctx.run(registry);
        Directory::new(table, addr)
    }

    /// Starts an actor for `snap` unless it is finished or already running.
    fn spawn(&mut self, snap: AuctionSnapshot) -> Option<Addr<AuctionActor<S, C>>> {
        self.spawn_after(snap, None)
    }

    /// [`Self::spawn`], for an auction nobody could bid on since `down_since`.
    fn spawn_after(
        &mut self,
        snap: AuctionSnapshot,
        down_since: Option<UnixMillis>,
    ) -> Option<Addr<AuctionActor<S, C>>> {
        if snap.status == AuctionStatus::Finished {
            return None;
        }
        if let Some(entry) = self.running.get(&snap.id).filter(|e| e.addr.connected()) {
            return Some(entry.addr.clone());
        }
        self.incarnations += 1;
        let id = snap.id;
        let supervision = Supervision { registry: self.me.clone(), incarnation: self.incarnations };
        let actor = AuctionActor::new(snap, self.env.clone(), Some(supervision)).down_since(down_since);
        let addr = if self.arbiters.is_empty() {
            actor.launch()
        } else {
            self.next_arbiter = (self.next_arbiter + 1) % self.arbiters.len();
            actor.launch_in(&self.arbiters[self.next_arbiter])
        };
        self.running.insert(id, Entry { addr: addr.clone(), incarnation: self.incarnations });
        self.write_table().insert(id, addr.clone());
        Some(addr)
    }

    fn forget(&mut self, id: AuctionId) {
        self.running.remove(&id);
        self.write_table().remove(&id);
    }

    fn write_table(&self) -> std::sync::RwLockWriteGuard<'_, HashMap<AuctionId, Addr<AuctionActor<S, C>>>> {
        // Only this actor writes and it never panics while holding the lock; recover regardless.
        self.table.write().unwrap_or_else(|e| e.into_inner())
    }

    /// Reloads `id` from the store and starts it; the answer says whether it runs.
    ///
    /// After a crash or a takeover nobody could bid on it since `down_since`: a live countdown
    /// that fell meanwhile is given back (see `launch_after`). That write is made here, before the
    /// actor can be reached, so that its first bid finds it running rather than paused (a bid
    /// that arrives meanwhile finds no actor and waits for it: `cluster::forward`). If the write
    /// fails the actor starts paused and retries it itself, as after an outage.
    fn reload(&mut self, id: AuctionId) -> ResponseActFuture<Self, Option<Addr<AuctionActor<S, C>>>> {
        let load = self.env.store.load(id);
        let (store, clock) = (self.env.store.clone(), self.env.clock.clone());
        let (since, countdown) = (self.down_since.get(&id).copied(), self.env.rules.bid_countdown_ms);
        let load = async move {
            let Some(mut snap) = load.await? else { return Ok(None) };
            let Some((since, ends_at)) = since.zip(snap.ends_at).filter(|(since, ends_at)| {
                snap.status == AuctionStatus::Live && *ends_at > (*since).min(clock.now())
            }) else {
                return Ok(Some((snap, false)));
            };
            let since = since.min(clock.now());
            let given_back = clock.now().plus_ms(ends_at.ms_since(since).max(countdown));
            match store.resume(id, given_back).await {
                Ok(()) => {
                    tracing::info!(auction = %id, paused_ms = clock.now().ms_since(since), "countdown given back before the auction runs here");
                    snap.ends_at = Some(given_back);
                    Ok(Some((snap, true)))
                }
                Err(e) => {
                    tracing::debug!(auction = %id, "giving the countdown back: {e}; the actor retries");
                    Ok(Some((snap, false)))
                }
            }
        };
        Box::pin(load.into_actor(self).map(move |res: Result<_, StoreError>, act, ctx| match res {
            Ok(Some((snap, given_back))) => {
                let down_since = act.down_since.remove(&id).filter(|_| !given_back);
                act.spawn_after(snap, down_since)
            }
            Ok(None) => None,
            Err(e) => {
                tracing::warn!(auction = %id, "reloading failed, retrying: {e}");
                act.restart_later(id, ctx);
                None
            }
        }))
    }

    fn restart_later(&mut self, id: AuctionId, ctx: &mut Context<Self>) {
        let delay = std::time::Duration::from_millis(self.env.settings.store_retry_ms.max(0) as u64);
        ctx.run_later(delay, move |act, ctx| {
            if !act.running.contains_key(&id) {
                ctx.spawn(act.reload(id).map(|_, _, _| ()));
            }
        });
    }
}

impl<S: AuctionStore, C: Clock> Actor for Registry<S, C> {
    type Context = Context<Self>;
}

impl<S: AuctionStore, C: Clock> Handler<Lookup<S, C>> for Registry<S, C> {
    type Result = ActorResponse<Self, Option<Addr<AuctionActor<S, C>>>>;

    fn handle(&mut self, msg: Lookup<S, C>, _: &mut Context<Self>) -> Self::Result {
        match self.running.get(&msg.id) {
            Some(entry) if entry.addr.connected() => ActorResponse::reply(Some(entry.addr.clone())),
            // Died without its report arriving yet: bring it back now (if it still should run).
            Some(_) => {
                self.forget(msg.id);
                ActorResponse::r#async(self.reload(msg.id))
            }
            None => ActorResponse::reply(None),
        }
    }
}

impl<S: AuctionStore, C: Clock> Handler<AuctionStopped> for Registry<S, C> {
    type Result = ();

    fn handle(&mut self, msg: AuctionStopped, ctx: &mut Context<Self>) {
        if self.running.get(&msg.id).is_none_or(|e| e.incarnation != msg.incarnation) {
            return; // a replaced actor's late report
        }
        self.forget(msg.id);
        if msg.reason != StopReason::Unexpected {
            self.last_crash.remove(&msg.id);
            return;
        }
        tracing::error!(auction = %msg.id, "auction actor stopped unexpectedly; reloading it from the store");
        let now = self.env.clock.now();
        // Nobody could bid on it since the crash, or since the pause it was in.
        let since = msg.paused_since.map_or(now, |p| p.min(now));
        self.down_since.entry(msg.id).and_modify(|s| *s = (*s).min(since)).or_insert(since);
        let recent = self.last_crash.insert(msg.id, now).is_some_and(|t| now.ms_since(t) < CRASH_WINDOW_MS);
        if recent {
            self.restart_later(msg.id, ctx);
        } else {
            ctx.spawn(self.reload(msg.id).map(|_, _, _| ()));
        }
    }
}

impl<S: AuctionStore, C: Clock> Handler<CreateAuction> for Registry<S, C> {
    type Result = ResponseActFuture<Self, Result<AuctionInfo, ControlError>>;

    fn handle(&mut self, msg: CreateAuction, _: &mut Context<Self>) -> Self::Result {
        let create = self.env.store.create(msg.new);
        Box::pin(create.into_actor(self).map(|res, act, _| res.ok().and_then(|snap| act.spawn(snap))).then(
            |addr, _, _| {
                actix::fut::wrap_future::<_, Self>(async move {
                    let addr = addr.ok_or(ControlError::StoreUnavailable)?;
                    addr.send(GetInfo).await.map_err(|_| ControlError::StoreUnavailable)
                })
            },
        ))
    }
}

impl<S: AuctionStore, C: Clock> Handler<Reload> for Registry<S, C> {
    type Result = ResponseActFuture<Self, bool>;

    fn handle(&mut self, msg: Reload, _: &mut Context<Self>) -> Self::Result {
        Box::pin(self.reload(msg.id).map(|addr, _, _| addr.is_some()))
    }
}

impl<S: AuctionStore, C: Clock> Handler<Adopt> for Registry<S, C> {
    type Result = ResponseActFuture<Self, bool>;

    fn handle(&mut self, msg: Adopt, _: &mut Context<Self>) -> Self::Result {
        if let Some(since) = msg.down_since {
            self.down_since.entry(msg.id).and_modify(|s| *s = (*s).min(since)).or_insert(since);
        }
        Box::pin(self.reload(msg.id).map(|addr, _, _| addr.is_some()))
    }
}

impl<S: AuctionStore, C: Clock> Handler<Release> for Registry<S, C> {
    type Result = ();

    fn handle(&mut self, msg: Release, _: &mut Context<Self>) {
        self.down_since.remove(&msg.id);
        if let Some(entry) = self.running.get(&msg.id) {
            entry.addr.do_send(StepDown);
        }
    }
}

impl<S: AuctionStore, C: Clock> Handler<Running> for Registry<S, C> {
    type Result = MessageResult<Running>;

    fn handle(&mut self, _: Running, _: &mut Context<Self>) -> Self::Result {
        MessageResult(self.running.keys().copied().collect())
    }
}

impl<S: AuctionStore, C: Clock> Handler<BotNews> for Registry<S, C> {
    type Result = ();

    /// Applies new settings to the cell every actor reads, then tells every running actor, which
    /// re-plans its bots. Actors started later read the cell and the store.
    fn handle(&mut self, news: BotNews, _: &mut Context<Self>) {
        if let BotNews::Settings(settings) = news {
            self.env.bots.settings.set(settings);
        }
        for entry in self.running.values() {
            entry.addr.do_send(news.clone());
        }
    }
}

impl<S: AuctionStore, C: Clock> Handler<StoreDown> for Registry<S, C> {
    type Result = ();

    /// Tells every running auction: live ones pause their countdown.
    fn handle(&mut self, msg: StoreDown, _: &mut Context<Self>) {
        for entry in self.running.values() {
            entry.addr.do_send(msg);
        }
    }
}

impl<S: AuctionStore, C: Clock> Handler<StoreUp> for Registry<S, C> {
    type Result = ();

    /// Tells every running auction: paused ones try to resume now.
    fn handle(&mut self, msg: StoreUp, _: &mut Context<Self>) {
        for entry in self.running.values() {
            entry.addr.do_send(msg);
        }
    }
}

impl<S: AuctionStore, C: Clock> Handler<ListViews> for Registry<S, C> {
    type Result = ResponseFuture<Vec<AuctionInfo>>;

    fn handle(&mut self, _: ListViews, _: &mut Context<Self>) -> Self::Result {
        let asks: Vec<_> = self.running.values().map(|e| e.addr.send(GetInfo)).collect();
        Box::pin(async move {
            let mut all: Vec<AuctionInfo> =
                futures_util::future::join_all(asks).await.into_iter().filter_map(Result::ok).collect();
            all.sort_by_key(|i| i.id);
            all
        })
    }
}
