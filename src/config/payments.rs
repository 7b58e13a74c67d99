//! `[payments]`: who takes card and QR payments, and their keys.

use serde::Deserialize;

use super::Secret;

fn qr_minutes() -> u32 {
    15
}

/// Buying bids: which provider takes payments, and its keys.
#[derive(Debug, Clone, Deserialize)]
pub struct PaymentSettings {
    /// Card payments: `demo` or `freedompay`.
    pub provider: String,
    /// QR payments (ELQR links): `demo`, `gopay`, or empty for none (docs/rules/payments.md, "Paying by
    /// QR").
    #[serde(default)]
    pub qr_provider: String,
    /// Minutes a QR payment link may be paid (a new one is one tap after).
    #[serde(default = "qr_minutes")]
    pub qr_minutes: u32,
    /// The site's public base URL: the provider's result, success and failure URLs start with it.
    pub public_url: String,
    /// Refused callbacks stored per minute; the rest are only counted.
    pub refused_callbacks_per_minute: u32,
    #[serde(default)]
    pub demo: DemoPaymentSettings,
    #[serde(default)]
    pub freedompay: FreedomPaySettings,
    #[serde(default)]
    pub gopay: GoPaySettings,
}

/// The demo provider's signing secret; empty = random at each start.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct DemoPaymentSettings {
    #[serde(default)]
    pub secret: Secret,
}

/// Freedom Pay's merchant keys and behaviour.
#[derive(Debug, Clone, Deserialize)]
pub struct FreedomPaySettings {
    pub merchant_id: String,
    pub secret_key: Secret,
    pub host: String,
    pub testing_mode: bool,
    pub check_status: bool,
}

impl Default for FreedomPaySettings {
    fn default() -> Self {
        FreedomPaySettings {
            merchant_id: String::new(),
            secret_key: Secret::default(),
            host: "https://api.freedompay.kg".into(),
            testing_mode: false,
            check_status: true,
        }
    }
}

/// GoPay's merchant keys (merchant.gopay.kg, Developer → API Keys and Developer → Webhooks) and
/// behaviour, for `qr_provider = "gopay"`.
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct GoPaySettings {
    /// `GoPay-Api-Key`: names the merchant in every request.
    pub api_key: Secret,
    /// The key that signs our requests (HMAC-SHA512).
    pub secret_key: Secret,
    /// The key GoPay signs its callbacks with; empty: `secret_key`.
    pub webhook_secret: Secret,
    /// The API's base URL (`/v1/payments`, `/v1/payments/query`).
    pub host: String,
    /// Test payments (`testing_mode`): GoPay marks them paid without a bank.
    pub testing_mode: bool,
    /// Seconds one call to GoPay may take.
    pub timeout_secs: u64,
}

impl Default for GoPaySettings {
    fn default() -> Self {
        GoPaySettings {
            api_key: Secret::default(),
            secret_key: Secret::default(),
            webhook_secret: Secret::default(),
            host: "https://api.gopay.kg".into(),
            testing_mode: false,
            timeout_secs: 8,
        }
    }
}
