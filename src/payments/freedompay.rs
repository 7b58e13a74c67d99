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
use crate::app::provider::{
    Answer, CURRENCY, Callback, CallbackOutcome, PaymentProvider, Rejection, Verdict,
};
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

    fn parse_callback(&self, callback: &Callback) -> Result<CallbackOutcome, Rejection> {
        let fields = &callback.fields;
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
mod tests;
