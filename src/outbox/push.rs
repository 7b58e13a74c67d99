//! The outbox's push channel: a push row's recipient is a device (`push_device` id) and its body
//! the JSON the service worker shows (`crate::notify::push`). Sending encrypts the body for the
//! device's keys (RFC 8291), signs a VAPID token for the endpoint's push service (RFC 8292) and
//! POSTs it there (RFC 8030). A 404 or 410 means the device unsubscribed or is gone: it is
//! forgotten and the message fails; a 429, a 5xx and the network are tried again, not before a
//! `Retry-After`; any other refusal is final. The endpoint is checked again at every send
//! (`crate::push::endpoint`): the client's resolver connects to public addresses only, and
//! follows no redirect.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use chrono::Utc;
use deadpool_postgres::Pool;
use futures_util::future::BoxFuture;
use reqwest::StatusCode;
use reqwest::header::RETRY_AFTER;

use super::{Channel, Message, SendError};
use crate::config::PushSettings;
use crate::db;
use crate::push::ece::{self, SubscriptionKeys};
use crate::push::endpoint::{self, PublicOnly};
use crate::push::vapid::{DEFAULT_VALIDITY, VapidKey};

/// The server's VAPID key as `[push]` says (its `vapid_private_key`, else the database's, made
/// now by the first node to start); `None` when push is off. Logs the public key, and warns when
/// local endpoints are allowed.
pub async fn vapid_key(settings: &PushSettings, pool: &Pool) -> anyhow::Result<Option<Arc<VapidKey>>> {
    if !settings.enabled {
        return Ok(None);
    }
    let configured = settings.vapid_private_key.expose().trim();
    let key = if configured.is_empty() {
        let made = VapidKey::generate()?.private_b64()?;
        let stored = db::push::vapid_key(&pool.get().await?, &made).await.context("the VAPID key")?;
        VapidKey::from_private_b64(&stored).context("the VAPID key in push_vapid")?
    } else {
        VapidKey::from_private_b64(configured).context("push.vapid_private_key")?
    };
    tracing::info!(public_key = key.public_b64(), "web push on");
    if settings.allow_local_endpoints {
        tracing::warn!(
            "push.allow_local_endpoints is set: devices may name any host, the server's own networks \
             among them. For tests only"
        );
    }
    Ok(Some(Arc::new(key)))
}

/// The push channel.
pub struct WebPush {
    pool: Pool,
    key: Arc<VapidKey>,
    subject: String,
    ttl: u32,
    local: bool,
    http: reqwest::Client,
}

impl WebPush {
    /// The channel `settings` describe, signing with `key` and reading devices from `pool`; one
    /// send may take `timeout`.
    pub fn new(
        settings: &PushSettings,
        key: Arc<VapidKey>,
        pool: Pool,
        timeout: Duration,
    ) -> anyhow::Result<WebPush> {
        let mut http =
            reqwest::Client::builder().timeout(timeout).redirect(reqwest::redirect::Policy::none());
        if !settings.allow_local_endpoints {
            http = http.dns_resolver(Arc::new(PublicOnly));
        }
        Ok(WebPush {
            pool,
            key,
            subject: settings.subject.trim().to_owned(),
            ttl: settings.ttl_secs,
            local: settings.allow_local_endpoints,
            http: http.build()?,
        })
    }

