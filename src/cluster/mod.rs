//! Several nodes on one PostgreSQL (issue 25; docs/decisions.md, "Leases and fences"). A node
//! with a name (`[cluster] node_id`) takes leases: each upcoming or live auction runs on the node
//! that holds its lease. The [`Keeper`] does that every `renew_ms`: it says the node is alive,
//! renews the node's leases (an auction whose lease was lost steps down here), gives up the
//! leases of auctions that stopped running here (finished, deleted), and takes the auctions
//! nobody holds, up to this node's share, starting each as a restart would (a countdown that
//! fell while nobody held it is given back). The fences of the leases held ([`Fences`]) go with
//! every write of those auctions, so a node that lost one without noticing writes nothing.

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use deadpool_postgres::Pool;
use tyiyn_actors::clock::UnixMillis;
use tyiyn_actors::ids::AuctionId;
use tyiyn_actors::registry::{Adopt, Release, Running};

use crate::config::ClusterSettings;
use crate::db::leases::{self, Fences};
use crate::db::store::PgStore;

/// The runtime's directory (`crate::runtime::Auctions`, named here without that module, which
/// starts the keeper).
type Auctions = tyiyn_actors::Directory<PgStore, tyiyn_actors::TokioClock>;

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
        }
    }

    /// Runs the keeper on the current runtime for as long as the process lives.
    pub fn start(self) {
        actix_web::rt::spawn(self.run());
    }

    async fn run(self) {
        let mut idle: HashMap<i64, u8> = HashMap::new();
        let mut ticks = tokio::time::interval(self.renew);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            if let Err(e) = self.tick(&mut idle).await {
                tracing::warn!(node = self.fences.node(), "lease keeper: {e}");
            }
        }
    }

    /// One round: beat, renew, give up, take.
    async fn tick(&self, idle: &mut HashMap<i64, u8>) -> anyhow::Result<()> {
        let client = self.pool.get().await?;
        let (node, ttl) = (self.fences.node(), self.fences.ttl_ms());
        let (nodes, active) = leases::beat(&client, node, ttl * 2).await?;

        // Renew; whatever was held before and is not renewed was lost (it ran out, or another
        // node took it): it steps down here.
        let before = self.fences.held();
        let renewed: HashMap<i64, i64> = leases::renew(&client, node, ttl).await?.into_iter().collect();
        for (auction, fence) in before {
            if renewed.get(&auction) != Some(&fence) {
                self.fences.drop_lease(auction);
                idle.remove(&auction);
                self.auctions.registry().do_send(Release { id: AuctionId(auction) });
                tracing::warn!(node, auction, "lease lost: the auction steps down here");
                metrics::counter!(crate::metrics::LEASES_LOST).increment(1);
            }
        }

        // Give up the leases of auctions that stopped running here.
        let running: HashSet<i64> =
            self.auctions.registry().send(Running).await?.into_iter().map(|a| a.0).collect();
        for (&auction, &fence) in &renewed {
            if running.contains(&auction) {
                idle.remove(&auction);
                continue;
            }
            let ticks = idle.entry(auction).or_default();
            *ticks += 1;
            if *ticks > IDLE_TICKS {
                idle.remove(&auction);
                self.fences.drop_lease(auction);
                leases::release(&client, auction, node, fence).await?;
            }
        }

        // Take what nobody holds, up to this node's share.
        let held = self.fences.held().len() as i64;
        let want = if self.share { (active + nodes - 1) / nodes.max(1) - held } else { i64::MAX };
        if want <= 0 {
            return Ok(());
        }
        for free in leases::free(&client, want.min(1_000), ttl).await? {
            let Some(fence) = leases::take(&client, free.auction, node, ttl).await? else { continue };
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
                leases::release(&client, free.auction, node, fence).await?;
            }
        }
        Ok(())
    }
}
