//! Freedom Pay (Kyrgyzstan), the hosted payment page, as its merchant API documents it.
//!
//! - The buyer is sent to `{host}/init_payment.php` with the order's fields (`pg_merchant_id`,
//!   `pg_amount`, `pg_currency`, `pg_description`, `pg_order_id`, `pg_salt`, `pg_result_url`,
//!   `pg_success_url`, `pg_failure_url`, `pg_language`, `pg_testing_mode`, `pg_request_method`)
//!   and `pg_sig`, where Freedom Pay shows its payment page.
//! - `pg_sig` is the lowercase hex MD5 of the called script's name, then the values of every
//!   other field sorted by field name, then the secret key, joined with `;` ([`signature`]).
//! - Freedom Pay posts the outcome to `pg_result_url` (our `/api/payments/callback/freedompay`),
//!   signed the same way with the result URL's last path segment (`freedompay`) as the script
//!   name, and expects an XML `<response>` with `pg_status` `ok`, `rejected` or `error`,
//!   `pg_description`, `pg_salt` and `pg_sig` ([`FreedomPay::answer`]).
//! - With `check_status`, a paid callback is confirmed with `get_status2.php` before crediting.

use std::time::Duration;

use anyhow::Context as _;
use futures_util::future::BoxFuture;
use md5::{Digest, Md5};
use sha2::Sha256;

use super::{CallbackFields, field, same_signature, som_text};
use crate::app::provider::{Answer, CURRENCY, CallbackOutcome, PaymentProvider, Rejection, Verdict};
use crate::config::{PaymentSettings, Secret};
use crate::db::payments::OrderRow;

/// The provider's name in paths and rows.
pub const NAME: &str = "freedompay";

/// `pg_sig` of `fields` (every field but `pg_sig` itself) for `script`: MD5 of
/// `script;values sorted by field name;secret`, lowercase hex. Flat fields only.
pub fn signature(script: &str, fields: &[(String, String)], secret: &str) -> String {
    let mut sorted: Vec<&(String, String)> = fields.iter().filter(|(k, _)| k != "pg_sig").collect();
    sorted.sort_by(|a, b| a.0.cmp(&b.0));
    let mut text = String::from(script);
    for (_, v) in sorted {
        text.push(';');
        text.push_str(v);
    }
    text.push(';');
    text.push_str(secret);
    hex::encode(Md5::digest(text.as_bytes()))
}

/// The last path segment of a URL (`…/callback/freedompay` → `freedompay`), the script name
/// Freedom Pay signs its calls to that URL with.
pub fn script_name(url: &str) -> &str {
    let path = url.split(['?', '#']).next().unwrap_or(url).trim_end_matches('/');
    path.rsplit('/').next().unwrap_or(path)
}

/// The Freedom Pay adapter.
pub struct FreedomPay {
    merchant_id: String,
    secret_key: Secret,
    host: String,
    testing_mode: bool,
    check_status: bool,
    public_url: String,
    result_url: String,
    client: reqwest::Client,
}

