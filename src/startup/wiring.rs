//! Everything the handlers share, wired once at start: the payment provider, the outbox, the
//! auction runtime, the bus between nodes, the hub, the sessions and throttles, and the jobs that
//! run beside the requests.

use std::sync::Arc;
use std::time::Duration;

use actix::prelude::*;
use actix_web::web;
use anyhow::Context as _;
use deadpool_postgres::Pool;
use tokio::sync::mpsc::UnboundedReceiver;
use tyiyn_actors::TokioClock;
use tyiyn_actors::registry::ListViews;

use crate::app::core::{Core, SiteCache};
use crate::app::effects::Effects;
use crate::auth::password;
use crate::auth::rate_limit::RateLimit;
use crate::auth::session::{Lifetime, Sessions};
use crate::auth::throttle::{LoginPolicy, LoginThrottle};
use crate::cluster::forward::Forward;
use crate::cluster::lists::{ListAll, Lists};
use crate::config::Settings;
use crate::db;
use crate::db::notifications::NotificationRow;
use crate::db::outbox::Outbox;
use crate::local_hub::{HubPorts, LocalHub};
use crate::outbox::Delivery;
use crate::push::vapid::VapidKey;
use crate::reach::QuietHours;
use crate::state::{AppState, Throttles};
use crate::ws::Realtime;
use crate::ws::hub::Hub;
use crate::ws::relay::Relay;
use crate::ws::uplink::Uplink;

/// The payment provider.
fn payments(config: &Settings) -> anyhow::Result<crate::app::provider::Payments> {
    let payments = crate::payments::from_settings(&config.payments).context("payments")?;
    let qr = payments.qr.as_ref().map_or("off", |p| p.name());
    tracing::info!(provider = payments.provider.name(), qr_provider = qr, "payments");
    Ok(payments)
}

/// The outbox: what transactions write it with (the channels on, the texts, the quiet hours), the
/// channels its workers deliver through, and the VAPID key push is signed with (`None`: push is off).
async fn outbox(
    config: &Settings,
    pool: &Pool,
) -> anyhow::Result<(Outbox, Arc<Delivery>, Option<Arc<VapidKey>>)> {
    let push_key = crate::outbox::push::vapid_key(&config.push, pool).await.context("push")?;
    let telegram =
        crate::telegram::channel::for_outbox(&config.telegram, pool.clone()).context("telegram")?;
    let delivery =
        Delivery::from_settings(config, telegram, push_key.clone(), pool).context("outbox channels")?;
    let channels = Delivery::channels(config);
    let letters = crate::mail::Letters { public_url: config.payments.public_url.clone() };
    tracing::info!(
        email = channels.email,
        sms = config.sms.provider.as_str(),
        telegram = channels.telegram,
        push = channels.push,
        "outbox channels"
    );
    let (from, until) = (&config.outbox.quiet_from, &config.outbox.quiet_until);
    let quiet = QuietHours::parse(from, until)
        .with_context(|| format!("outbox.quiet_from {from:?} and quiet_until {until:?} must be HH:MM"))?;
    let quiet = (quiet.from != quiet.until).then_some(quiet);
    Ok((Outbox::new(channels, Arc::new(letters), quiet), Arc::new(delivery), push_key))
}

