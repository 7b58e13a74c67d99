//! Several nodes on one PostgreSQL (issue 25; docs/rules/cluster.md, "Leases and fences"). A node
//! with a name (`[cluster] node_id`) takes leases: each upcoming or live auction runs on the node
//! that holds its lease. The [`Keeper`] does that every `renew_ms`: it says the node is alive,
//! renews the node's leases (an auction whose lease was lost steps down here), gives up the
//! leases of auctions that stopped running here (finished, deleted), and takes the auctions
//! nobody holds, up to this node's share, starting each as a restart would (a countdown that
//! fell while nobody held it is given back). The fences of the leases held ([`Fences`]) go with
//! every write of those auctions, so a node that lost one without noticing writes nothing.
//!
//! A node that drains (SIGTERM, or the operator's button on `/admin/cluster`) takes nothing and
//! hands each auction over: its actor steps down (answering a batch in flight first) and the
//! lease is given up at once, so another node takes it within one of its rounds.

pub mod bot_news;
pub mod bus;
pub mod forward;
pub mod lists;

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use tokio::sync::Notify;

use deadpool_postgres::Pool;
use tyiyn_actors::clock::UnixMillis;
use tyiyn_actors::ids::AuctionId;
use tyiyn_actors::registry::{Adopt, Release, Running};

use crate::config::ClusterSettings;
use crate::db::leases::{self, Fences, Figures};
use crate::db::store::PgStore;

/// The runtime's directory (`crate::runtime::Auctions`, named here without that module, which
/// starts the keeper).
pub type Auctions = tyiyn_actors::Directory<PgStore, tyiyn_actors::TokioClock>;
/// An auction's actor on this node (`crate::runtime::Actor`, likewise).
pub type Actor = tyiyn_actors::auction::AuctionActor<PgStore, tyiyn_actors::TokioClock>;

/// Ticks an auction may be held here without running before its lease is given up (a new
/// auction's actor starts right after its lease is taken; this leaves it the time).
const IDLE_TICKS: u8 = 2;

/// Takes, renews and gives up this node's leases.
pub struct Keeper {
    pub pool: Pool,
    pub fences: Fences,
    pub auctions: Auctions,
    /// Share the auctions with the other nodes (with NATS); without, take every auction nobody
    /// holds (a standby takes over a stopped node's auctions).
    pub share: bool,
    pub renew: Duration,
    /// The last sign of life of any server before this one started: since when nobody could bid
    /// on an auction that was never leased.
    pub cold_since: Option<UnixMillis>,
    pub drain: Drain,
    /// With a bus: told the auctions running here after every round, so that the sockets move
    /// with the auctions.
    pub relay: Option<actix::Recipient<RunningHere>>,
}

/// The auctions running on this node now, after each of the keeper's rounds: the sockets' relay
/// (`crate::ws::relay`) taps those that started and moves the sessions of those that moved away.
#[derive(Debug, actix::Message)]
#[rtype(result = "()")]
pub struct RunningHere(pub HashSet<i64>);

/// Telling a keeper to hand its auctions over, and learning when it has.
#[derive(Debug, Clone, Default)]
pub struct Drain {
    asked: Arc<AtomicBool>,
    /// Whether the node holds no lease (after a drain asked for).
    empty: Arc<AtomicBool>,
    done: Arc<Notify>,
}

impl Drain {
    /// Asks the keeper to drain, and waits until it holds no lease or `limit` passed; whether it
    /// emptied.
    pub async fn run(&self, limit: Duration) -> bool {
        let done = self.done.notified();
        tokio::pin!(done);
        done.as_mut().enable();
        self.asked.store(true, Ordering::SeqCst);
        if self.empty.load(Ordering::SeqCst) {
            return true;
        }
        tokio::time::timeout(limit, done).await.is_ok()
    }
}

impl Keeper {
    /// The keeper for `settings`, over the runtime's fences and directory.
    pub fn new(pool: Pool, fences: Fences, auctions: Auctions, settings: &ClusterSettings) -> Keeper {
        Keeper {
            pool,
            fences,
            auctions,
            share: !settings.nats_url.trim().is_empty(),
            renew: Duration::from_millis(settings.renew_ms.max(10)),
            cold_since: None,
            drain: Drain::default(),
            relay: None,
        }
    }

    /// Runs the keeper on the current runtime for as long as the process lives.
    pub fn start(self) {
        actix_web::rt::spawn(self.run());
    }