impl FreedomPay {
    pub fn new(settings: &PaymentSettings) -> anyhow::Result<FreedomPay> {
        let fp = &settings.freedompay;
        if fp.merchant_id.trim().is_empty() || fp.secret_key.is_empty() {
            anyhow::bail!(
                "payments.freedompay: merchant_id and secret_key are required for provider freedompay"
            );
        }
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(15))
            .build()
            .context("building the Freedom Pay HTTP client")?;
        let public_url = settings.public_url.trim_end_matches('/').to_owned();
        Ok(FreedomPay {
            merchant_id: fp.merchant_id.trim().to_owned(),
            secret_key: fp.secret_key.clone(),
            host: fp.host.trim_end_matches('/').to_owned(),
            testing_mode: fp.testing_mode,
            check_status: fp.check_status,
            result_url: format!("{public_url}/api/payments/callback/{NAME}"),
            public_url,
            client,
        })
    }

    /// A salt that is the same for one order (so its payment address is stable) and unguessable
    /// without the secret key.
    fn order_salt(&self, order: i64) -> String {
        let digest = Sha256::digest(format!("{};salt;{order}", self.secret_key.expose()).as_bytes());
        hex::encode(&digest[..8])
    }

    /// The signed fields of `init_payment.php` for `order`.
    pub fn init_fields(&self, order: &OrderRow, lang: &str) -> Vec<(String, String)> {
        // A won item's buyer comes back to their won items, a package's buyer to the top-up page.
        let back = match order.claim_id {
            Some(_) => format!("{}/profile?order={}", self.public_url, order.id),
            None => format!("{}/topup?order={}", self.public_url, order.id),
        };
        let description = match order.claim_id {
            Some(claim) => format!("Tyiyn: won item {claim}"),
            None => format!("Tyiyn: {} bids", order.bids),
        };
        let language = if lang == "en" || lang == "ka" { "en" } else { "ru" };
        let mut fields: Vec<(String, String)> = [
            ("pg_merchant_id", self.merchant_id.clone()),
            ("pg_amount", som_text(order.amount)),
            ("pg_currency", CURRENCY.to_owned()),
            ("pg_description", description),
            ("pg_order_id", order.id.to_string()),
            ("pg_salt", self.order_salt(order.id)),
            ("pg_result_url", self.result_url.clone()),
            ("pg_request_method", "POST".to_owned()),
            ("pg_success_url", back.clone()),
            ("pg_failure_url", back),
            ("pg_language", language.to_owned()),
            ("pg_testing_mode", if self.testing_mode { "1" } else { "0" }.to_owned()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v))
        .collect();
        let sig = signature("init_payment.php", &fields, self.secret_key.expose());
        fields.push(("pg_sig".into(), sig));
        fields
    }

    /// Asks `get_status2.php` whether payment `payment_id` of `order` succeeded.
    async fn status(&self, order: i64, payment_id: &str) -> anyhow::Result<bool> {
        let script = "get_status2.php";
        let mut fields: Vec<(String, String)> = vec![
            ("pg_merchant_id".into(), self.merchant_id.clone()),
            ("pg_payment_id".into(), payment_id.to_owned()),
            ("pg_order_id".into(), order.to_string()),
            ("pg_salt".into(), hex::encode(rand::random::<[u8; 8]>())),
        ];
        let sig = signature(script, &fields, self.secret_key.expose());
        fields.push(("pg_sig".into(), sig));
        let res = self
            .client
            .post(format!("{}/{script}", self.host))
            .form(&fields)
            .send()
            .await
            .context("calling get_status2.php")?;
        let body = res.error_for_status().context("get_status2.php answered")?.text().await?;
        let answer = response_fields(&body);
        if field(&answer, "pg_sig")
            .is_some_and(|s| !same_signature(s, &signature(script, &answer, self.secret_key.expose())))
        {
            anyhow::bail!("get_status2.php: the answer's signature does not match");
        }
        let ok = field(&answer, "pg_status") == Some("ok");
        let paid = field(&answer, "pg_payment_status").is_some_and(|s| s == "success")
            || field(&answer, "pg_transaction_status").is_some_and(|s| s == "ok");
        Ok(ok && paid)
    }
}

/// The flat child elements of an XML `<response>` as fields (entities decoded).
pub fn response_fields(xml: &str) -> Vec<(String, String)> {
    let inner = xml
        .split_once("<response>")
        .and_then(|(_, rest)| rest.rsplit_once("</response>"))
        .map_or("", |(inner, _)| inner);
    let mut fields = Vec::new();
    let mut rest = inner;
    while let Some(open) = rest.find('<') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('>') else { break };
        let name = &after[..close];
        if name.starts_with('/') || name.ends_with('/') || name.is_empty() {
            rest = &after[close + 1..];
            continue;
        }
        let body = &after[close + 1..];
        let end_tag = format!("</{name}>");
        let Some(end) = body.find(&end_tag) else { break };
        fields.push((name.to_owned(), unescape(&body[..end])));
        rest = &body[end + end_tag.len()..];
    }
    fields
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// The fields of this provider's callback.
const CALLBACK: CallbackFields = CallbackFields {
    order_id: "pg_order_id",
    payment_id: "pg_payment_id",
    amount: "pg_amount",
    currency: "pg_currency",
    result: "pg_result",
};

