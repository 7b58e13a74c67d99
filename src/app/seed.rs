//! What start-up writes before it serves: the configured admin, the demo data, and the username
//! skeletons of accounts from before they had them.

use deadpool_postgres::Pool;

use crate::auth::password;
use crate::config::Settings;
use crate::db;
use crate::input::parse;

/// The logins seeded at start-up: the configured admin, the demo data's people.
pub async fn run(pool: &Pool, config: &Settings) -> anyhow::Result<Vec<(String, String)>> {
    let mut logins = Vec::new();
    if let Some(admin) = ensure_admin(pool, config).await? {
        logins.push(admin);
    }
    if config.demo.enabled {
        let demo_password = config.demo.demo_password.expose();
        let hash = password::hash(demo_password.to_owned(), config.auth.bcrypt_cost).await?;
        let mut client = pool.get().await?;
        if let Some(summary) = db::demo::seed(&mut client, &hash, demo_password).await? {
            tracing::info!(auctions = summary.auctions, "seeded demo data");
            logins.extend(summary.users);
        }
    }
    // Accounts from before usernames had skeletons, and the seed's (docs/rules/accounts.md, "Usernames").
    let filled = db::users::backfill_skeletons(&pool.get().await?).await?;
    if filled > 0 {
        tracing::info!(accounts = filled, "username skeletons filled in");
    }
    Ok(logins)
}

/// `ADMIN_USERNAME` + `ADMIN_PASSWORD`: create that admin, or reset its password and role.
async fn ensure_admin(pool: &Pool, config: &Settings) -> anyhow::Result<Option<(String, String)>> {
    let (Ok(username), Ok(pass)) = (std::env::var("ADMIN_USERNAME"), std::env::var("ADMIN_PASSWORD")) else {
        return Ok(None);
    };
    let username = parse::username(&username)
        .map_err(|m| anyhow::anyhow!("ADMIN_USERNAME: {}", m.text(crate::i18n::Lang::En)))?;
    parse::password(&pass)
        .map_err(|m| anyhow::anyhow!("ADMIN_PASSWORD: {}", m.text(crate::i18n::Lang::En)))?;
    let hash = password::hash(pass.clone(), config.auth.bcrypt_cost).await?;
    let client = pool.get().await?;
    db::users::ensure_admin(&client, &username, &hash).await?;
    Ok(Some((username.into_string(), pass)))
}
