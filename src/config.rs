//! Settings: `config/default.toml` (compiled in, so the binary runs from any directory), then an
//! optional overrides file, then `TYIYN_<SECTION>__<KEY>` environment variables, then the
//! contract variables `DATABASE_URL`, `BIND_ADDR` and `DEMO_DATA`. Every password, key and URL
//! with credentials is a [`Secret`], so printing the settings (`{:?}`) shows none of them.

use std::fmt;

use config::{Config, Environment, File, FileFormat};
use serde::Deserialize;

mod telegram;
pub use telegram::TelegramSettings;
mod watchlist;
pub use watchlist::WatchlistSettings;
mod channels;
mod cluster;
pub use channels::{MailSettings, OutboxSettings, SmsSettings};
pub use cluster::ClusterSettings;
mod push;
pub use push::PushSettings;
mod payments;
pub use payments::{DemoPaymentSettings, FreedomPaySettings, GoPaySettings, PaymentSettings};

const DEFAULTS: &str = include_str!("../config/default.toml");

/// A secret setting (a password, a signing key, a URL with a password in it). Read it with
/// [`Secret::expose`] where it is used; `Debug` prints `"[redacted]"`, or `""` when it is empty
/// (so a missing secret still shows).
#[derive(Clone, Default, Deserialize)]
#[serde(transparent)]
pub struct Secret(String);

impl Secret {
    /// The secret itself, for the one place that uses it.
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// Whether it is unset.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl From<String> for Secret {
    fn from(value: String) -> Secret {
        Secret(value)
    }
}

