//! Delivering the durable outbox (docs/rules/outbox.md, "The outbox"): one [`Channel`] per way a
//! message leaves — e-mail ([`email`], over SMTP), SMS ([`sms`], through the configured provider:
//! the log, or [`nikita`]'s gateway), Telegram (the bot, `telegram::channel`) and Web Push to
//! the user's devices ([`push`]) — gathered in
//! [`Delivery`]; the workers ([`worker`])
//! that claim due rows, send them and record what became of them; and [`send_now`] (the adapter
//! [`Immediately`] of the use cases' port [`SendNow`]), for the one kind of message that leaves
//! with the request that makes it (a sign-in code, whose text is never stored).
//!
//! The rows themselves, and how a transaction writes them, are `db::outbox`'s.

pub mod email;
pub mod nikita;
pub mod push;
pub mod sms;
pub mod worker;

use std::sync::Arc;
use std::time::Duration;

use deadpool_postgres::Pool;
use futures_util::future::BoxFuture;

pub use crate::app::sending::{Immediate, SendNow, SendNowError};
use crate::config::{Settings, SmsSettings};
use crate::db;
use crate::db::outbox::{Channels, Held};
use crate::statuses::OutboxChannel;

/// Why a message was not sent, and whether trying again may help.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SendError {
    /// The network, a timeout, the other side's 5xx or 429: the next attempt may succeed, not
    /// before the wait the other side asked for, when it did (a 429's `retry_after`).
    #[error("{0}")]
    Retryable(String, Option<Duration>),
    /// Refused for good (a bad address, a 4xx, a channel that is off): never tried again.
    #[error("{0}")]
    Permanent(String),
}

/// One message as a channel sends it.
#[derive(Debug, Clone, Copy)]
pub struct Message<'a> {
    /// The outbox row's id.
    pub id: i64,
    /// The attempt this is, from 1 (with `id`, the message's reference at an SMS gateway).
    pub attempt: i32,
    pub recipient: &'a str,
    pub subject: Option<&'a str>,
    pub body: &'a str,
}

/// One way a message leaves.
pub trait Channel: Send + Sync {
    /// Sends `message`; `Ok` once the other side has taken it.
    fn send<'a>(&'a self, message: Message<'a>) -> BoxFuture<'a, Result<(), SendError>>;
}

