//! `tyiyn` with no arguments serves the API, the realtime socket and the built web app.
//! `tyiyn openapi` prints the OpenAPI document; `tyiyn events-schema` the socket events' schema.

use tracing_subscriber::EnvFilter;
use tyiyn::config::Settings;
use tyiyn::startup::Application;

#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    match std::env::args().nth(1).as_deref() {
        None => {}
        Some("openapi") => {
            println!("{}", tyiyn::openapi::document_json());
            return Ok(());
        }
        Some("events-schema") => {
            println!("{}", serde_json::to_string_pretty(tyiyn::openapi::events_schema())?);
            return Ok(());
        }
        Some(other) => {
            eprintln!("unknown command {other:?}; usage: tyiyn [openapi | events-schema]");
            std::process::exit(2);
        }
    }
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")))
        .init();
    let config = Settings::load(None)?;
    let app = Application::build(config.clone()).await?;
    println!(
        "Tyiyn is listening on http://{}",
        config.server.bind_addr.replace(":0", &format!(":{}", app.port()))
    );
    for (username, password) in &app.logins {
        println!("  login: {username} / {password}");
    }
    app.run().await?;
    Ok(())
}
