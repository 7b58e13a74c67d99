//! The settings of the durable outbox and of the channels it delivers through: `[outbox]` (the
//! workers' pace, lease, backoff and give-up), `[mail]` (the SMTP server), `[sms]` (the gateway)
//! and `[telegram]` (the bot). docs/operations.md says how to set them.

use serde::Deserialize;

use super::Secret;

/// How the outbox workers deliver (docs/rules/outbox.md, "The outbox").
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct OutboxSettings {
    /// Worker tasks in this process (every node runs its own; they share the rows safely).
    pub workers: usize,
    /// Milliseconds between two looks for due messages when nothing wakes a worker sooner.
    pub poll_ms: u64,
    /// Messages one worker claims and sends at once.
    pub batch: i64,
    /// Milliseconds a claimed message is left to its worker before another may try it again.
    pub lease_ms: u64,
    /// Milliseconds one send may take; then it counts as a failure to retry. Below `lease_ms`.
    pub send_timeout_ms: u64,
    /// The wait before the second attempt, in milliseconds; it doubles after each failure...
    pub backoff_base_ms: u64,
    /// ...up to this.
    pub backoff_cap_ms: u64,
    /// Attempts after which a message that still fails is given up (`failed`).
    pub max_attempts: i32,
    /// The quiet hours, in Bishkek time (`HH:MM`): Telegram and SMS written from `quiet_from`
    /// wait until `quiet_until`, except a win and an item passed on. Equal times: no quiet hours.
    pub quiet_from: String,
    pub quiet_until: String,
}

impl Default for OutboxSettings {
    fn default() -> Self {
        OutboxSettings {
            workers: 1,
            poll_ms: 2_000,
            batch: 20,
            lease_ms: 120_000,
            send_timeout_ms: 30_000,
            backoff_base_ms: 30_000,
            backoff_cap_ms: 3_600_000,
            max_attempts: 8,
            quiet_from: "22:00".into(),
            quiet_until: "08:00".into(),
        }
    }
}

/// E-mail for notifications: the SMTP server mail goes through (off by default).
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct MailSettings {
    /// Send e-mail at all.
    pub enabled: bool,
    /// The SMTP server's host name (checked against its TLS certificate).
    pub host: String,
    pub port: u16,
    /// `starttls` (upgrade a plain connection, port 587), `tls` (TLS from the start, port 465) or
    /// `none` (plain text: a local relay or a test sink only).
    pub tls: String,
    /// SMTP login; empty: none.
    pub username: String,
    pub password: Secret,
    /// The sender, e.g. `Tyiyn <noreply@tyiyn.kg>`.
    pub from: String,
    /// How long one SMTP command may take.
    pub timeout_secs: u64,
}

impl Default for MailSettings {
    fn default() -> Self {
        MailSettings {
            enabled: false,
            host: String::new(),
            port: 587,
            tls: "starttls".into(),
            username: String::new(),
            password: Secret::default(),
            from: "Tyiyn <noreply@tyiyn.kg>".into(),
            timeout_secs: 30,
        }
    }
}

/// The SMS gateway (docs/operations.md, "SMS").
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct SmsSettings {
    /// `log` (each message printed in full to the server's log; nothing leaves) or `nikita`
    /// (Nikita Mobile's SMSPRO.KG gateway).
    pub provider: String,
    /// The gateway account's login and password.
    pub login: String,
    pub password: Secret,
    /// The sender name the gateway approved for the account (e.g. `TYIYN`).
    pub sender: String,
    /// Where messages are posted.
    pub api_url: String,
    /// Ask the gateway to accept messages without sending or charging them (its test mode).
    pub test: bool,
    /// Phone codes every node together may send in one hour (UTC); over it a code request gets
    /// 503 `sms_unavailable` and the operator is alerted. `0`: no budget.
    pub hourly_budget: u32,
    /// The Kyrgyz mobile ranges codes go to: each a prefix of the nine digits after `+996`.
    pub mobile_prefixes: Vec<String>,
}

/// Kyrgyz mobile ranges (the digits after `+996`) as the operators use them: O! 50x and 70x,
/// MegaCom 55x, 75x, 88x and 99x, Beeline 20x, 22x and 77x, and the smaller 51x–57x ranges.
/// Landlines (3xx, 6xx), toll-free 800 and unassigned ranges are not mobile.
pub const MOBILE_PREFIXES: [&str; 14] =
    ["20", "22", "50", "51", "52", "54", "55", "56", "57", "70", "75", "77", "88", "99"];

impl SmsSettings {
    /// Whether `phone` (`+996` and nine digits) is in a mobile range.
    pub fn is_mobile(&self, phone: &str) -> bool {
        let digits = phone.strip_prefix("+996").unwrap_or(phone);
        self.mobile_prefixes.iter().any(|p| !p.is_empty() && digits.starts_with(p.as_str()))
    }
}

impl Default for SmsSettings {
    fn default() -> Self {
        SmsSettings {
            provider: "log".into(),
            login: String::new(),
            password: Secret::default(),
            sender: String::new(),
            api_url: "https://smspro.nikita.kg/api/message".into(),
            test: false,
            hourly_budget: 1000,
            mobile_prefixes: MOBILE_PREFIXES.iter().map(|p| (*p).to_owned()).collect(),
        }
    }
}
