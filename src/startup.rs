//! `Application::build` wires the pool, migrations, bootstrap data and the HTTP server;
//! `run` serves until SIGTERM/SIGINT, then drains in-flight requests.

use std::sync::Arc;
use std::time::{Duration, Instant};

use actix_web::dev::Server;
use actix_web::web;
use anyhow::Context as _;

use tokio::signal::unix::{Signal, SignalKind, signal};

use crate::client::TrustedProxies;
use crate::config::Settings;
use crate::db;
use crate::ws::slots::SocketSlots;

mod elsewhere;
mod listeners;
mod wiring;

use listeners::{Shared, api_server, socket_server};
use wiring::wire;

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
