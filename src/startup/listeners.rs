//! The HTTP listeners: the API, the web app and the socket on `server.bind_addr`, and the socket's
//! own listener when `server.socket_addr` gives it one.

use std::net::TcpListener;

use actix_web::dev::Server;
use actix_web::middleware::{Compress, from_fn};
use actix_web::{App, HttpServer, web};
use anyhow::Context as _;
use utoipa_actix_web::AppExt;

use crate::client::TrustedProxies;
use crate::config::Settings;
use crate::state::AppState;
use crate::ws::slots::SocketSlots;
use crate::{middleware, routes};

/// What both listeners' workers are given.
#[derive(Clone)]
pub(super) struct Shared {
    pub(super) state: web::Data<AppState>,
    pub(super) trusted: web::Data<TrustedProxies>,
    pub(super) sockets: web::Data<SocketSlots>,
}

/// The API, the web app and the socket on `server.bind_addr`: its port and server.
pub(super) fn api_server(config: &Settings, shared: Shared) -> anyhow::Result<(u16, actix_web::dev::Server)> {
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
pub(super) fn socket_server(config: &Settings, shared: Shared) -> anyhow::Result<Option<(u16, Server)>> {
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
