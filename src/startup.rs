//! `Application::build` wires the pool, migrations, bootstrap data and the HTTP server;
//! `run` serves until SIGTERM/SIGINT, then drains in-flight requests.

use std::net::TcpListener;
use std::sync::Arc;
use std::time::{Duration, Instant};

use actix::prelude::*;
use actix_web::dev::Server;
use actix_web::middleware::{Compress, from_fn};
use actix_web::{App, HttpServer, web};
use anyhow::Context as _;
use deadpool_postgres::Pool;
use tokio::sync::mpsc::UnboundedReceiver;

use crate::db::notifications::NotificationRow;
use tokio::signal::unix::{Signal, SignalKind, signal};
use tyiyn_actors::TokioClock;
use utoipa_actix_web::AppExt;

use crate::app::effects::{Effects, HubPorts, LocalHub};
use crate::auth::password;
use crate::auth::rate_limit::RateLimit;
use crate::auth::session::{Lifetime, Sessions};
use crate::auth::throttle::{LoginPolicy, LoginThrottle};
use crate::client::TrustedProxies;
use crate::cluster::forward::Forward;
use crate::cluster::lists::{ListAll, Lists};
use crate::config::Settings;
use crate::db::outbox::Outbox;
use crate::outbox::Delivery;
use crate::reach::QuietHours;
use crate::state::{AppState, SiteCache};
use crate::ws::Realtime;
use crate::ws::hub::Hub;
use crate::ws::relay::Relay;
use crate::ws::slots::SocketSlots;
use crate::ws::uplink::Uplink;
use crate::{db, middleware, routes};
use tyiyn_actors::registry::ListViews;

pub struct Application {
    port: u16,
    /// The port `GET /metrics` listens on, when it does (`server.metrics_addr`).
    metrics_port: Option<u16>,
    /// The socket listener's port and server, when the socket has its own (`server.socket_addr`).
    socket: Option<(u16, Server)>,
    server: Server,
    /// Seconds a shutdown waits for in-flight requests (`server.shutdown_timeout_secs`).
    drain_secs: u64,
    /// What a stop does.
    stop: Stop,
    /// Logins seeded at start-up (demo data, admin), for the run command to print.
    pub logins: Vec<(String, String)>,
}

/// What `Application::run` does when told to stop.
struct Stop {
    /// SIGINT and SIGTERM, caught from `build` on, so that a signal right after the banner drains
    /// too (`run` waits for them).
    signals: ShutdownSignals,
    /// With leases: this node's auctions are handed over before the HTTP server stops.
    drain: Option<crate::cluster::Drain>,
    /// The sockets, closed once the auctions are handed over.
    realtime: crate::ws::Realtime,
    /// Set at the signal: answers close their connections from then on.
    stopping: Arc<std::sync::atomic::AtomicBool>,
}

/// With several nodes, how long a stopping node keeps answering with `Connection: close` before
/// its listener goes: a client that sends about a request a second has been told by then not to
/// reuse its connection, so its next request opens one to another node instead of being cut by
/// the close.
const LAST_ANSWERS: Duration = Duration::from_secs(1);

impl Application {
    pub async fn build(config: Settings) -> anyhow::Result<Application> {
        let timeout = Duration::from_millis(config.database.timeout_ms.max(1));
        let url = config.database.url.expose();
        let pool = db::connect(url, config.database.pool_size, timeout)
            .await
            .with_context(|| format!("connecting to PostgreSQL ({})", redact(url)))?;
        db::migrate::run(&pool).await.context("applying migrations")?;
        // The recorder first, so that everything after it records.
        let metrics_port = crate::metrics::serve(&config.server.metrics_addr, pool.clone());
        let logins = crate::app::seed::run(&pool, &config).await?;
        let state = wire(pool, &config, timeout).await?;
        let trusted = web::Data::new(
            TrustedProxies::parse(&config.server.trusted_proxies)
                .map_err(|e| anyhow::anyhow!("server.trusted_proxies: {e}"))?,
        );
        let sockets = web::Data::new(SocketSlots::new(config.server.max_sockets_per_address));
        let drain = state.drain.clone();
        let realtime = state.realtime.clone();
        let stopping = state.stopping.clone();
        let shared = Shared { state, trusted, sockets };
        let (port, server) = api_server(&config, shared.clone())?;
        let socket = socket_server(&config, shared)?;
        let drain_secs = config.server.shutdown_timeout_secs;
        let signals = ShutdownSignals::catch();
        let stop = Stop { signals, drain, realtime, stopping };
        Ok(Application { port, metrics_port, socket, server, drain_secs, stop, logins })
    }