impl From<&str> for Secret {
    fn from(value: &str) -> Secret {
        Secret(value.to_owned())
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = if self.0.is_empty() { "" } else { "[redacted]" };
        fmt::Debug::fmt(shown, f)
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct Settings {
    pub server: ServerSettings,
    pub database: DatabaseSettings,
    pub auth: AuthSettings,
    pub auction: AuctionSettings,
    pub demo: DemoSettings,
    pub payments: PaymentSettings,
    pub claims: ClaimSettings,
    /// Login throttling and per-address limits (docs/rules/security.md, "Account protection").
    pub throttle: ThrottleSettings,
    /// E-mail for notifications (issue 9 B).
    #[serde(default)]
    pub mail: MailSettings,
    /// The Telegram bot (issue 24; off while `bot_token` is empty).
    pub telegram: TelegramSettings,
    /// The watchlist and its "starting" notice (docs/rules/watchlist.md, "Watchlist").
    #[serde(default)]
    pub watchlist: WatchlistSettings,
    /// The durable outbox's workers, and the SMS channel (issue 24).
    #[serde(default)]
    pub outbox: OutboxSettings,
    #[serde(default)]
    pub sms: SmsSettings,
    /// Web Push to the phone app (issue 43).
    pub push: PushSettings,
    /// Several nodes: leases on auctions, and NATS (issue 25).
    #[serde(default)]
    pub cluster: ClusterSettings,
}

#[derive(Debug, Clone, Deserialize)]
pub struct ServerSettings {
    pub bind_addr: String,
    pub static_dir: String,
    pub workers: usize,
    pub body_limit_bytes: usize,
    /// Milliseconds a request's body may take to arrive; then 408 and the connection is closed.
    pub body_timeout_ms: u64,
    pub shutdown_timeout_secs: u64,
    pub secure_cookies: bool,
    /// Reverse proxies (addresses or CIDR blocks) whose `Forwarded`/`X-Forwarded-*` headers are
    /// believed; empty: none, the peer address and the `Host` header count (crate::client).
    #[serde(default)]
    pub trusted_proxies: Vec<String>,
    /// Realtime sockets one client address may hold open at once; more get 429 at the upgrade.
    pub max_sockets_per_address: usize,
    /// Where `GET /metrics` (Prometheus text) listens; empty: nowhere.
    #[serde(default)]
    pub metrics_addr: String,
    /// A listener of its own for the realtime socket (`/socket.io/`), with `socket_workers`
    /// threads, so that writing frames to thousands of viewers never delays an HTTP answer; the
    /// reverse proxy routes `/socket.io/` there. Empty: the socket is served on `bind_addr`.
    #[serde(default)]
    pub socket_addr: String,
    /// Worker threads of the socket listener (0: one per CPU core).
    #[serde(default)]
    pub socket_workers: usize,
    /// The nice value the socket listener's threads take (0 to 19): when the CPU is short, the
    /// threads answering HTTP and running auctions go first.
    #[serde(default)]
    pub socket_nice: i32,
    /// Answers smaller than this many bytes are sent uncompressed (`crate::headers::
    /// plain_when_small`); larger ones, and streamed ones, as the client accepts.
    #[serde(default = "default_compress_min_bytes")]
    pub compress_min_bytes: u64,
    /// The sources the page may connect to besides `'self'` (the CSP's `connect-src`), space
    /// separated, e.g. `wss://tyiyn.kg`. Empty: the socket's origin on `payments.public_url`'s
    /// host. Never taken from a request's `Host`.
    #[serde(default)]
    pub connect_src: String,
}

fn default_compress_min_bytes() -> u64 {
    4096
}

#[derive(Debug, Clone, Deserialize)]
pub struct DatabaseSettings {
    /// `postgres://user:password@host:port/database`: a secret, for its password.
    pub url: Secret,
    pub pool_size: usize,
    /// The longest a request waits to connect or for a free pooled connection before it answers
    /// 503 (docs/rules/outages.md, "Database outages").
    pub timeout_ms: u64,
    /// How often the health monitor probes the database.
    pub probe_interval_ms: u64,
    /// Bid groups committing at once, each on its own pooled connection.
    pub commit_groups_in_flight: usize,
}

#[derive(Debug, Clone, Deserialize)]
pub struct AuthSettings {
    pub bcrypt_cost: u32,
    /// A session unused this many days ends (docs/rules/sessions.md, "Sessions").
    pub session_idle_days: i64,
    /// A session this many days old ends, however much it is used.
    pub session_max_days: i64,
    /// Free bids: at registration with `phone_verification = "off"`, else at a number's first
    /// confirmation.
    pub signup_bonus_bids: i64,
    /// Whether bidding needs a confirmed phone (docs/rules/phone.md, "One person, one account").
    pub phone_verification: PhoneVerification,
    /// How long a code sent by SMS may be used.
    pub phone_code_ttl_secs: u64,
    /// Wrong tries after which a code is void.
    pub phone_code_tries: i32,
    /// Seconds before another code may be sent to the same account or number.
    pub phone_code_resend_secs: u64,
}

/// `required`: bids, pre-bids, auto-bidders and Buy It Now need a confirmed phone, and the free
/// bids come with it. `off`: registration gives the free bids and nothing asks for a phone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PhoneVerification {
    Required,
    Off,
}

#[derive(Debug, Clone, Deserialize)]
pub struct AuctionSettings {
    pub bid_countdown_secs: u64,
    pub start_countdown_secs: u64,
    pub min_bid_interval_ms: u64,
    pub finish_grace_ms: u64,
    /// Users' auto-bidders bid when the countdown is under a threshold drawn between these.
    pub autobid_earliest_ms: u64,
    pub autobid_latest_ms: u64,
    /// Win-limited auctions: the same item once in `win_same_item_days`, at most `win_max` wins
    /// in `win_window_days`.
    pub win_same_item_days: u32,
    pub win_max: u32,
    pub win_window_days: u32,
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
    /// The password of the seeded `demo` account.
    pub demo_password: Secret,
    /// With demo data on, list new auctions from the demo catalogue as others finish (`src/demo.rs`).
    pub keep_going: bool,
    /// How many auctions live or starting within half an hour (bid packages aside) the demo keeps.
    pub keep_running: u32,
    /// How often it looks, in seconds.
    pub list_every_secs: u64,
    /// A listed auction starts this many seconds after it is listed...
    pub starts_in_secs: i32,
    /// ...and runs this long to its first deadline (its opening countdown).
    pub opening_secs: i32,
}

/// Won items (docs/rules/won-items.md, "Won items"): how long a claim is reserved, when its holder
/// is reminded, the delivery fees, and how often the sweeper looks for lapsed reservations.
#[derive(Debug, Clone, Deserialize)]
pub struct ClaimSettings {
    /// Hours a won item stays reserved for the participant it is offered to.
    pub reserve_hours: i32,
    /// Hours before the reservation ends when its holder is reminded (once).
    pub remind_hours: i32,
    /// Courier delivery in Bishkek, tyiyn.
    pub courier_fee: i64,
    /// Delivery to the regions by carrier, tyiyn.
    pub region_fee: i64,
    /// Milliseconds between two sweeps for lapsed reservations and due reminders.
    pub sweep_interval_ms: u64,
    /// Hours after an auction's end during which its losing participants may buy it now.
    pub buy_now_hours: i32,
}

/// Login throttling and per-address request limits (docs/rules/security.md, "Account protection").
#[derive(Debug, Clone, Deserialize)]
pub struct ThrottleSettings {
    /// Seconds a failed login counts.
    pub login_window_secs: u64,
    /// Failures for one account from one address answered without a wait.
    pub login_free_failures: u32,
    /// Failures for one account from one address after which that address's guesses are refused.
    pub login_max_failures: u32,
    /// Failures for one account from all addresses after which each address gets one guess.
    pub login_account_max_failures: u32,
    /// Failures from one address (all accounts) after which its logins are slowed.
    pub login_address_max_failures: u32,
    /// Milliseconds a slowed address's login waits before its password is checked.
    pub login_address_delay_ms: u64,
    /// Accounts one address may create per `register_window_secs`.
    pub register_max: u32,
    pub register_window_secs: u64,
    /// Availability checks one address may make per `check_window_secs`.
    pub check_max: u32,
    pub check_window_secs: u64,
    /// Codes one address may have sent per `phone_code_window_secs`.
    pub phone_code_max: u32,
    pub phone_code_window_secs: u64,
    /// Codes one number may be sent per `phone_code_number_window_secs`, whoever asks.
    pub phone_code_number_max: u32,
    pub phone_code_number_window_secs: u64,
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
            Environment::with_prefix("TYIYN")
                .prefix_separator("_")
                .separator("__")
                .try_parsing(true)
                .list_separator(",")
                .with_list_parse_key("server.trusted_proxies"),
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
mod tests;

#[cfg(test)]
mod env_tests {
    use super::*;

    #[test]
    fn environment_variables_override_nested_keys() {
        // SAFETY: this test is the only one in the crate touching these variables.
        unsafe { std::env::set_var("TYIYN_AUCTION__MIN_BID_INTERVAL_MS", "7") };
        unsafe { std::env::set_var("TYIYN_SERVER__TRUSTED_PROXIES", "127.0.0.1,10.0.0.0/8") };
        let s = Settings::load(None).expect("loads");
        unsafe { std::env::remove_var("TYIYN_AUCTION__MIN_BID_INTERVAL_MS") };
        unsafe { std::env::remove_var("TYIYN_SERVER__TRUSTED_PROXIES") };
        assert_eq!(s.auction.min_bid_interval_ms, 7);
        assert_eq!(s.server.trusted_proxies, ["127.0.0.1", "10.0.0.0/8"], "a comma-separated list");
    }
}
