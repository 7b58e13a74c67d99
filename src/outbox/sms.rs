//! The SMS channel: the outbox's SMS rows through the provider `[sms] provider` names. `log`
//! (the default) prints each message in full to the server's log and sends nothing, so that a
//! newcomer running the server locally reads sign-in codes there; `nikita` is Nikita Mobile's
//! SMSPRO.KG gateway (`super::nikita`; docs/rules/outbox.md, "SMS gateway").

use futures_util::future::BoxFuture;

use super::{Channel, Message, SendError};

/// Who sends SMS.
pub trait SmsProvider: Send + Sync {
    /// `log` or the gateway's name, for the log.
    fn name(&self) -> &'static str;

    /// Sends `text` to `phone` (`+996` and nine digits, or without the plus). `reference` is
    /// unique per message and attempt: the gateway's id of the sending.
    fn send<'a>(
        &'a self,
        reference: &'a str,
        phone: &'a str,
        text: &'a str,
    ) -> BoxFuture<'a, Result<(), SendError>>;
}

/// SMS through a provider.
pub struct Sms(pub Box<dyn SmsProvider>);

impl Channel for Sms {
    fn send<'a>(&'a self, m: Message<'a>) -> BoxFuture<'a, Result<(), SendError>> {
        Box::pin(async move {
            let reference = reference(m.id, m.attempt);
            let sent = self.0.send(&reference, m.recipient, m.body).await;
            if let Err(err) = &sent {
                tracing::debug!(id = m.id, provider = self.0.name(), error = %err, "sms not sent");
            }
            sent
        })
    }
}

/// A message's reference at the gateway: up to 12 Latin letters and digits, unique per message
/// and attempt (`<id in hex>x<attempt in hex>`), so that a retry is never taken for a repeat.
pub fn reference(id: i64, attempt: i32) -> String {
    format!("{id:x}x{attempt:x}")
}

/// The `log` provider: each message in full in the server's log, nothing sent.
pub struct LogSms;

impl SmsProvider for LogSms {
    fn name(&self) -> &'static str {
        "log"
    }

    fn send<'a>(
        &'a self,
        reference: &'a str,
        phone: &'a str,
        text: &'a str,
    ) -> BoxFuture<'a, Result<(), SendError>> {
        Box::pin(async move {
            tracing::info!(to = phone, reference, text, "SMS (log provider: printed here, not sent)");
            Ok(())
        })
    }
}

/// `phone` as the gateways take it, `996` and nine digits; `None` for anything else.
pub fn kyrgyz_mobile(phone: &str) -> Option<String> {
    let digits: String = phone.chars().filter(|c| !matches!(c, ' ' | '-' | '(' | ')')).collect();
    let digits = digits.strip_prefix('+').unwrap_or(&digits);
    (digits.len() == 12 && digits.starts_with("996") && digits.bytes().all(|b| b.is_ascii_digit()))
        .then(|| digits.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_are_short_and_unique_per_attempt() {
        assert_eq!(reference(255, 1), "ffx1");
        assert_ne!(reference(255, 1), reference(255, 2));
        assert!(reference(i64::from(u32::MAX), 99).len() <= 12);
    }

    #[test]
    fn only_kyrgyz_mobile_numbers_are_sent_to() {
        assert_eq!(kyrgyz_mobile("+996 555 123-456").as_deref(), Some("996555123456"));
        assert_eq!(kyrgyz_mobile("996700123456").as_deref(), Some("996700123456"));
        assert_eq!(kyrgyz_mobile("+7 701 123 4567"), None);
        assert_eq!(kyrgyz_mobile("+99655512345"), None);
        assert_eq!(kyrgyz_mobile("+99655512345x"), None);
    }
}