    /// A handle that stops the HTTP server (tests use it to simulate a stop).
    pub fn handle(&self) -> actix_web::dev::ServerHandle {
        self.server.handle()
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// The socket listener's own port, when `server.socket_addr` gives it one.
    pub fn socket_port(&self) -> Option<u16> {
        self.socket.as_ref().map(|(port, _)| *port)
    }

    /// Where `GET /metrics` answers (`None`: off, or its address could not be bound).
    pub fn metrics_port(&self) -> Option<u16> {
        self.metrics_port
    }

    /// Serves until SIGINT (Ctrl-C) or SIGTERM, then drains: stops accepting connections and
    /// waits up to `server.shutdown_timeout_secs` for in-flight requests, saying so in the log.
    ///
    /// With leases, the node first hands its auctions over (requests keep being served meanwhile:
    /// a bid for a handed-over auction is passed to its new owner). Then both listeners stop
    /// taking connections and every socket is closed with 1001 (going away), so that its client
    /// reconnects to another node at once: an open socket would otherwise hold the stop up until
    /// the timeout.
    pub async fn run(self) -> std::io::Result<()> {
        let handle = self.server.handle();
        let socket_handle = self.socket.as_ref().map(|(_, s)| s.handle());
        let drain_secs = self.drain_secs;
        let Stop { signals, drain: auctions, realtime, stopping } = self.stop;
        actix_web::rt::spawn(async move {
            let signal = signals.recv().await;
            let told = Instant::now();
            stopping.store(true, std::sync::atomic::Ordering::Relaxed);
            if let Some(auctions) = auctions {
                tracing::info!("{signal}: handing this node's auctions over to the others");
                let emptied = auctions.run(Duration::from_secs(drain_secs.max(1))).await;
                tracing::info!(emptied, "auctions handed over");
                tokio::time::sleep(LAST_ANSWERS.saturating_sub(told.elapsed())).await;
            }
            tracing::info!("{signal}: draining in-flight requests (up to {drain_secs} s), then stopping");
            // Sent at once: the listeners stop accepting before the sockets are told to go.
            let api = handle.stop(true);
            let sockets = socket_handle.map(|h| h.stop(true));
            tokio::time::sleep(Duration::from_millis(50)).await;
            let closed = realtime.close_all().await;
            tracing::info!(closed, "sockets told to reconnect elsewhere");
            api.await;
            if let Some(sockets) = sockets {
                sockets.await;
            }
        });
        let Some((_, sockets)) = self.socket else { return self.server.await };
        // The socket listener lives as long as the main one: it stops when that one has stopped.
        let handle = sockets.handle();
        let serving = actix_web::rt::spawn(sockets);
        let result = self.server.await;
        handle.stop(true).await;
        let _ = serving.await;
        result
    }
}

/// SIGINT and SIGTERM, each caught from its creation (a signal that cannot be caught is left to
/// its default: the process stops as a killed one does).
struct ShutdownSignals {
    interrupt: Option<Signal>,
    terminate: Option<Signal>,
}

impl ShutdownSignals {
    fn catch() -> ShutdownSignals {
        ShutdownSignals {
            interrupt: signal(SignalKind::interrupt()).ok(),
            terminate: signal(SignalKind::terminate()).ok(),
        }
    }

