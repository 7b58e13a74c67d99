//! Operators' figures: `GET /metrics` in the Prometheus text format, served on its own listener
//! (`server.metrics_addr`, loopback by default; docs/operations.md, "Metrics"), never on the
//! public one. The code records through the `metrics` facade; `metrics-exporter-prometheus`
//! renders. One recorder per process: the first [`Application`](crate::startup::Application)
//! installs it and later ones (the test suite starts many) share it.
//!
//! What is recorded, and where:
//! - bids and pre-bids answered, by outcome (`accepted` or the error code), and the bid answer's
//!   latency (`routes::auctions`); bids on their way through an auction actor (its mailbox and its
//!   commit), as a gauge;
//! - group commits: bids and batches per group, the commit's latency, failed groups, and where
//!   a bid waits before its commit: in its auction, then for its group (`db::group_commit`);
//! - sockets connected, frames queued to them, slow sockets dropped (`ws::session`);
//! - the connection pool: size, idle connections and requests waiting for one (read at scrape);
//! - payment callbacks by outcome, and refused ones not recorded in full because too many came
//!   (`routes::payment_callback`);
//! - outbox messages attempted, by channel and outcome (`outbox::worker`).

use std::sync::OnceLock;
use std::time::Duration;

use actix_web::{App, HttpResponse, HttpServer, web};
use deadpool_postgres::Pool;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

/// Bids and pre-bids answered, labelled `kind` (`bid`, `prebid`) and `outcome`.
pub const BIDS: &str = "tyiyn_bids_total";
/// Seconds from a bid's arrival to its answer (accepted or not).
pub const BID_SECONDS: &str = "tyiyn_bid_seconds";
/// Bids sent to an auction actor and not yet answered: its mailbox and its commit together.
pub const BIDS_IN_FLIGHT: &str = "tyiyn_bids_in_flight";
/// Group commits done, and those that failed.
pub const COMMIT_GROUPS: &str = "tyiyn_commit_groups_total";
pub const COMMIT_FAILURES: &str = "tyiyn_commit_failures_total";
/// Commits whose answer was lost (the connection or the database died), each settled later.
pub const COMMITS_IN_DOUBT: &str = "tyiyn_commits_in_doubt_total";
/// Per group commit: its bids, its auctions' batches, its seconds.
pub const COMMIT_BIDS: &str = "tyiyn_commit_group_bids";
pub const COMMIT_BATCHES: &str = "tyiyn_commit_group_batches";
pub const COMMIT_SECONDS: &str = "tyiyn_commit_seconds";
/// Where a bid waits before its commit, per bid: from its arrival until its auction hands its
/// batch to the committer (the auction's previous batch was still committing)...
pub const BID_QUEUED_SECONDS: &str = "tyiyn_bid_queued_seconds";
/// ...and per batch: from then until its group commit starts (the group before was committing).
pub const COMMIT_QUEUE_SECONDS: &str = "tyiyn_commit_queue_seconds";
/// Realtime sockets open now.
pub const SOCKETS: &str = "tyiyn_sockets_connected";
/// Frames queued to sockets, and sockets closed because their client fell behind.
pub const FRAMES_SENT: &str = "tyiyn_socket_frames_sent_total";
pub const SOCKETS_DROPPED: &str = "tyiyn_sockets_dropped_slow_total";
/// Payment callbacks received, labelled `outcome` (`credited`, `duplicate`, `bad_signature`, …).
pub const PAYMENT_CALLBACKS: &str = "tyiyn_payment_callbacks_total";
/// Refused callbacks past the recording budget: counted here, not stored.
pub const PAYMENT_CALLBACKS_UNRECORDED: &str = "tyiyn_payment_callbacks_unrecorded_total";
/// Phone codes refused because the hour's SMS budget (`[sms] hourly_budget`) was spent.
pub const SMS_BUDGET_REFUSED: &str = "tyiyn_sms_budget_refused_total";
/// Outbox delivery attempts, labelled `channel` (`email`, `sms`, `telegram`) and `outcome`
/// (`sent`, `retry`, `failed`).
pub const OUTBOX_MESSAGES: &str = "tyiyn_outbox_messages_total";
/// Auctions this node took over from a node whose lease ran out, and leases this node lost.
pub const LEASE_TAKEOVERS: &str = "tyiyn_lease_takeovers_total";
pub const LEASES_LOST: &str = "tyiyn_leases_lost_total";
/// Bids and pre-bids this node passed to the auction's owner over NATS, labelled `outcome`
/// (`answered`, `unreached`, `unknown`), and how long the owner took to answer them.
pub const FORWARDED_BIDS: &str = "tyiyn_forwarded_bids_total";
pub const FORWARDED_BID_SECONDS: &str = "tyiyn_forwarded_bid_seconds";
/// Times this node's NATS connection came back after it was lost, and messages to other nodes
/// dropped while it was away (frames and user events: each is repaired by a fresh state).
pub const NATS_RECONNECTS: &str = "tyiyn_nats_reconnects_total";
pub const NATS_DROPPED: &str = "tyiyn_nats_dropped_total";
/// The database pool, read at each scrape.
pub const POOL_SIZE: &str = "tyiyn_db_pool_connections";
pub const POOL_IDLE: &str = "tyiyn_db_pool_idle";
pub const POOL_WAITING: &str = "tyiyn_db_pool_waiting";

