//! The demo provider: the payment page is our own web app's `/pay/demo/{orderId}` (a card order)
//! or `/pay/{orderId}` (a QR order, whose ELQR link names the demo as its provider: no bank pays
//! it), whose "Pay" and "Fail" buttons call `POST /api/payments/demo/{orderId}`. That route signs a callback with
//! [`Demo::signed_callback`] and delivers it in-process to the same verification and crediting
//! code as a real provider's callback; a callback posted to `/api/payments/callback/demo` from
//! outside must carry the same signature.
//!
//! Signing: `sig` = lowercase hex HMAC-SHA256, keyed with the demo secret
//! (`[payments.demo] secret`, random at start when empty), of `callback;` followed by the values
//! of every other field sorted by field name, joined with `;` (Freedom Pay's layout with an HMAC
//! instead of an appended secret).

use chrono::{DateTime, Utc};
use futures_util::future::BoxFuture;
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;
use tyiyn_actors::ids::Tyiyn;

use super::elqr::{self, Kind, Link, Service};
use super::{CallbackFields, field, same_signature, som_text};
use crate::app::provider::{
    Answer, BankLink, CURRENCY, Callback, CallbackOutcome, PaymentProvider, QrPayment, Rejection, Verdict,
};
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

    fn parse_callback(&self, callback: &Callback) -> Result<CallbackOutcome, Rejection> {
        let fields = &callback.fields;
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
    fn signed_callback(&self, order: &OrderRow, paid: bool) -> Option<Callback> {
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
        Some(Callback::of_fields(fields))
    }

    fn takes_qr(&self) -> bool {
        true
    }

    fn create_qr<'a>(
        &'a self,
        order: &'a OrderRow,
        expires_at: DateTime<Utc>,
    ) -> BoxFuture<'a, anyhow::Result<QrPayment>> {
        Box::pin(async move { Ok(QrPayment { link: elqr::url(elqr::ROUTER, &qr_link(order))?, expires_at }) })
    }

    fn bank_links(&self, link: &str) -> Vec<BankLink> {
        elqr::bank_links(link)
    }
}

/// The ELQR link of a demo QR order: dynamic, its exact amount, the order's number as the
/// payment's id in our system (32/11), neither amount nor recipient editable.
fn qr_link(order: &OrderRow) -> Link {
    Link {
        kind: Kind::Dynamic,
        service: Service {
            provider_id: "demo.tyiyn.kg".into(),
            service_code: Some("bids".into()),
            recipient_id: Some("tyiyn".into()),
            transaction_id: Some(order.id.to_string()),
            amount_editable: Some(false),
            recipient_editable: Some(false),
        },
        merchant: None,
        comment: Some(format!("Tyiyn #{}", order.id)),
        extras: Vec::new(),
        // Digital goods (ISO 18245 5818: multi-category digital goods).
        mcc: "5818".into(),
        amount: Some(Tyiyn(order.amount)),
        provider_name: "Tyiyn demo".into(),
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
            qr_provider: NAME.into(),
            qr_minutes: 15,
            freedompay: Default::default(),
            gopay: Default::default(),
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
            method: crate::statuses::PayMethod::Card,
            qr_link: None,
            qr_expires_at: None,
            provider_fee: None,
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
        let fields = d.signed_callback(&order(), true).expect("the demo signs").fields;
        let outcome = d.parse_callback(&Callback::of_fields(fields.clone())).expect("verified");
        assert_eq!((outcome.order_id, outcome.amount, outcome.paid), (7, 150_000, true));
        assert_eq!(outcome.payment_id, "demo-7");
        let mut tampered = fields.clone();
        tampered[2].1 = "1".into();
        assert_eq!(d.parse_callback(&Callback::of_fields(tampered)), Err(Rejection::BadSignature));
        assert_eq!(
            demo("other").parse_callback(&Callback::of_fields(fields.clone())),
            Err(Rejection::BadSignature)
        );
        assert_eq!(d.parse_callback(&Callback::of_fields(fields[..6].to_vec())), Err(Rejection::Unsigned));
        assert_eq!(d.payment_url(&order(), "ru"), "/pay/demo/7");
    }

    #[tokio::test]
    async fn a_qr_order_gets_a_dynamic_link_for_its_exact_amount_that_verifies() {
        let d = demo("key");
        let expires = chrono::Utc::now();
        let qr = d.create_qr(&order(), expires).await.expect("a link");
        assert!(qr.link.starts_with("https://pay.payqr.kg/#000201010212"), "{}", qr.link);
        let link = elqr::parse_verified(&qr.link).expect("verifies");
        assert_eq!((link.kind, link.amount), (Kind::Dynamic, Some(Tyiyn(150_000))));
        assert_eq!(link.service.transaction_id.as_deref(), Some("7"));
        assert_eq!(link.service.amount_editable, Some(false));
        assert_eq!(qr.expires_at, expires);
        let banks = d.bank_links(&qr.link);
        assert_eq!(banks[0].link, qr.link, "the router first, the very link");
        let ids: Vec<&str> = banks.iter().map(|b| b.id.as_str()).collect();
        assert_eq!(ids, ["payqr", "finik", "mbank", "odengi", "bakai"]);
        for bank in banks {
            assert_eq!(elqr::parse_verified(&bank.link).expect("verifies"), link.clone());
        }
    }
}
