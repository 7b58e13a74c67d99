//! The demo provider: the payment page is our own web app's `/pay/demo/{orderId}`, whose "Pay"
//! and "Fail" buttons call `POST /api/payments/demo/{orderId}`. That route signs a callback with
//! [`Demo::signed_callback`] and delivers it in-process to the same verification and crediting
//! code as a real provider's callback; a callback posted to `/api/payments/callback/demo` from
//! outside must carry the same signature.
//!
//! Signing: `sig` = lowercase hex HMAC-SHA256, keyed with the demo secret
//! (`[payments.demo] secret`, random at start when empty), of `callback;` followed by the values
//! of every other field sorted by field name, joined with `;` (Freedom Pay's layout with an HMAC
//! instead of an appended secret).

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

use super::{CallbackFields, field, same_signature, som_text};
use crate::app::provider::{Answer, CURRENCY, CallbackOutcome, PaymentProvider, Rejection, Verdict};
use crate::config::PaymentSettings;
use crate::db::payments::OrderRow;

/// The provider's name in paths and rows.
pub const NAME: &str = "demo";

/// The demo provider.
pub struct Demo {
    secret: Vec<u8>,
}

impl Demo {
    pub fn new(settings: &PaymentSettings) -> Demo {
        let secret = if settings.demo.secret.is_empty() {
            rand::random::<[u8; 32]>().to_vec()
        } else {
            settings.demo.secret.expose().as_bytes().to_vec()
        };
        Demo { secret }
    }

    /// `sig` of `fields` (every field but `sig`).
    pub fn signature(&self, fields: &[(String, String)]) -> String {
        let mut sorted: Vec<&(String, String)> = fields.iter().filter(|(k, _)| k != "sig").collect();
        sorted.sort_by(|a, b| a.0.cmp(&b.0));
        let mut text = String::from("callback");
        for (_, v) in sorted {
            text.push(';');
            text.push_str(v);
        }
        // HMAC takes a key of any length.
        let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(&self.secret).expect("any key length");
        mac.update(text.as_bytes());
        hex::encode(mac.finalize().into_bytes())
    }
}

/// The fields of this provider's callback.
const CALLBACK: CallbackFields = CallbackFields {
    order_id: "order_id",
    payment_id: "payment_id",
    amount: "amount",
    currency: "currency",
    result: "result",
};

impl PaymentProvider for Demo {
    fn name(&self) -> &'static str {
        NAME
    }

    fn payment_url(&self, order: &OrderRow, _lang: &str) -> String {
        format!("/pay/demo/{}", order.id)
    }

    fn parse_callback(&self, fields: &[(String, String)]) -> Result<CallbackOutcome, Rejection> {
        let sig = field(fields, "sig").filter(|s| !s.is_empty()).ok_or(Rejection::Unsigned)?;
        if !same_signature(sig, &self.signature(fields)) {
            return Err(Rejection::BadSignature);
        }
        CALLBACK.outcome(fields)
    }

    fn answer(&self, verdict: Verdict, description: &str) -> Answer {
        let answer = DemoAnswer { status: verdict.as_str(), description };
        // Two plain strings: serializing cannot fail.
        Answer { content_type: "application/json", body: serde_json::to_string(&answer).unwrap_or_default() }
    }

    /// The callback the demo payment page's button sends for `order`: paid or failed, signed.
    fn signed_callback(&self, order: &OrderRow, paid: bool) -> Option<Vec<(String, String)>> {
        let mut fields: Vec<(String, String)> = vec![
            ("order_id".into(), order.id.to_string()),
            ("payment_id".into(), format!("demo-{}", order.id)),
            ("amount".into(), som_text(order.amount)),
            ("currency".into(), CURRENCY.into()),
            ("result".into(), if paid { "1" } else { "0" }.into()),
            ("salt".into(), hex::encode(rand::random::<[u8; 8]>())),
        ];
        let sig = self.signature(&fields);
        fields.push(("sig".into(), sig));
        Some(fields)
    }
}

/// The demo provider's answer to its own callback (Freedom Pay answers XML).
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct DemoAnswer<'a> {
    /// `ok`, `rejected` or `error`.
    pub status: &'a str,
    /// What became of the callback.
    pub description: &'a str,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{DemoPaymentSettings, PaymentSettings};

    fn demo(secret: &str) -> Demo {
        Demo::new(&PaymentSettings {
            provider: NAME.into(),
            public_url: "http://127.0.0.1:8080".into(),
            refused_callbacks_per_minute: 60,
            demo: DemoPaymentSettings { secret: secret.into() },
            freedompay: Default::default(),
        })
    }

    fn order() -> OrderRow {
        OrderRow {
            id: 7,
            user_id: 1,
            package_id: Some(2),
            bids: 100,
            amount: 150_000,
            currency: "KGS".into(),
            state: crate::statuses::OrderState::Pending,
            provider: NAME.into(),
            provider_payment_id: None,
            created_at: chrono::Utc::now(),
            paid_at: None,
            kind: crate::statuses::OrderKind::Package,
            claim_id: None,
        }
    }

    #[test]
    fn the_signature_is_an_hmac_of_the_sorted_values() {
        let d = demo("key");
        let fields: Vec<(String, String)> = vec![("b".into(), "2".into()), ("a".into(), "1".into())];
        // HMAC-SHA256(key = "key", "callback;1;2"), computed outside this code.
        assert_eq!(d.signature(&fields), "61ab08ce1c882858d1d869c42927ae30b24a2eaf60d059ddf7a49ea0b19ae3d3");
    }

    #[test]
    fn a_signed_callback_parses_and_a_tampered_one_does_not() {
        let d = demo("key");
        let fields = d.signed_callback(&order(), true).expect("the demo signs");
        let outcome = d.parse_callback(&fields).expect("verified");
        assert_eq!((outcome.order_id, outcome.amount, outcome.paid), (7, 150_000, true));
        assert_eq!(outcome.payment_id, "demo-7");
        let mut tampered = fields.clone();
        tampered[2].1 = "1".into();
        assert_eq!(d.parse_callback(&tampered), Err(Rejection::BadSignature));
        assert_eq!(demo("other").parse_callback(&fields), Err(Rejection::BadSignature));
        assert_eq!(d.parse_callback(&fields[..6]), Err(Rejection::Unsigned));
        assert_eq!(d.payment_url(&order(), "ru"), "/pay/demo/7");
    }
}