/// Latency buckets, in seconds: 1 ms to 5 s.
const SECONDS: &[f64] = &[0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0];
/// Count buckets (bids or batches in one group commit).
const COUNTS: &[f64] = &[1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0, 1000.0];

static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

/// The process's recorder, installed on first use. `None` if another recorder was installed
/// first (a library user's own): then nothing is served.
fn handle() -> Option<&'static PrometheusHandle> {
    if let Some(h) = HANDLE.get() {
        return Some(h);
    }
    let builder = PrometheusBuilder::new()
        .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), SECONDS)
        .and_then(|b| b.set_buckets_for_metric(Matcher::Full(COMMIT_BIDS.into()), COUNTS))
        .and_then(|b| b.set_buckets_for_metric(Matcher::Full(COMMIT_BATCHES.into()), COUNTS));
    let recorder = match builder {
        Ok(b) => b.build_recorder(),
        Err(e) => {
            tracing::error!("metrics: {e}");
            return None;
        }
    };
    let handle = recorder.handle();
    if HANDLE.set(handle).is_ok() && metrics::set_global_recorder(recorder).is_err() {
        tracing::warn!("metrics: another recorder is installed; /metrics stays empty");
    }
    HANDLE.get()
}

/// Installs the recorder (before anything records) and, unless `addr` is empty, serves
/// `GET /metrics` there. Returns the bound port. A port that cannot be bound is logged, not
/// fatal: the site matters more than its figures.
pub fn serve(addr: &str, pool: Pool) -> Option<u16> {
    let handle = handle()?;
    if addr.is_empty() {
        return None;
    }
    // A port that is taken (a second local server, another exporter) moves /metrics to a free
    // port on the same host; the start-up banner says where.
    let listener = match std::net::TcpListener::bind(addr) {
        Ok(l) => l,
        Err(e) => {
            let host = addr.rsplit_once(':').map_or("127.0.0.1", |(host, _)| host);
            match std::net::TcpListener::bind((host.trim_matches(['[', ']']), 0)) {
                Ok(l) => {
                    let port = l.local_addr().map(|a| a.port()).unwrap_or(0);
                    tracing::warn!("metrics: {addr} is taken ({e}); serving /metrics on port {port} instead");
                    l
                }
                Err(e) => {
                    tracing::error!("metrics: cannot listen on {addr} or a free port: {e}; /metrics is off");
                    return None;
                }
            }
        }
    };
    let port = listener.local_addr().ok()?.port();
    let pool = web::Data::new(pool);
    let server =
        HttpServer::new(move || App::new().app_data(pool.clone()).route("/metrics", web::get().to(render)))
            .workers(1)
            .disable_signals()
            .shutdown_timeout(1)
            .listen(listener);
    match server {
        Ok(server) => {
            actix_web::rt::spawn(server.run());
            // Histograms keep their recent window tidy between scrapes.
            actix_web::rt::spawn(async move {
                let mut tick = tokio::time::interval(Duration::from_secs(5));
                loop {
                    tick.tick().await;
                    handle.run_upkeep();
                }
            });
            Some(port)
        }
        Err(e) => {
            tracing::error!("metrics: {e}; /metrics is off");
            None
        }
    }
}

async fn render(pool: web::Data<Pool>) -> HttpResponse {
    let status = pool.status();
    metrics::gauge!(POOL_SIZE).set(status.size as f64);
    metrics::gauge!(POOL_IDLE).set(status.available as f64);
    metrics::gauge!(POOL_WAITING).set(status.waiting as f64);
    let body = HANDLE.get().map(PrometheusHandle::render).unwrap_or_default();
    HttpResponse::Ok().content_type("text/plain; version=0.0.4; charset=utf-8").body(body)
}
