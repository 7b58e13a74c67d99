//! The port for the one kind of message that leaves with the request that makes it (a phone
//! code, whose text is never stored): the use case says what to send; the adapter
//! (`crate::outbox::Immediately`) records it in the outbox (masked), sends it through its
//! channel and records what became of it (docs/rules/outbox.md).

use futures_util::future::BoxFuture;

use crate::statuses::OutboxChannel;

/// Sends a message now.
pub trait SendNow: Send + Sync {
    /// Sends `m`; the outbox row's id once the channel has taken it.
    fn send_now<'a>(&'a self, m: Immediate<'a>) -> BoxFuture<'a, Result<i64, SendNowError>>;
}

/// A message its request sends at once (a sign-in code): its real text goes out and is never
/// stored; the outbox records it with `masked_body` instead.
#[derive(Debug, Clone, Copy)]
pub struct Immediate<'a> {
    pub channel: OutboxChannel,
    pub recipient: &'a str,
    pub user: Option<i64>,
    /// What it is (`phone_code`).
    pub kind: &'a str,
    /// One event, one message: a second call with the same key sends nothing.
    pub event_key: &'a str,
    /// The text to send.
    pub body: &'a str,
    /// The text to record, with the secret masked (`Ваш код: ******`).
    pub masked_body: &'a str,
}

/// Why [`SendNow::send_now`] did not send.
#[derive(Debug, thiserror::Error)]
pub enum SendNowError {
    /// A message with this event key was recorded before: nothing was sent again.
    #[error("a message for this event was sent already")]
    AlreadySent,
    /// The channel refused it or could not be reached (recorded as `failed`), and why.
    #[error("{0}")]
    NotSent(String),
    /// The outbox could not record it, so it was not sent.
    #[error("outbox: {0}")]
    Store(String),
}