    /// Waits for either; the signal's name.
    async fn recv(mut self) -> &'static str {
        async fn next(signal: Option<&mut Signal>) {
            match signal {
                Some(signal) => {
                    signal.recv().await;
                }
                None => std::future::pending().await,
            }
        }
        tokio::select! {
            () = next(self.interrupt.as_mut()) => "SIGINT",
            () = next(self.terminate.as_mut()) => "SIGTERM",
        }
    }
}

/// Gives the calling thread the nice value `nice` (Linux: per thread), so that it yields the CPU to
/// the HTTP and auction threads. Raising one's own nice value needs no privilege; a failure only
/// means the thread keeps the default priority.
fn lower_this_thread(nice: i32) {
    if nice == 0 {
        return;
    }
    // SAFETY: `gettid` has no preconditions; `setpriority` on our own thread id only changes this
    // thread's scheduling priority.
    let done = unsafe {
        let tid = libc::gettid();
        libc::setpriority(libc::PRIO_PROCESS, tid as libc::id_t, nice)
    };
    if done != 0 {
        tracing::warn!(nice, "could not lower the socket thread's priority");
    }
}

/// The URL without its password, for logs and `tyiyn check`'s output.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let creds = &url[scheme + 3..at];
            let user = creds.split(':').next().unwrap_or("");
            format!("{}{}@{}", &url[..scheme + 3], user, &url[at + 1..])
        }
        _ => url.to_owned(),
    }
}

/// The payment provider.
fn payments(config: &Settings) -> anyhow::Result<crate::payments::Payments> {
    let payments = crate::payments::Payments::from_settings(&config.payments).context("payments")?;
    tracing::info!(provider = payments.provider.name(), "payments");
    Ok(payments)
}

/// The outbox: what transactions write it with (the channels on, the texts, the quiet hours), and the
/// channels its workers deliver through.
fn outbox(config: &Settings, pool: &Pool) -> anyhow::Result<(Outbox, Arc<Delivery>)> {
    let telegram =
        crate::telegram::channel::for_outbox(&config.telegram, pool.clone()).context("telegram")?;
    let delivery = Delivery::from_settings(config, telegram).context("outbox channels")?;
    let channels = Delivery::channels(config);
    let letters = crate::mail::Letters { public_url: config.payments.public_url.clone() };
    tracing::info!(
        email = channels.email,
        sms = config.sms.provider.as_str(),
        telegram = channels.telegram,
        "outbox channels"
    );
    let (from, until) = (&config.outbox.quiet_from, &config.outbox.quiet_until);
    let quiet = QuietHours::parse(from, until)
        .with_context(|| format!("outbox.quiet_from {from:?} and quiet_until {until:?} must be HH:MM"))?;
    let quiet = (quiet.from != quiet.until).then_some(quiet);
    Ok((Outbox::new(channels, Arc::new(letters), quiet), Arc::new(delivery)))
}

