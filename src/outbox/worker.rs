//! The outbox's workers: each claims a batch of due messages in one short statement (which leases
//! them and counts the attempt), sends them outside any transaction, and records each outcome:
//! sent, tried again after an exponential backoff (or after the wait the other side asked for,
//! when longer), or given up (`failed`) after `[outbox] max_attempts` attempts or at a permanent
//! refusal. Any number of workers, in any number of processes, share the rows: `skip locked`
//! keeps their claims apart, and the attempt number fences a worker whose lease ran out. A worker
//! dying mid-send leaves its messages to be tried again when their lease ends: the only way a
//! message can arrive twice.

use std::sync::Arc;
use std::time::Duration;

use deadpool_postgres::Pool;
use futures_util::future::join_all;
use tokio::sync::Notify;

use super::{Delivery, Message, SendError};
use crate::config::OutboxSettings;
use crate::db;
use crate::db::outbox::{Claimed, Settle};
use crate::metrics::OUTBOX_MESSAGES;

/// What the workers share.
#[derive(Clone)]
pub struct Workers {
    pub pool: Pool,
    pub delivery: Arc<Delivery>,
    pub settings: OutboxSettings,
    /// Rung after a commit that wrote messages (`db::outbox::Outbox::wake`).
    pub bell: Arc<Notify>,
}

impl Workers {
    /// Starts `[outbox] workers` workers on the current runtime.
    pub fn start(self) {
        for _ in 0..self.settings.workers.max(1) {
            let worker = self.clone();
            tokio::spawn(async move { worker.run().await });
        }
    }

    /// Works for ever: rounds while messages are due, then waits for the bell or the poll.
    async fn run(self) {
        let poll = Duration::from_millis(self.settings.poll_ms.max(1));
        loop {
            match self.round().await {
                // A full batch: more may be due at once.
                Ok(claimed) if claimed > 0 => continue,
                Ok(_) => {}
                Err(err) => tracing::warn!(error = format!("{err:#}"), "outbox round failed; trying again"),
            }
            tokio::select! {
                () = self.bell.notified() => {}
                () = tokio::time::sleep(poll) => {}
            }
        }
    }

    /// Claims one batch and delivers it; how many were claimed.
    async fn round(&self) -> anyhow::Result<usize> {
        let lease = i64::try_from(self.settings.lease_ms).unwrap_or(i64::MAX);
        let claimed = {
            let client = self.pool.get().await?;
            db::outbox::claim(&client, self.settings.batch.max(1), lease).await?
        };
        let count = claimed.len();
        join_all(claimed.iter().map(|m| self.deliver(m))).await;
        Ok(count)
    }