/// Everything the handlers share, with the runtime, the hub and the background jobs started.
pub(super) async fn wire(
    pool: Pool,
    config: &Settings,
    timeout: Duration,
) -> anyhow::Result<web::Data<AppState>> {
    let payments = payments(config)?;
    let (outbox, delivery, push_key) = outbox(config, &pool).await?;
    let site = db::settings::get(&pool.get().await?).await?;
    let clock = TokioClock::new();
    // With a NATS server the nodes share, the bus between them (docs/decisions.md, "The bus
    // between nodes").
    let bus = connect_bus(config).await?;
    // The hub's address exists before the hub: auctions publish to it, and it asks the registry.
    let hub_ctx: Context<Hub> = Context::new();
    let hub = hub_ctx.address();
    let ports = match &bus {
        None => HubPorts::of(hub.clone()),
        Some(bus) => HubPorts::of(Uplink::new(hub.clone(), bus.clone(), clock.clone()).start()),
    };
    let effects: Arc<dyn Effects> = Arc::new(LocalHub::new(ports, outbox.clone(), pool.clone()));
    let relay_ctx: Option<Context<Relay>> = bus.as_ref().map(|_| Context::new());
    let relay_addr = relay_ctx.as_ref().map(|ctx| ctx.address().recipient());
    let (runtime, won_notices) = launch_runtime(&pool, config, clock, &effects, outbox, relay_addr).await?;
    let lists = Lists::new(runtime.auctions.clone(), bus.clone());
    let forward = bus
        .as_ref()
        .map(|bus| Forward::new(bus.clone(), pool.clone(), runtime.auctions.clone(), runtime.fences.clone()));
    let relay = match (&bus, &forward, relay_ctx) {
        (Some(bus), Some(forward), Some(relay_ctx)) => {
            Some(serve_cluster(bus, forward, relay_ctx, &lists, &runtime, &hub, &pool))
        }
        _ => None,
    };
    let last_known = Arc::new(crate::outage::LastKnown::default());
    let timers: Recipient<ListViews> = match bus {
        None => runtime.auctions.registry().clone().recipient(),
        Some(_) => ListAll(lists.clone()).start().recipient(),
    };
    hub_ctx.run(Hub::new(timers, runtime.clock.clone()).with_last_known(last_known.clone()));
    let health = crate::outage::start(
        pool.clone(),
        runtime.auctions.clone(),
        runtime.clock.clone(),
        Duration::from_millis(config.database.probe_interval_ms.max(10)),
        timeout,
    );
    let edge = Edge::new(&pool, config).await?;
    let sending = Arc::new(crate::outbox::Immediately { pool: pool.clone(), delivery: delivery.clone() });
    let core = Core {
        dummy_hash: edge.dummy_hash,
        pool,
        site: SiteCache::new(site),
        auctions: runtime.auctions,
        effects: effects.clone(),
        elsewhere: super::elsewhere::Cluster::port(forward, lists),
        clock: runtime.clock,
        pace: crate::pace::Pace::new(config.auction.min_bid_interval_ms as i64),
        store: runtime.store,
        wins: runtime.wins,
        payments,
        push_key,
        sending,
        health,
        last_known,
        config: config.clone(),
    };
    let state = web::Data::new(AppState {
        core,
        sessions: edge.sessions,
        throttles: edge.throttles,
        realtime: Realtime { hub, relay },
        drain: runtime.drain,
        stopping: Arc::default(),
    });

    start_jobs(&state, config, won_notices, delivery);
    crate::telegram::start(state.core.pool.clone(), &config.database.url, &config.telegram)
        .context("telegram")?;
    Ok(state)
}

/// The auction runtime, started from PostgreSQL (with the demo's bidders when they keep going),
/// and the won auctions' notices to push once their commits land.
async fn launch_runtime(
    pool: &Pool,
    config: &Settings,
    clock: TokioClock,
    effects: &Arc<dyn Effects>,
    outbox: Outbox,
    relay: Option<Recipient<crate::cluster::RunningHere>>,
) -> anyhow::Result<(crate::runtime::Runtime, UnboundedReceiver<NotificationRow>)> {
    let (won, won_notices) = db::lifecycle::WonItems::channel(config.claims.reserve_hours);
    let runtime = crate::runtime::launch(
        pool.clone(),
        (config.database.commit_groups_in_flight, &config.cluster),
        &config.auction,
        clock,
        effects.outlets(),
        (won, outbox),
        relay,
    )
    .await?;
    if config.demo.enabled && config.demo.keep_going {
        crate::demo::keep_going(pool.clone(), runtime.auctions.clone(), config.demo.clone());
    }
    Ok((runtime, won_notices))
}

/// The bus between nodes, when a NATS server is configured (docs/decisions.md, "The bus between
/// nodes").
async fn connect_bus(config: &Settings) -> anyhow::Result<Option<crate::cluster::bus::Bus>> {
    Ok(match config.cluster.nats_url.trim() {
        "" => None,
        url => Some(
            crate::cluster::bus::Bus::connect(url, &config.cluster.node())
                .await
                .with_context(|| format!("cluster.nats_url {url}"))?,
        ),
    })
}