/// Everything the handlers share, with the runtime, the hub and the background jobs started.
async fn wire(pool: Pool, config: &Settings, timeout: Duration) -> anyhow::Result<web::Data<AppState>> {
    let payments = payments(config)?;
    let (outbox, delivery) = outbox(config, &pool)?;
    let site = {
        let client = pool.get().await?;
        db::settings::get(&client).await?
    };
    let clock = TokioClock::new();
    // With a NATS server the nodes share, the bus between them (docs/decisions.md, "The bus
    // between nodes").
    let bus = match config.cluster.nats_url.trim() {
        "" => None,
        url => Some(
            crate::cluster::bus::Bus::connect(url, &config.cluster.node())
                .await
                .with_context(|| format!("cluster.nats_url {url}"))?,
        ),
    };
    // The hub's address exists before the hub: auctions publish to it, and it asks the registry.
    let hub_ctx: Context<Hub> = Context::new();
    let hub = hub_ctx.address();
    let ports = match &bus {
        None => HubPorts::of(hub.clone()),
        Some(bus) => HubPorts::of(Uplink::new(hub.clone(), bus.clone(), clock.clone()).start()),
    };
    let effects: Arc<dyn Effects> = Arc::new(LocalHub::new(ports, outbox.clone(), pool.clone()));
    let (won, won_notices) = db::lifecycle::WonItems::channel(config.claims.reserve_hours);
    let relay_ctx: Option<Context<Relay>> = bus.as_ref().map(|_| Context::new());
    let runtime = crate::runtime::launch(
        pool.clone(),
        (config.database.commit_groups_in_flight, &config.cluster),
        &config.auction,
        clock,
        effects.outlets(),
        (won, outbox),
        relay_ctx.as_ref().map(|ctx| ctx.address().recipient()),
    )
    .await?;
    if config.demo.enabled && config.demo.keep_going {
        crate::demo::keep_going(pool.clone(), runtime.auctions.clone(), config.demo.clone());
    }
    let lists = Lists::new(runtime.auctions.clone(), bus.clone());
    let forward = bus
        .as_ref()
        .map(|bus| Forward::new(bus.clone(), pool.clone(), runtime.auctions.clone(), runtime.fences.clone()));
    let relay = match (&bus, &forward, relay_ctx) {
        (Some(bus), Some(forward), Some(relay_ctx)) => {
            crate::cluster::forward::serve(bus.clone(), runtime.auctions.clone());
            lists.serve();
            crate::ws::uplink::downlink(bus.clone(), hub.clone());
            crate::cluster::bot_news::hear(bus.clone(), runtime.auctions.clone(), pool.clone());
            let archive = crate::ws::session::Archive { pool: pool.clone(), clock: runtime.clock.clone() };
            Some(relay_ctx.run(Relay::new(forward.clone(), runtime.auctions.clone(), archive)))
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
    let dummy_hash: Arc<str> =
        password::hash(hex::encode(rand::random::<[u8; 16]>()), config.auth.bcrypt_cost).await?.into();
    let lifetime = Lifetime::from_days(config.auth.session_idle_days, config.auth.session_max_days)?;
    let sessions = web::Data::new(Sessions::new(pool.clone(), lifetime, config.server.secure_cookies));
    crate::auth::session::start_sweeper(sessions.clone());
    start_mark_purge(pool.clone());
    let state = web::Data::new(AppState {
        pool,
        site: SiteCache::new(site),
        sessions: sessions.clone(),
        throttle: LoginThrottle::new(LoginPolicy::from(&config.throttle)),
        registrations: RateLimit::new(
            config.throttle.register_max,
            Duration::from_secs(config.throttle.register_window_secs),
        ),
        checks: RateLimit::new(
            config.throttle.check_max,
            Duration::from_secs(config.throttle.check_window_secs),
        ),
        phone_codes: RateLimit::new(
            config.throttle.phone_code_max,
            Duration::from_secs(config.throttle.phone_code_window_secs),
        ),
        dummy_hash,
        auctions: runtime.auctions,
        effects: effects.clone(),
        realtime: Realtime { hub, relay },
        lists,
        forward,
        clock: runtime.clock,
        pace: crate::pace::Pace::new(config.auction.min_bid_interval_ms as i64),
        store: runtime.store,
        wins: runtime.wins,
        drain: runtime.drain,
        stopping: Arc::default(),
        payments,
        delivery,
        health,
        last_known,
        config: config.clone(),
    });

    start_jobs(&state, config, won_notices);
    crate::telegram::start(state.pool.clone(), &config.database.url, &config.telegram).context("telegram")?;
    Ok(state)
}

/// The jobs that run beside the requests: pushing won auctions' notifications after their
/// commit, the won-item sweeper, and the outbox's workers.
fn start_jobs(
    state: &web::Data<AppState>,
    config: &Settings,
    mut won_notices: UnboundedReceiver<NotificationRow>,
) {
    // A won auction's notification is stored in the finishing transaction; it is pushed live
    // here, after that commit. The claims' sweeper ends lapsed reservations and sends reminders.
    let effects = state.effects.clone();
    actix_web::rt::spawn(async move {
        while let Some(notice) = won_notices.recv().await {
            effects.notify(&[notice]);
        }
    });
    crate::outbox::worker::Workers {
        pool: state.pool.clone(),
        delivery: state.delivery.clone(),
        settings: config.outbox.clone(),
        bell: state.effects.outbox().bell(),
    }
    .start();
    let site = state.clone();
    crate::app::claims::Sweeper {
        pool: state.pool.clone(),
        effects: state.effects.clone(),
        provider: state.payments.provider.clone(),
        settings: config.claims.clone(),
        lang: Box::new(move || site.site.lang()),
    }
    .start();
    // Watchers of an auction that starts soon are told so (docs/decisions.md, "Watchlist").
    crate::app::watchlist::Sweeper {
        pool: state.pool.clone(),
        effects: state.effects.clone(),
        clock: state.clock.clone(),
        settings: config.watchlist.clone(),
    }
    .start();
}

/// What both listeners' workers are given.
#[derive(Clone)]
struct Shared {
    state: web::Data<AppState>,
    trusted: web::Data<TrustedProxies>,
    sockets: web::Data<SocketSlots>,
}

/// The API, the web app and the socket on `server.bind_addr`: its port and server.
fn api_server(config: &Settings, shared: Shared) -> anyhow::Result<(u16, actix_web::dev::Server)> {
    let listener = TcpListener::bind(&config.server.bind_addr)
        .with_context(|| format!("binding {}", config.server.bind_addr))?;
    let port = listener.local_addr()?.port();
    let limit = config.server.body_limit_bytes;
    let mut server = HttpServer::new(move || {
        // The `/api` routes are registered with their OpenAPI descriptions (crate::openapi).
        let (app, _) = App::new()
            .into_utoipa_app()
            .service(
                utoipa_actix_web::scope("/api")
                    .configure(routes::api)
                    .default_service(web::to(routes::no_route)),
            )
            .split_for_parts();
        app.app_data(shared.state.clone())
            .app_data(shared.state.sessions.clone())
            .app_data(shared.trusted.clone())
            .app_data(shared.sockets.clone())
            .app_data(middleware::json_config(limit))
            .app_data(web::PayloadConfig::new(limit))
            .wrap(from_fn(middleware::contract))
            .wrap(from_fn(crate::headers::plain_when_small))
            .wrap(Compress::default())
            .wrap(from_fn(crate::headers::security_headers))
            .configure(routes::site)
    })
    .shutdown_timeout(config.server.shutdown_timeout_secs)
    // SIGINT and SIGTERM are ours (`Application::run`): actix-web would stop at once on SIGINT.
    .disable_signals()
    .listen(listener)?;
    if config.server.workers > 0 {
        server = server.workers(config.server.workers);
    }
    Ok((port, server.run()))
}

/// The socket's own listener, when `server.socket_addr` gives it one: its port and server.
fn socket_server(config: &Settings, shared: Shared) -> anyhow::Result<Option<(u16, Server)>> {
    let addr = config.server.socket_addr.as_str();
    if addr.is_empty() {
        return Ok(None);
    }
    let listener = TcpListener::bind(addr).with_context(|| format!("binding {addr}"))?;
    let port = listener.local_addr()?.port();
    let nice = config.server.socket_nice.clamp(0, 19);
    let mut server = HttpServer::new(move || {
        // The factory runs once on each worker thread, as it starts.
        lower_this_thread(nice);
        App::new()
            .app_data(shared.state.clone())
            .app_data(shared.state.sessions.clone())
            .app_data(shared.trusted.clone())
            .app_data(shared.sockets.clone())
            .wrap(from_fn(middleware::contract))
            .configure(routes::socket_only)
            .default_service(web::to(routes::no_route))
    })
    .shutdown_timeout(config.server.shutdown_timeout_secs)
    .disable_signals()
    .listen(listener)?;
    if config.server.socket_workers > 0 {
        server = server.workers(config.server.socket_workers);
    }
    Ok(Some((port, server.run())))
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