    /// Sends one claimed message and records what became of it. A record that fails (the
    /// database away) is logged: the lease then runs out and the message is tried again.
    async fn deliver(&self, m: &Claimed) {
        let message = Message {
            id: m.id,
            attempt: m.attempt,
            recipient: &m.recipient,
            subject: m.subject.as_deref(),
            body: &m.body,
        };
        let outcome = decide(self.delivery.send(m.channel, message).await, m.attempt, &self.settings);
        let word = match &outcome {
            Settle::Sent => "sent",
            Settle::RetryIn(..) => "retry",
            Settle::Failed(_) => "failed",
        };
        metrics::counter!(OUTBOX_MESSAGES, "channel" => m.channel.as_str(), "outcome" => word).increment(1);
        let (id, attempt, channel) = (m.id, m.attempt, m.channel.as_str());
        match &outcome {
            Settle::Sent => tracing::debug!(id, attempt, channel, "outbox message sent"),
            Settle::RetryIn(ms, error) => {
                tracing::info!(id, attempt, channel, error, in_ms = ms, "outbox retry")
            }
            Settle::Failed(error) => tracing::warn!(id, attempt, channel, error, "outbox message given up"),
        }
        // Recorded until the database answers, within the lease: an outcome whose answer was lost
        // (or that met the database away) is written again, a repeat of a recorded one changes
        // nothing (the attempt fences it), and a message recorded as sent is not sent again.
        let deadline = std::time::Instant::now()
            + Duration::from_millis(self.settings.lease_ms).saturating_sub(Duration::from_secs(5));
        loop {
            let recorded = async {
                let client = self.pool.get().await?;
                anyhow::Ok(db::outbox::settle(&client, m.id, m.attempt, &outcome).await?)
            };
            match recorded.await {
                Ok(true) => return,
                Ok(false) => {
                    return tracing::info!(id, attempt, "outbox message moved on meanwhile; outcome dropped");
                }
                Err(err) if std::time::Instant::now() >= deadline => {
                    return tracing::warn!(
                        id,
                        attempt,
                        error = format!("{err:#}"),
                        "outbox outcome not recorded"
                    );
                }
                Err(err) => {
                    tracing::debug!(id, attempt, error = format!("{err:#}"), "outbox outcome: trying again")
                }
            }
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
    }
}

/// What attempt `attempt` of a message comes to, given how its send went. A retry waits the
/// backoff, or longer when the other side asked for longer.
pub fn decide(sent: Result<(), SendError>, attempt: i32, s: &OutboxSettings) -> Settle {
    match sent {
        Ok(()) => Settle::Sent,
        Err(SendError::Permanent(error)) => Settle::Failed(error),
        Err(SendError::Retryable(error, _)) if attempt >= s.max_attempts => Settle::Failed(error),
        Err(SendError::Retryable(error, asked)) => {
            let asked = asked.map_or(0, |wait| i64::try_from(wait.as_millis()).unwrap_or(i64::MAX));
            Settle::RetryIn(backoff_ms(attempt, s).max(asked), error)
        }
    }
}

/// The wait after failed attempt `attempt` (from 1): `backoff_base_ms` doubled per earlier
/// failure, at most `backoff_cap_ms`.
pub fn backoff_ms(attempt: i32, s: &OutboxSettings) -> i64 {
    let doublings = u32::try_from(attempt.saturating_sub(1)).unwrap_or(0).min(40);
    let wait = s.backoff_base_ms.saturating_mul(1u64 << doublings).min(s.backoff_cap_ms);
    i64::try_from(wait).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> OutboxSettings {
        OutboxSettings {
            backoff_base_ms: 30_000,
            backoff_cap_ms: 3_600_000,
            max_attempts: 8,
            ..Default::default()
        }
    }

    #[test]
    fn the_wait_doubles_from_the_base_up_to_the_cap() {
        let waits: Vec<i64> = (1..=9).map(|attempt| backoff_ms(attempt, &settings())).collect();
        assert_eq!(
            waits,
            [30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000]
        );
        assert_eq!(backoff_ms(i32::MAX, &settings()), 3_600_000, "no overflow");
    }

    #[test]
    fn a_message_is_retried_until_its_last_attempt_and_refusals_are_final() {
        let s = settings();
        let busy = || Err(SendError::Retryable("busy".into(), None));
        assert_eq!(decide(Ok(()), 3, &s), Settle::Sent);
        assert_eq!(decide(busy(), 1, &s), Settle::RetryIn(30_000, "busy".into()));
        assert_eq!(decide(busy(), 7, &s), Settle::RetryIn(1_920_000, "busy".into()));
        assert_eq!(decide(busy(), 8, &s), Settle::Failed("busy".into()));
        assert_eq!(
            decide(Err(SendError::Permanent("no such chat".into())), 1, &s),
            Settle::Failed("no such chat".into())
        );
    }

    #[test]
    fn a_retry_waits_at_least_as_long_as_the_other_side_asked() {
        let s = settings();
        let slow_down = |secs| Err(SendError::Retryable("429".into(), Some(Duration::from_secs(secs))));
        assert_eq!(decide(slow_down(90), 1, &s), Settle::RetryIn(90_000, "429".into()));
        assert_eq!(
            decide(slow_down(1), 2, &s),
            Settle::RetryIn(60_000, "429".into()),
            "the backoff is longer"
        );
        assert_eq!(
            decide(slow_down(90), 8, &s),
            Settle::Failed("429".into()),
            "the last attempt was the last"
        );
    }
}