    async fn run(self) {
        if let Ok(client) = self.pool.get().await
            && let Err(e) = leases::start(&client, self.fences.node()).await
        {
            tracing::warn!("lease keeper: recording this node: {e}");
        }
        let mut idle: HashMap<i64, u8> = HashMap::new();
        let mut handing: HashSet<i64> = HashSet::new();
        let mut last = Instant::now();
        let mut ticks = tokio::time::interval(self.renew);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            if let Err(e) = self.tick((&mut idle, &mut handing), &mut last).await {
                tracing::warn!(node = self.fences.node(), "lease keeper: {e}");
            }
            if let Some(relay) = &self.relay
                && let Ok(running) = self.auctions.registry().send(Running).await
            {
                relay.do_send(RunningHere(running.into_iter().map(|a| a.0).collect()));
            }
        }
    }

    /// One round: beat, renew, give up, take (or, draining, hand everything over).
    async fn tick(
        &self,
        (idle, handing): (&mut HashMap<i64, u8>, &mut HashSet<i64>),
        last: &mut Instant,
    ) -> anyhow::Result<()> {
        let client = self.pool.get().await?;
        let (node, ttl) = (self.fences.node(), self.fences.ttl_ms());
        let mine = Figures {
            bids_per_sec: crate::figures::bids_per_sec(last),
            sockets: crate::figures::sockets(),
            draining: self.drain.asked.load(Ordering::SeqCst),
        };
        let beat = leases::beat(&client, node, ttl * 2, mine).await?;
        lists::set_nodes(beat.nodes);
        let renewed = self.renew(&client, idle).await?;
        self.give_up(&client, &renewed, beat.draining, (idle, handing)).await?;

        let held = self.fences.held().len() as i64;
        self.drain.empty.store(beat.draining && held == 0, Ordering::SeqCst);
        if beat.draining {
            if held == 0 {
                self.drain.done.notify_waiters();
            }
            return Ok(());
        }
        self.take(&client, (beat.nodes, beat.active), held, handing).await
    }

    /// Renews this node's leases: whatever was held before and is not renewed was lost (it ran
    /// out, or another node took it), and steps down here. The leases it still holds, with their
    /// fences.
    ///
    /// The lost leases are forgotten before the renewal counts: a node woken from a freeze trusts
    /// its actors again (`Fences::fresh`) only with the leases it still holds, and a lost
    /// auction's actor, stopping later, gets no more requests from it.
    async fn renew(
        &self,
        client: &deadpool_postgres::Client,
        idle: &mut HashMap<i64, u8>,
    ) -> anyhow::Result<HashMap<i64, i64>> {
        let (node, ttl) = (self.fences.node(), self.fences.ttl_ms());
        let before = self.fences.held();
        let sent = Instant::now();
        let renewed: HashMap<i64, i64> = leases::renew(client, node, ttl).await?.into_iter().collect();
        for (auction, fence) in before {
            if renewed.get(&auction) != Some(&fence) {
                self.fences.drop_lease(auction);
                idle.remove(&auction);
                self.auctions.registry().do_send(Release { id: AuctionId(auction) });
                tracing::warn!(node, auction, "lease lost: the auction steps down here");
                metrics::counter!(crate::metrics::LEASES_LOST).increment(1);
            }
        }
        self.fences.renewed(sent);
        Ok(renewed)
    }

    /// Gives up the leases of auctions that stopped running here; draining, steps every one down
    /// first (and gives its lease up in this round once it stopped, so that the next node's round
    /// takes it).
    async fn give_up(
        &self,
        client: &deadpool_postgres::Client,
        renewed: &HashMap<i64, i64>,
        draining: bool,
        (idle, handing): (&mut HashMap<i64, u8>, &mut HashSet<i64>),
    ) -> anyhow::Result<()> {
        let node = self.fences.node();
        let mut running = self.running().await?;
        if draining {
            let here: Vec<i64> = renewed.keys().copied().filter(|a| running.contains(a)).collect();
            running = self.step_down(&here).await?;
        }
        for (&auction, &fence) in renewed {
            if draining && running.contains(&auction) {
                continue;
            }
            if draining || (!running.contains(&auction) && handing.remove(&auction)) {
                self.fences.drop_lease(auction);
                leases::release(client, auction, node, fence).await?;
                tracing::info!(node, auction, "handed over");
                continue;
            }
            if running.contains(&auction) {
                idle.remove(&auction);
                continue;
            }
            let ticks = idle.entry(auction).or_default();
            *ticks += 1;
            if *ticks > IDLE_TICKS {
                idle.remove(&auction);
                self.fences.drop_lease(auction);
                leases::release(client, auction, node, fence).await?;
            }
        }
        Ok(())
    }

    /// Takes what nobody holds, up to this node's share of the `active` auctions among `nodes`;
    /// with more than its share (it started first, or a node joined), hands one auction a round
    /// to the others. An auction whose holder stopped renewing is taken at once, whatever the
    /// shares: nobody can bid on it until some node runs it. The shares even out in the rounds
    /// after.
    async fn take(
        &self,
        client: &deadpool_postgres::Client,
        (nodes, active): (i64, i64),
        held: i64,
        handing: &mut HashSet<i64>,
    ) -> anyhow::Result<()> {
        let (node, ttl) = (self.fences.node(), self.fences.ttl_ms());
        let share = (active + nodes - 1) / nodes.max(1);
        let mut want = if self.share { share - held } else { i64::MAX };
        if self.share && held > share && handing.is_empty() {
            if let Some(auction) = self.spare().await {
                tracing::info!(node, auction, held, share, "handing an auction over to share them");
                if self.step_down(&[auction]).await?.contains(&auction) {
                    // Still stopping: its lease goes in the next round.
                    handing.insert(auction);
                } else {
                    let fence = self.fences.of(auction);
                    self.fences.drop_lease(auction);
                    leases::release(client, auction, node, fence).await?;
                    tracing::info!(node, auction, "handed over");
                }
            }
            want = 0;
        }
        for free in leases::free(client, want.clamp(ORPHANS, 1_000), ttl).await? {
            let orphan = free.lapsed;
            if want <= 0 && !orphan {
                continue;
            }
            let Some(fence) = leases::take(client, free.auction, node, ttl).await? else { continue };
            want -= 1;
            self.fences.hold(free.auction, fence);
            let down_since = free.held_until_ms.map(UnixMillis).or(self.cold_since);
            let runs =
                self.auctions.registry().send(Adopt { id: AuctionId(free.auction), down_since }).await?;
            if free.held_until_ms.is_some() {
                metrics::counter!(crate::metrics::LEASE_TAKEOVERS).increment(1);
                tracing::info!(node, auction = free.auction, fence, "took over the auction");
            }
            if !runs {
                self.fences.drop_lease(free.auction);
                leases::release(client, free.auction, node, fence).await?;
            }
        }
        Ok(())
    }

    /// The auctions running here.
    async fn running(&self) -> anyhow::Result<HashSet<i64>> {
        Ok(self.auctions.registry().send(Running).await?.into_iter().map(|a| a.0).collect())
    }

    /// Steps `auctions` down here and waits (up to [`STEP_DOWN_WAIT`]) until they stopped: each
    /// answers its batch in flight first. What is still running after that.
    async fn step_down(&self, auctions: &[i64]) -> anyhow::Result<HashSet<i64>> {
        for &id in auctions {
            self.auctions.registry().do_send(Release { id: AuctionId(id) });
        }
        let until = Instant::now() + STEP_DOWN_WAIT;
        loop {
            let running = self.running().await?;
            if auctions.iter().all(|a| !running.contains(a)) || Instant::now() >= until {
                return Ok(running);
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// The auction this node hands over first when it has more than its share: an upcoming one
    /// (its start is far off), else the live one with the most time left, never one in its last
    /// seconds (a hand-over gives its countdown back, but a bidder would see the pause).
    async fn spare(&self) -> Option<i64> {
        let views = self.auctions.registry().send(tyiyn_actors::registry::ListViews).await.ok()?;
        views
            .iter()
            .filter(|a| self.fences.of(a.id.0) != leases::NO_LEASE)
            .filter_map(|a| match a.ms_left(a.server_time) {
                None => Some((i64::MAX, a.id.0)),
                Some(left) if left > SPARE_MIN_LEFT_MS && a.paused.is_none() => Some((left, a.id.0)),
                Some(_) => None,
            })
            .max()
            .map(|(_, id)| id)
    }
}

/// How long a round waits for the auctions it steps down to stop (each answers its batch in
/// flight first, one commit) before it gives their leases up; those still running go next round.
const STEP_DOWN_WAIT: Duration = Duration::from_millis(500);

/// Auctions nobody holds any more that one round looks at, whatever this node's share.
const ORPHANS: i64 = 100;
/// A live auction with less than this left on its countdown is never handed over to share.
const SPARE_MIN_LEFT_MS: i64 = 5_000;
