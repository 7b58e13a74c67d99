//! The payment providers: adapters implementing the use cases' port
//! [`crate::app::provider::PaymentProvider`], chosen by `[payments] provider` in config
//! ([`from_settings`]): [`freedompay::FreedomPay`] (the hosted payment page of Freedom Pay,
//! Kyrgyzstan), [`gopay::GoPay`] (QR payments by ELQR link, `[payments] qr_provider`, Kyrgyzstan)
//! and [`demo::Demo`] (our own page, for local runs, tests and the demo), with what
//! they share: som amounts as text, signed callback fields, ELQR payment links ([`elqr`]). A later
//! provider is one more module here.
//!
//! A provider never credits anything: it builds the payment page's address, verifies and parses
//! the provider's callback into a `CallbackOutcome`, words the answer the provider expects, and
//! optionally confirms a payment's status with the provider. `app::payments::process` credits,
//! once, in one transaction (docs/rules/payments.md, "Buying bids").

pub mod demo;
pub mod elqr;
pub mod freedompay;
pub mod gopay;

use std::sync::Arc;

use crate::app::provider::{CallbackOutcome, PaymentProvider, Payments, RecordBudget, Rejection};
use tyiyn_actors::ids::Tyiyn;

use crate::config::PaymentSettings;

/// The currency every order is paid in.
pub use crate::app::provider::CURRENCY;

/// The providers `[payments] provider` (cards) and `qr_provider` (QR payments) name; one demo
/// provider serves both when both are `demo`.
pub fn from_settings(settings: &PaymentSettings) -> anyhow::Result<Payments> {
    let demo = [&settings.provider, &settings.qr_provider]
        .iter()
        .any(|name| name.trim() == demo::NAME)
        .then(|| Arc::new(demo::Demo::new(settings)));
    let provider: Arc<dyn PaymentProvider> = match settings.provider.trim() {
        demo::NAME => demo.clone().expect("made above for the demo"),
        freedompay::NAME => Arc::new(freedompay::FreedomPay::new(settings)?),
        other => anyhow::bail!("payments.provider: unknown provider {other:?} (demo or freedompay)"),
    };
    let qr: Option<Arc<dyn PaymentProvider>> = match settings.qr_provider.trim() {
        "" => None,
        // The demo's Pay button credits without money: never beside a real card provider.
        demo::NAME if settings.provider.trim() != demo::NAME => anyhow::bail!(
            "payments.qr_provider = \"demo\" needs payments.provider = \"demo\" (its Pay button credits bids \
             without money): set qr_provider to a real QR provider, or to \"\" for none"
        ),
        demo::NAME => Some(demo.clone().expect("made above for the demo")),
        gopay::NAME => Some(Arc::new(gopay::GoPay::new(settings)?)),
        other => {
            anyhow::bail!("payments.qr_provider: unknown provider {other:?} (demo, gopay, or empty for none)")
        }
    };
    Ok(Payments {
        provider,
        qr,
        demo: demo.map(|d| d as Arc<dyn PaymentProvider>),
        qr_ttl: chrono::Duration::minutes(i64::from(settings.qr_minutes.clamp(1, 24 * 60))),
        refused: Arc::new(RecordBudget::new(settings.refused_callbacks_per_minute)),
    })
}

/// `"750"`, `"750.5"` or `"750.00"` som as tyiyn; `None` for anything else.
pub fn parse_som(text: &str) -> Option<i64> {
    let text = text.trim();
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || frac.len() > 2 {
        return None;
    }
    if !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let whole: i64 = whole.parse().ok()?;
    let frac: i64 = if frac.is_empty() { 0 } else { format!("{frac:0<2}").parse().ok()? };
    whole.checked_mul(100)?.checked_add(frac)
}

/// Tyiyn as the som text providers send: `750` for whole som, else `750.50`.
pub fn som_text(tyiyn: i64) -> String {
    if tyiyn % 100 == 0 { (tyiyn / 100).to_string() } else { Tyiyn(tyiyn).to_som_string() }
}

/// The names a provider gives the fields of its signed callback.
pub struct CallbackFields {
    pub order_id: &'static str,
    pub payment_id: &'static str,
    pub amount: &'static str,
    pub currency: &'static str,
    /// `1` paid, `0` failed.
    pub result: &'static str,
}

impl CallbackFields {
    /// Reads a callback whose signature was verified; names the first missing or unreadable field.
    pub fn outcome(&self, fields: &[(String, String)]) -> Result<CallbackOutcome, Rejection> {
        let text = |name: &'static str| field(fields, name).map(str::trim).ok_or(Rejection::Malformed(name));
        let order_id = text(self.order_id)?.parse().map_err(|_| Rejection::Malformed(self.order_id))?;
        let payment_id = text(self.payment_id)?;
        if payment_id.is_empty() {
            return Err(Rejection::Malformed(self.payment_id));
        }
        let amount = parse_som(text(self.amount)?).ok_or(Rejection::Malformed(self.amount))?;
        let currency = text(self.currency)?.to_owned();
        let paid = match text(self.result)? {
            "1" => true,
            "0" => false,
            _ => return Err(Rejection::Malformed(self.result)),
        };
        Ok(CallbackOutcome { order_id, payment_id: payment_id.to_owned(), amount, currency, paid, fee: None })
    }
}

/// The value of field `name`.
pub fn field<'a>(fields: &'a [(String, String)], name: &str) -> Option<&'a str> {
    fields.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
}

/// Constant-time comparison of two signatures (ASCII case-insensitive).
pub fn same_signature(a: &str, b: &str) -> bool {
    let (a, b) = (a.to_ascii_lowercase(), b.to_ascii_lowercase());
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn som_amounts_parse_to_tyiyn() {
        assert_eq!(parse_som("750"), Some(75_000));
        assert_eq!(parse_som("750.5"), Some(75_050));
        assert_eq!(parse_som("750.05"), Some(75_005));
        assert_eq!(parse_som(" 0.01 "), Some(1));
        assert_eq!(parse_som("750.001"), None);
        assert_eq!(parse_som("-5"), None);
        assert_eq!(parse_som("1e3"), None);
        assert_eq!(parse_som(""), None);
        assert_eq!(som_text(75_000), "750");
        assert_eq!(som_text(75_050), "750.50");
    }

    #[test]
    fn signatures_compare_ignoring_case_only() {
        assert!(same_signature("abcDEF", "ABCdef"));
        assert!(!same_signature("abc", "abd"));
        assert!(!same_signature("abc", "abcd"));
    }
}
