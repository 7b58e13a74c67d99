//! `tyiyn` with no arguments serves the API, the realtime socket and the built web app.

use tracing_subscriber::EnvFilter;
use tyiyn::config::Settings;
use tyiyn::startup::Application;

#[actix_web::main]
async fn main() -> anyhow::Result<()> {
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
