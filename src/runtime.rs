//! Starts the auction runtime: the registry (supervisor) over [`PgStore`] with the one
//! [`TokioClock`], auction actors spread over one arbiter thread per core, publishing through the
//! [`Outlets`] that start-up wires in (the realtime hub and the socket encoder), with the bot
//! settings read from PostgreSQL.

use std::sync::Arc;

use actix::prelude::*;
use deadpool_postgres::Pool;
use tyiyn_actors::auction::ActorSettings;
use tyiyn_actors::bots::{BotConfig, SharedBotSettings};
use tyiyn_actors::fairness::{WinBook, WinRules};
use tyiyn_actors::ids::Tyiyn;
use tyiyn_actors::outlets::Outlets;
use tyiyn_actors::{AuctionActor, Directory, Env, Registry, Rules, TokioClock};

use crate::cluster::{Drain, Keeper};
use crate::config::{AuctionSettings, ClusterSettings};
use crate::db::leases::Fences;
use crate::db::lifecycle::WonItems;
use crate::db::outbox::Outbox;
use crate::db::store::PgStore;

/// How handlers reach auctions.
pub type Auctions = Directory<PgStore, TokioClock>;

/// One auction's actor, as the runtime runs it.
pub type Actor = AuctionActor<PgStore, TokioClock>;

/// The running runtime's handles.
pub struct Runtime {
    pub auctions: Auctions,
    pub clock: TokioClock,
    /// The store the actors use, for the few writes that have no actor (deleting a finished auction).
    pub store: PgStore,
    /// Every user's wins, shared with the actors (a deleted finished auction's win is forgotten).
    pub wins: WinBook,
    /// With leases: how to hand this node's auctions over (SIGTERM, docs/operations.md).
    pub drain: Option<Drain>,
    /// With leases: the leases this node holds (and whether they are surely still its own).
    pub fences: Option<Fences>,
}

/// The bidding rules from the `[auction]` settings.
pub fn rules(cfg: &AuctionSettings) -> Rules {
    Rules {
        bid_countdown_ms: (cfg.bid_countdown_secs * 1000) as i64,
        start_countdown_ms: (cfg.start_countdown_secs * 1000) as i64,
        min_bid_interval_ms: cfg.min_bid_interval_ms as i64,
        finish_grace_ms: cfg.finish_grace_ms as i64,
        increment: Tyiyn(1),
        autobid_earliest_ms: cfg.autobid_earliest_ms as i64,
        autobid_latest_ms: cfg.autobid_latest_ms.min(cfg.autobid_earliest_ms) as i64,
        wins: WinRules {
            same_item_days: i64::from(cfg.win_same_item_days),
            max_wins: cfg.win_max,
            window_days: i64::from(cfg.win_window_days),
        },
    }
}

/// Loads every upcoming and live auction and starts its actor, publishing through `outlets`;
/// finished auctions open their won items as `won` says, and notices write their messages to
/// `outbox`. A live auction whose deadline fell
/// after the previous process's last heartbeat resumes with its countdown (docs/rules/outages.md,
/// "Database outages").
/// Must run inside the actix System.
///
/// With `cluster.leases()` (several nodes) no auction is loaded here: each starts when this node
/// takes its lease (`crate::cluster::Keeper`, started here), and every write names its fence.
pub async fn launch(
    pool: Pool,
    (groups_in_flight, cluster): (usize, &ClusterSettings),
    cfg: &AuctionSettings,
    clock: TokioClock,
    outlets: Outlets,
    won: (WonItems, Outbox),
    relay: Option<Recipient<crate::cluster::RunningHere>>,
) -> anyhow::Result<Runtime> {
    let (bot_settings, last_alive, wins) = {
        let client = pool.get().await?;
        (
            crate::db::bots::settings(&client).await?,
            crate::db::heartbeat::last(&client).await?,
            crate::db::auctions::wins(&client).await?,
        )
    };
    let fences = cluster.leases().then(|| Fences::new(&cluster.node(), cluster.lease_ms.max(1) as i64));
    let store = PgStore::fenced(pool.clone(), won, groups_in_flight, fences.clone());
    let env = Env {
        store: Arc::new(store.clone()),
        clock: clock.clone(),
        rules: rules(cfg),
        outlets,
        settings: ActorSettings { mailbox_capacity: cfg.mailbox_capacity, ..ActorSettings::default() },
        bots: BotConfig {
            settings: SharedBotSettings::new(bot_settings),
            second_ms: i64::try_from(cfg.bot_second_ms).unwrap_or(1_000).max(1),
            seed: cfg.bot_seed,
        },
        wins: wins.clone(),
    };
    let threads = match cfg.actor_threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let arbiters = (0..threads).map(|_| Arbiter::new().handle()).collect();
    let (auctions, drain) = match fences.clone() {
        None => {
            let auctions = Registry::launch_after(env, arbiters, last_alive)
                .await
                .map_err(|e| anyhow::anyhow!("loading auctions: {e}"))?;
            (auctions, None)
        }
        Some(fences) => {
            let auctions = Registry::launch_leased(env, arbiters);
            tracing::info!(node = fences.node(), lease_ms = fences.ttl_ms(), "taking leases on auctions");
            let mut keeper = Keeper::new(pool, fences, auctions.clone(), cluster);
            keeper.cold_since = last_alive;
            keeper.relay = relay;
            let drain = keeper.drain.clone();
            keeper.start();
            (auctions, Some(drain))
        }
    };
    Ok(Runtime { auctions, clock, store, wins, drain, fences })
}
