//! `tyiyn` with no arguments serves the API, the realtime socket and the built web app;
//! `tyiyn check` verifies the database's invariants, `tyiyn openapi` prints the OpenAPI document
//! and `tyiyn events-schema` the socket events' JSON Schema ([`tyiyn::cli`]).

use std::io::IsTerminal;
use std::process::ExitCode;

use tracing_subscriber::EnvFilter;
use tyiyn::cli;
use tyiyn::config::Settings;
use tyiyn::startup::Application;

/// jemalloc, not glibc's malloc: the HTTP workers allocate and free buffers above glibc's
/// per-thread cache (1 KiB) for every request, and glibc served them from its shared bins
/// (`_int_malloc`, `unlink_chunk`): half of the workers' user time on one busy auction
/// (docs/performance.md, "One auction", with the per-viewer memory measured under both).
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn main() -> anyhow::Result<ExitCode> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None => actix_web::rt::System::new().block_on(serve()).map(|()| ExitCode::SUCCESS),
        Some("check") => Ok(cli::check(&args[1..])),
        Some("openapi") => {
            println!("{}", tyiyn::routes::contract::document_json());
            Ok(ExitCode::SUCCESS)
        }
        Some("events-schema") => {
            println!("{}", serde_json::to_string_pretty(tyiyn::openapi::events_schema())?);
            Ok(ExitCode::SUCCESS)
        }
        Some(_) => {
            eprint!("{}", cli::USAGE);
            Ok(ExitCode::from(2))
        }
    }
}

async fn serve() -> anyhow::Result<()> {
    // Colours only for a person at a terminal: a log file or a pipe gets plain text.
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")))
        .with_ansi(std::io::stdout().is_terminal())
        .init();
    let config = Settings::load(None)?;
    let app = Application::build(config.clone()).await?;
    println!(
        "Tyiyn is listening on http://{}",
        config.server.bind_addr.replace(":0", &format!(":{}", app.port()))
    );
    if let Some(port) = app.socket_port() {
        println!(
            "  realtime socket: ws://{}/socket.io/",
            config.server.socket_addr.replace(":0", &format!(":{port}"))
        );
    }
    if let Some(port) = app.metrics_port() {
        let host = config.server.metrics_addr.rsplit_once(':').map_or("127.0.0.1", |(host, _)| host);
        println!("  metrics: http://{host}:{port}/metrics");
    }
    for (username, password) in &app.logins {
        println!("  login: {username} / {password}");
    }
    if std::env::var_os("ADMIN_USERNAME").is_none() {
        println!(
            "  no admin login printed: ADMIN_USERNAME and ADMIN_PASSWORD create one (make run uses admin / admin12345)"
        );
    }
    app.run().await?;
    tracing::info!("stopped");
    Ok(())
}