/// With several nodes: serves the other nodes' forwarded requests, lists, frames and bot news,
/// and starts the relay that joins sessions to auctions running elsewhere.
fn serve_cluster(
    bus: &crate::cluster::bus::Bus,
    forward: &Forward,
    relay_ctx: Context<Relay>,
    lists: &Lists,
    runtime: &crate::runtime::Runtime,
    hub: &Addr<Hub>,
    pool: &Pool,
) -> Addr<Relay> {
    crate::cluster::forward::serve(bus.clone(), runtime.auctions.clone());
    lists.serve();
    crate::ws::uplink::downlink(bus.clone(), hub.clone());
    crate::cluster::bot_news::hear(bus.clone(), runtime.auctions.clone(), pool.clone());
    let archive = crate::ws::session::Archive { pool: pool.clone(), clock: runtime.clock.clone() };
    relay_ctx.run(Relay::new(forward.clone(), runtime.auctions.clone(), archive))
}

/// The state of the edge: sessions, the throttles and the hash a login checks against when no
/// such account exists.
struct Edge {
    sessions: web::Data<Sessions>,
    throttles: Throttles,
    dummy_hash: Arc<str>,
}

impl Edge {
    async fn new(pool: &Pool, config: &Settings) -> anyhow::Result<Edge> {
        let dummy_hash: Arc<str> =
            password::hash(hex::encode(rand::random::<[u8; 16]>()), config.auth.bcrypt_cost).await?.into();
        let lifetime = Lifetime::from_days(config.auth.session_idle_days, config.auth.session_max_days)?;
        let sessions = web::Data::new(Sessions::new(pool.clone(), lifetime, config.server.secure_cookies));
        crate::auth::session::start_sweeper(sessions.clone());
        start_mark_purge(pool.clone());
        let per = |max, secs| RateLimit::new(max, Duration::from_secs(secs));
        let throttle = &config.throttle;
        let throttles = Throttles {
            login: LoginThrottle::new(LoginPolicy::from(throttle)),
            registrations: per(throttle.register_max, throttle.register_window_secs),
            checks: per(throttle.check_max, throttle.check_window_secs),
            phone_codes: per(throttle.phone_code_max, throttle.phone_code_window_secs),
        };
        Ok(Edge { sessions, throttles, dummy_hash })
    }
}

/// The jobs that run beside the requests: pushing won auctions' notifications after their
/// commit, the won-item sweeper, and the outbox's workers.
fn start_jobs(
    state: &web::Data<AppState>,
    config: &Settings,
    mut won_notices: UnboundedReceiver<NotificationRow>,
    delivery: Arc<Delivery>,
) {
    // A won auction's notification is stored in the finishing transaction; it is pushed live
    // here, after that commit. The claims' sweeper ends lapsed reservations and sends reminders.
    let effects = state.core.effects.clone();
    actix_web::rt::spawn(async move {
        while let Some(notice) = won_notices.recv().await {
            effects.notify(&[notice]);
        }
    });
    crate::outbox::worker::Workers {
        pool: state.core.pool.clone(),
        delivery,
        settings: config.outbox.clone(),
        bell: state.core.effects.outbox().bell(),
    }
    .start();
    let site = state.clone();
    crate::app::claims::Sweeper {
        pool: state.core.pool.clone(),
        effects: state.core.effects.clone(),
        payments: state.core.payments.clone(),
        settings: config.claims.clone(),
        lang: Box::new(move || site.core.site.lang()),
    }
    .start();
    // Watchers of an auction that starts soon are told so (docs/decisions.md, "Watchlist").
    crate::app::watchlist::Sweeper {
        pool: state.core.pool.clone(),
        effects: state.core.effects.clone(),
        clock: state.core.clock.clone(),
        settings: config.watchlist.clone(),
    }
    .start();
}

/// Deletes the group commits' marks older than a day, every hour (docs/decisions.md, "A commit
/// whose answer is lost").
fn start_mark_purge(pool: deadpool_postgres::Pool) {
    crate::app::every(Duration::from_secs(3600), "commit mark purge", move || {
        let pool = pool.clone();
        async move {
            let client = pool.get().await.map_err(|e| e.to_string())?;
            let n = crate::db::doubt::delete_old_marks(&client).await.map_err(|e| e.to_string())?;
            if n > 0 {
                tracing::info!(marks = n, "old commit marks deleted");
            }
            Ok::<(), String>(())
        }
    });
}