impl PaymentProvider for FreedomPay {
    fn name(&self) -> &'static str {
        NAME
    }

    fn payment_url(&self, order: &OrderRow, lang: &str) -> String {
        let query = serde_urlencoded::to_string(self.init_fields(order, lang)).unwrap_or_default();
        format!("{}/init_payment.php?{query}", self.host)
    }

    fn parse_callback(&self, fields: &[(String, String)]) -> Result<CallbackOutcome, Rejection> {
        let sig = field(fields, "pg_sig").filter(|s| !s.is_empty()).ok_or(Rejection::Unsigned)?;
        let expected = signature(script_name(&self.result_url), fields, self.secret_key.expose());
        if !same_signature(sig, &expected) {
            return Err(Rejection::BadSignature);
        }
        CALLBACK.outcome(fields)
    }

    fn answer(&self, verdict: Verdict, description: &str) -> Answer {
        let fields: Vec<(String, String)> = vec![
            ("pg_status".into(), verdict.as_str().into()),
            ("pg_description".into(), description.into()),
            ("pg_salt".into(), hex::encode(rand::random::<[u8; 8]>())),
        ];
        let sig = signature(script_name(&self.result_url), &fields, self.secret_key.expose());
        let mut body = String::from("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<response>");
        for (k, v) in fields.iter().chain(std::iter::once(&("pg_sig".to_owned(), sig))) {
            body.push_str(&format!("<{k}>{}</{k}>", escape(v)));
        }
        body.push_str("</response>");
        Answer { content_type: "application/xml; charset=utf-8", body }
    }

    fn confirm<'a>(&'a self, outcome: &'a CallbackOutcome) -> BoxFuture<'a, anyhow::Result<bool>> {
        Box::pin(async move {
            if !self.check_status || !outcome.paid {
                return Ok(true);
            }
            self.status(outcome.order_id, &outcome.payment_id).await
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{FreedomPaySettings, PaymentSettings};

    fn f(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
    }

    fn provider() -> FreedomPay {
        FreedomPay::new(&PaymentSettings {
            provider: NAME.into(),
            refused_callbacks_per_minute: 60,
            public_url: "https://tyiyn.kg/".into(),
            demo: Default::default(),
            freedompay: FreedomPaySettings {
                merchant_id: "545".into(),
                secret_key: "s3cr3t".into(),
                host: "https://api.freedompay.kg".into(),
                testing_mode: true,
                check_status: false,
            },
        })
        .expect("configured")
    }

    #[test]
    fn the_documented_example_signs_as_documented() {
        // Their worked example: init_payment.php;25;test;{merchant_id};23;molbulak;{secret_key}.
        let fields = f(&[
            ("pg_order_id", "23"),
            ("pg_merchant_id", "545"),
            ("pg_amount", "25"),
            ("pg_description", "test"),
            ("pg_salt", "molbulak"),
        ]);
        // md5("init_payment.php;25;test;545;23;molbulak;s3cr3t"), computed outside this code.
        assert_eq!(signature("init_payment.php", &fields, "s3cr3t"), "4f7443480629d57481ee4c226078520c");
    }

    #[test]
    fn known_md5_values_match() {
        // md5("") and md5("abc") from RFC 1321's test suite, through the same code path.
        assert_eq!(hex::encode(Md5::digest(b"")), "d41d8cd98f00b204e9800998ecf8427e");
        assert_eq!(hex::encode(Md5::digest(b"abc")), "900150983cd24fb0d6963f7d28e17f72");
        // A signature over no fields is the MD5 of `script;secret`.
        assert_eq!(signature("a", &[], "bc"), hex::encode(Md5::digest(b"a;bc")));
    }

    #[test]
    fn the_signature_ignores_pg_sig_and_field_order() {
        let a = f(&[("pg_b", "2"), ("pg_a", "1"), ("pg_sig", "whatever")]);
        let b = f(&[("pg_a", "1"), ("pg_b", "2")]);
        assert_eq!(signature("x.php", &a, "k"), signature("x.php", &b, "k"));
        assert_eq!(signature("x.php", &b, "k"), "f960ec3b69924676c6b1bae1ec2273c7");
    }

    #[test]
    fn the_script_name_is_the_result_urls_last_segment() {
        assert_eq!(script_name("https://tyiyn.kg/api/payments/callback/freedompay"), "freedompay");
        assert_eq!(script_name("https://tyiyn.kg/api/payments/callback/freedompay/?x=1"), "freedompay");
    }

    #[test]
    fn the_payment_page_address_is_signed_for_init_payment() {
        let p = provider();
        let order = OrderRow {
            id: 23,
            user_id: 1,
            package_id: Some(1),
            bids: 50,
            amount: 75_000,
            currency: "KGS".into(),
            state: crate::statuses::OrderState::Pending,
            provider: NAME.into(),
            provider_payment_id: None,
            created_at: chrono::Utc::now(),
            paid_at: None,
            kind: crate::statuses::OrderKind::Package,
            claim_id: None,
        };
        let fields = p.init_fields(&order, "ky");
        assert_eq!(field(&fields, "pg_amount"), Some("750"));
        assert_eq!(field(&fields, "pg_currency"), Some("KGS"));
        assert_eq!(field(&fields, "pg_order_id"), Some("23"));
        assert_eq!(
            field(&fields, "pg_result_url"),
            Some("https://tyiyn.kg/api/payments/callback/freedompay")
        );
        assert_eq!(field(&fields, "pg_testing_mode"), Some("1"));
        let sig = field(&fields, "pg_sig").expect("signed");
        assert_eq!(sig, signature("init_payment.php", &fields, "s3cr3t"));
        let url = p.payment_url(&order, "ru");
        assert!(url.starts_with("https://api.freedompay.kg/init_payment.php?pg_merchant_id=545&"), "{url}");
        assert_eq!(url, p.payment_url(&order, "ru"), "one order, one address");
    }

    #[test]
    fn a_callback_signed_with_the_result_script_name_parses() {
        let p = provider();
        let mut fields = f(&[
            ("pg_order_id", "23"),
            ("pg_payment_id", "987654"),
            ("pg_amount", "750.00"),
            ("pg_currency", "KGS"),
            ("pg_result", "1"),
            ("pg_salt", "abc"),
        ]);
        let sig = signature("freedompay", &fields, "s3cr3t");
        fields.push(("pg_sig".into(), sig.clone()));
        let outcome = p.parse_callback(&fields).expect("verified");
        assert_eq!(
            outcome,
            CallbackOutcome {
                order_id: 23,
                payment_id: "987654".into(),
                amount: 75_000,
                currency: "KGS".into(),
                paid: true
            }
        );
        // Any changed value, a signature for another script, or none at all is refused.
        let mut tampered = fields.clone();
        tampered[2].1 = "1.00".into();
        assert_eq!(p.parse_callback(&tampered), Err(Rejection::BadSignature));
        let mut other_script = fields[..6].to_vec();
        other_script.push(("pg_sig".into(), signature("init_payment.php", &fields[..6], "s3cr3t")));
        assert_eq!(p.parse_callback(&other_script), Err(Rejection::BadSignature));
        assert_eq!(p.parse_callback(&fields[..6]), Err(Rejection::Unsigned));
    }

    #[test]
    fn the_answer_is_a_signed_xml_response() {
        let p = provider();
        let answer = p.answer(Verdict::Rejected, "Amount <differs>");
        let fields = response_fields(&answer.body);
        assert_eq!(field(&fields, "pg_status"), Some("rejected"));
        assert_eq!(field(&fields, "pg_description"), Some("Amount <differs>"));
        let sig = field(&fields, "pg_sig").expect("signed");
        assert_eq!(sig, signature("freedompay", &fields, "s3cr3t"));
        assert!(answer.body.starts_with("<?xml"));
    }
}
