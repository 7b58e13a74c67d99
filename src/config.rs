//! Settings: `config/default.toml` (compiled in, so the binary runs from any directory), then an
//! optional overrides file, then `TYIYN_<SECTION>__<KEY>` environment variables, then the
//! contract variables `DATABASE_URL`, `BIND_ADDR` and `DEMO_DATA`.

use config::{Config, Environment, File, FileFormat};
use serde::Deserialize;

const DEFAULTS: &str = include_str!("../config/default.toml");

#[derive(Debug, Clone, Deserialize)]
pub struct Settings {
    pub server: ServerSettings,
    pub database: DatabaseSettings,
    pub auth: AuthSettings,
    pub auction: AuctionSettings,
    pub demo: DemoSettings,
    pub payments: PaymentSettings,
}

#[derive(Debug, Clone, Deserialize)]
pub struct ServerSettings {
    pub bind_addr: String,
    pub static_dir: String,
    pub workers: usize,
    pub body_limit_bytes: usize,
    pub shutdown_timeout_secs: u64,
    pub secure_cookies: bool,
}

#[derive(Debug, Clone, Deserialize)]
pub struct DatabaseSettings {
    pub url: String,
    pub pool_size: usize,
}

#[derive(Debug, Clone, Deserialize)]
pub struct AuthSettings {
    pub bcrypt_cost: u32,
    pub session_days: i64,
    pub login_max_failures: u32,
    pub login_window_secs: u64,
    pub signup_bonus_bids: i64,
}

#[derive(Debug, Clone, Deserialize)]
pub struct AuctionSettings {
    pub bid_countdown_secs: u64,
    pub start_countdown_secs: u64,
    pub min_bid_interval_ms: u64,
    pub finish_grace_ms: u64,
    pub actor_threads: usize,
    pub mailbox_capacity: usize,
    /// How long one second of a bot delay lasts, in milliseconds (tests shorten it).
    pub bot_second_ms: u64,
    /// Seed of the bots' random delays and choices; absent: from entropy.
    #[serde(default)]
    pub bot_seed: Option<u64>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct DemoSettings {
    pub enabled: bool,
    pub demo_password: String,
}

/// Buying bids: which provider takes payments, and its keys.
#[derive(Debug, Clone, Deserialize)]
pub struct PaymentSettings {
    /// `demo` or `freedompay`.
    pub provider: String,
    /// The site's public base URL: the provider's result, success and failure URLs start with it.
    pub public_url: String,
    #[serde(default)]
    pub demo: DemoPaymentSettings,
    #[serde(default)]
    pub freedompay: FreedomPaySettings,
}

/// The demo provider's signing secret; empty = random at each start.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct DemoPaymentSettings {
    #[serde(default)]
    pub secret: String,
}

/// Freedom Pay's merchant keys and behaviour.
#[derive(Debug, Clone, Deserialize)]
pub struct FreedomPaySettings {
    pub merchant_id: String,
    pub secret_key: String,
    pub host: String,
    pub testing_mode: bool,
    pub check_status: bool,
}

impl Default for FreedomPaySettings {
    fn default() -> Self {
        FreedomPaySettings {
            merchant_id: String::new(),
            secret_key: String::new(),
            host: "https://api.freedompay.kg".into(),
            testing_mode: false,
            check_status: true,
        }
    }
}

impl Settings {
    /// Loads the defaults, then `overrides` (TOML text, e.g. `config/test.toml`), then the
    /// environment.
    pub fn load(overrides: Option<&str>) -> Result<Settings, config::ConfigError> {
        let mut builder = Config::builder().add_source(File::from_str(DEFAULTS, FileFormat::Toml));
        if let Some(text) = overrides {
            builder = builder.add_source(File::from_str(text, FileFormat::Toml));
        }
        builder = builder.add_source(
            Environment::with_prefix("TYIYN").prefix_separator("_").separator("__").try_parsing(true),
        );
        if let Ok(url) = std::env::var("DATABASE_URL") {
            builder = builder.set_override("database.url", url)?;
        }
        if let Ok(addr) = std::env::var("BIND_ADDR") {
            builder = builder.set_override("server.bind_addr", addr)?;
        }
        if std::env::var("DEMO_DATA").is_ok_and(|v| v == "1" || v == "true") {
            builder = builder.set_override("demo.enabled", true)?;
        }
        builder.build()?.try_deserialize()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_parse_and_overrides_apply() {
        let s = Settings::load(Some("[auth]\nbcrypt_cost = 4\n")).expect("defaults parse");
        assert_eq!(s.auth.bcrypt_cost, 4);
        assert_eq!(s.auth.signup_bonus_bids, 5);
        assert_eq!(s.auction.bid_countdown_secs, 10);
        assert_eq!(s.server.body_limit_bytes, 65536);
        assert_eq!((s.auction.bot_second_ms, s.auction.bot_seed), (1000, None));
        assert_eq!(
            (s.payments.provider.as_str(), s.payments.public_url.as_str()),
            ("demo", "http://127.0.0.1:8080")
        );
        assert_eq!(s.payments.freedompay.host, "https://api.freedompay.kg");
    }
}

#[cfg(test)]
mod env_tests {
    use super::*;

    #[test]
    fn environment_variables_override_nested_keys() {
        // SAFETY: this test is the only one in the crate touching these variables.
        unsafe { std::env::set_var("TYIYN_AUCTION__MIN_BID_INTERVAL_MS", "7") };
        let s = Settings::load(None).expect("loads");
        unsafe { std::env::remove_var("TYIYN_AUCTION__MIN_BID_INTERVAL_MS") };
        assert_eq!(s.auction.min_bid_interval_ms, 7);
    }
}