/// A channel this deployment has turned off: every message to it fails at once, saying why.
struct Off(&'static str);

impl Channel for Off {
    fn send<'a>(&'a self, _: Message<'a>) -> BoxFuture<'a, Result<(), SendError>> {
        Box::pin(async move { Err(SendError::Permanent(self.0.to_owned())) })
    }
}

/// Every channel, as the settings configure them.
pub struct Delivery {
    email: Box<dyn Channel>,
    sms: Box<dyn Channel>,
    telegram: Box<dyn Channel>,
    push: Box<dyn Channel>,
    /// How long one send may take.
    timeout: Duration,
}

impl Delivery {
    /// The channels `config` describes, with `telegram` the bot's (`telegram::channel::for_outbox`;
    /// `None`: Telegram is off) and push signed with `push_key` (`push::vapid_key`; `None`: push is
    /// off, devices read from `pool`); fails on settings that cannot work (a bad mail sender, an
    /// unknown SMS provider).
    pub fn from_settings(
        config: &Settings,
        telegram: Option<Box<dyn Channel>>,
        push_key: Option<Arc<crate::push::vapid::VapidKey>>,
        pool: &Pool,
    ) -> anyhow::Result<Delivery> {
        let timeout = Duration::from_millis(config.outbox.send_timeout_ms.max(1));
        let http = reqwest::Client::builder().timeout(timeout).build()?;
        let email: Box<dyn Channel> = match crate::mail::Mailer::from_settings(&config.mail)? {
            Some(mailer) => Box::new(email::Email(mailer)),
            None => Box::new(Off("e-mail is off ([mail] enabled = false)")),
        };
        let telegram =
            telegram.unwrap_or_else(|| Box::new(Off("telegram is off ([telegram] bot_token is empty)")));
        let sms = Box::new(sms::Sms(sms_provider(&config.sms, http)?));
        let push: Box<dyn Channel> = match push_key {
            Some(key) => Box::new(push::WebPush::new(&config.push, key, pool.clone(), timeout)?),
            None => Box::new(Off("push is off ([push] enabled = false)")),
        };
        Ok(Delivery { email, sms, telegram, push, timeout })
    }

    /// The channels that are on (e-mail, Telegram and push may be off; SMS always has a provider).
    pub fn channels(config: &Settings) -> Channels {
        Channels {
            email: config.mail.enabled,
            sms: true,
            telegram: config.telegram.enabled(),
            push: config.push.enabled,
        }
    }

    /// Sends `message` through `channel`, giving up (to retry) after the send timeout.
    pub async fn send(&self, channel: OutboxChannel, message: Message<'_>) -> Result<(), SendError> {
        let through = match channel {
            OutboxChannel::Email => &self.email,
            OutboxChannel::Sms => &self.sms,
            OutboxChannel::Telegram => &self.telegram,
            OutboxChannel::Push => &self.push,
        };
        match tokio::time::timeout(self.timeout, through.send(message)).await {
            Ok(sent) => sent,
            Err(_) => {
                Err(SendError::Retryable(format!("no answer within {} ms", self.timeout.as_millis()), None))
            }
        }
    }
}

/// The SMS provider `[sms] provider` names.
fn sms_provider(s: &SmsSettings, http: reqwest::Client) -> anyhow::Result<Box<dyn sms::SmsProvider>> {
    match s.provider.trim() {
        "log" => Ok(Box::new(sms::LogSms)),
        "nikita" => Ok(Box::new(nikita::Nikita::new(s, http)?)),
        other => anyhow::bail!("sms.provider is {other:?}: use log or nikita"),
    }
}

/// The adapter of the use cases' port [`SendNow`]: the outbox's table and its channels.
pub struct Immediately {
    pub pool: Pool,
    pub delivery: Arc<Delivery>,
}

impl SendNow for Immediately {
    fn send_now<'a>(&'a self, m: Immediate<'a>) -> BoxFuture<'a, Result<i64, SendNowError>> {
        Box::pin(send_now(&self.pool, &self.delivery, m))
    }
}

/// Sends `m` now, from the request that makes it: first records it (masked, held so that no
/// worker sends it), then sends the real text, then records what became of it. Returns the
/// outbox row's id.
pub async fn send_now(pool: &Pool, delivery: &Delivery, m: Immediate<'_>) -> Result<i64, SendNowError> {
    let store = |e: &dyn std::fmt::Display| SendNowError::Store(e.to_string());
    let held = Held {
        channel: m.channel,
        recipient: m.recipient,
        user: m.user,
        kind: m.kind,
        masked_body: m.masked_body,
        event_key: m.event_key,
    };
    let id = {
        let client = pool.get().await.map_err(|e| store(&e))?;
        db::outbox::hold(&client, &held).await.map_err(|e| store(&e))?.ok_or(SendNowError::AlreadySent)?
    };
    // No connection is held while the channel answers.
    let message = Message { id, attempt: 1, recipient: m.recipient, subject: None, body: m.body };
    let sent = delivery.send(m.channel, message).await;
    let error = sent.as_ref().err().map(ToString::to_string);
    let client = pool.get().await.map_err(|e| store(&e))?;
    db::outbox::settle_held(&client, id, error.as_deref()).await.map_err(|e| store(&e))?;
    match sent {
        Ok(()) => {
            tracing::info!(id, channel = m.channel.as_str(), kind = m.kind, "sent at once");
            Ok(id)
        }
        Err(err) => {
            tracing::warn!(id, channel = m.channel.as_str(), kind = m.kind, error = %err, "not sent");
            Err(SendNowError::NotSent(err.to_string()))
        }
    }
}