    async fn deliver(&self, device: i64, body: &str) -> Result<(), SendError> {
        let away = |e: &dyn std::fmt::Display| SendError::Retryable(format!("the database: {e}"), None);
        let target = db::push::target(&self.pool.get().await.map_err(|e| away(&e))?, device).await;
        let Some((endpoint, p256dh, auth)) = target.map_err(|e| away(&e))? else {
            return Err(SendError::Permanent("the device was removed before the message left".into()));
        };
        let final_ = |e: &dyn std::fmt::Display| SendError::Permanent(e.to_string());
        endpoint::parse(&endpoint, self.local).map_err(|e| final_(&e))?;
        let keys = SubscriptionKeys::parse(&p256dh, &auth).map_err(|e| final_(&e))?;
        let sealed = ece::encrypt(&keys, body.as_bytes()).map_err(|e| final_(&e))?;
        let authorization = self
            .key
            .authorization(&endpoint, &self.subject, Utc::now(), DEFAULT_VALIDITY)
            .map_err(|e| final_(&e))?;
        let (urgency, topic) = urgency_and_topic(body);
        let mut request = self
            .http
            .post(&endpoint)
            .header("TTL", self.ttl.to_string())
            .header("Content-Encoding", "aes128gcm")
            .header("Content-Type", "application/octet-stream")
            .header("Urgency", urgency)
            .header("Authorization", authorization);
        if let Some(topic) = topic {
            request = request.header("Topic", topic);
        }
        let answer = request.body(sealed).send().await;
        let answer = answer.map_err(|e| SendError::Retryable(format!("the push service: {e}"), None))?;
        let status = answer.status();
        if status.is_success() {
            return Ok(());
        }
        let wait = answer
            .headers()
            .get(RETRY_AFTER)
            .and_then(|v| v.to_str().ok()?.trim().parse::<u64>().ok())
            .map(Duration::from_secs);
        let said: String = answer.text().await.unwrap_or_default().chars().take(200).collect();
        Err(self.refused(device, status, wait, said.trim()).await)
    }

    /// What a push service's refusal means, forgetting a device it says is gone.
    async fn refused(
        &self,
        device: i64,
        status: StatusCode,
        wait: Option<Duration>,
        said: &str,
    ) -> SendError {
        let said = if said.is_empty() { String::new() } else { format!(": {said}") };
        match status.as_u16() {
            404 | 410 => {
                let forgot = match self.pool.get().await {
                    Ok(db) => db::push::forget(&db, device).await.is_ok(),
                    Err(_) => false,
                };
                let what =
                    if forgot { "it was removed" } else { "removing it failed; the next send tries again" };
                SendError::Permanent(format!(
                    "the push service says the device is gone (HTTP {status}): {what}"
                ))
            }
            429 | 500..=599 => {
                SendError::Retryable(format!("the push service answered HTTP {status}{said}"), wait)
            }
            _ => SendError::Permanent(format!("the push service refused it: HTTP {status}{said}")),
        }
    }
}

/// How soon the push service should wake the phone for the notice `body` carries (RFC 8030
/// section 5.3): at once for a win, an item passed on and an outbid, when convenient otherwise;
/// and for an outbid the topic under which a newer one replaces it while the phone is off
/// (section 5.4).
fn urgency_and_topic(body: &str) -> (&'static str, Option<String>) {
    let json: serde_json::Value = serde_json::from_str(body).unwrap_or_default();
    let kind = json.get("kind").and_then(|k| k.as_str()).unwrap_or_default();
    let urgency = if matches!(kind, "auctionWon" | "claimPassed" | "outbid") { "high" } else { "normal" };
    let topic = json
        .get("tag")
        .and_then(|t| t.as_str())
        .filter(|t| {
            kind == "outbid"
                && t.len() <= 32
                && t.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        })
        .map(str::to_owned);
    (urgency, topic)
}

impl Channel for WebPush {
    fn send<'a>(&'a self, m: Message<'a>) -> BoxFuture<'a, Result<(), SendError>> {
        Box::pin(async move {
            let not_a_device = |_| SendError::Permanent("the recipient is not a device id".to_owned());
            let device = m.recipient.trim().parse::<i64>().map_err(not_a_device)?;
            self.deliver(device, m.body).await
        })
    }
}

#[cfg(test)]
mod tests {
    use super::urgency_and_topic;

    #[test]
    fn a_win_and_an_outbid_are_urgent_and_only_an_outbid_has_a_topic() {
        assert_eq!(urgency_and_topic(r#"{"kind":"auctionWon","tag":"notice-4"}"#), ("high", None));
        assert_eq!(
            urgency_and_topic(r#"{"kind":"outbid","tag":"outbid-12"}"#),
            ("high", Some("outbid-12".into()))
        );
        assert_eq!(urgency_and_topic(r#"{"kind":"itemShipped","tag":"notice-5"}"#), ("normal", None));
        assert_eq!(urgency_and_topic("not json"), ("normal", None));
    }
}
