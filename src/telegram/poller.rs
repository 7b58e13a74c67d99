//! The bot's long polling: one poller per bot token across every node (a PostgreSQL advisory
//! lock held on a connection of its own; a second node waits on it), `getUpdates` from the offset
//! stored in `telegram_poll`, each update handled and then the offset stored, so a restart neither
//! replays nor skips updates (docs/rules/telegram.md, "Telegram"). Every failure is logged and retried
//! after a growing pause; nothing here stops the server.

use std::time::Duration;

use super::api::Update;
use super::bot::Bot;
use crate::db;
use crate::db::telegram::PollerLock;

/// Times one update is tried while the database fails before it is given up (with an apology).
const UPDATE_ATTEMPTS: u32 = 5;

/// Pauses after failures: 1 s, doubling to a minute; a success starts again from 1 s.
struct Backoff {
    next: Duration,
}

impl Backoff {
    const FIRST: Duration = Duration::from_secs(1);
    const MOST: Duration = Duration::from_secs(60);

    fn new() -> Backoff {
        Backoff { next: Backoff::FIRST }
    }

    fn reset(&mut self) {
        self.next = Backoff::FIRST;
    }

    /// The pause after a failure (at least `asked`, when Telegram asked for one), and the next
    /// one grows.
    fn after_failure(&mut self, asked: Option<Duration>) -> Duration {
        let pause = asked.map_or(self.next, |asked| asked.max(self.next)).min(Backoff::MOST);
        self.next = (self.next * 2).min(Backoff::MOST);
        pause
    }

    async fn wait(&mut self, asked: Option<Duration>) {
        tokio::time::sleep(self.after_failure(asked)).await;
    }
}

/// Polls for ever: takes the lock, polls while it is held, and takes it again if its connection
/// breaks.
pub async fn run(bot: Bot, database_url: String, poll_timeout_secs: u64) {
    let mut backoff = Backoff::new();
    let bot_id = bot.api.bot_id();
    loop {
        let waiting = || tracing::info!("another server polls this Telegram bot: waiting for its turn");
        let lock = match PollerLock::acquire(&database_url, bot_id, waiting).await {
            Ok(lock) => lock,
            Err(err) => {
                tracing::warn!(%err, "the Telegram poller could not take its lock");
                backoff.wait(None).await;
                continue;
            }
        };
        tracing::info!("polling Telegram for updates");
        poll(&bot, &lock, poll_timeout_secs, &mut backoff).await;
        tracing::warn!("the Telegram poller lost its lock: taking it again");
    }
}

/// Polls while `lock` is held.
async fn poll(bot: &Bot, lock: &PollerLock, timeout: u64, backoff: &mut Backoff) {
    let mut offset = loop {
        match stored_offset(bot).await {
            Ok(offset) => break offset,
            Err(err) => tracing::warn!(%err, "could not read the Telegram offset"),
        }
        if !lock.held() {
            return;
        }
        backoff.wait(None).await;
    };
    let mut failing = (0_i64, 0_u32);
    while lock.held() {
        let updates = match bot.api.get_updates(offset, timeout).await {
            Ok(updates) => updates,
            Err(err) => {
                // 409: another process polls this bot (one using another database) or a webhook
                // is set; it is logged as any other failure.
                tracing::warn!(%err, "getUpdates failed");
                backoff.wait(err.retry_after()).await;
                continue;
            }
        };
        backoff.reset();
        let from = offset;
        for update in updates.iter().filter(|u| u.update_id >= from) {
            if !handled(bot, update, &mut failing).await {
                backoff.wait(None).await;
                break;
            }
            offset = update.update_id + 1;
            if let Err(err) = store_offset(bot, offset).await {
                // The next save catches up; until then a restart would handle this update again.
                tracing::warn!(%err, "could not store the Telegram offset");
            }
        }
    }
}

/// Handles `update`: whether to move past it (done, or given up after [`UPDATE_ATTEMPTS`]);
/// `false` to fetch it again after a pause. `failing` is the update that failed last and how
/// many times.
async fn handled(bot: &Bot, update: &Update, failing: &mut (i64, u32)) -> bool {
    let Err(err) = bot.handle(update).await else { return true };
    let tries = if failing.0 == update.update_id { failing.1 + 1 } else { 1 };
    *failing = (update.update_id, tries);
    if tries < UPDATE_ATTEMPTS {
        tracing::warn!(%err, update = update.update_id, tries, "a Telegram update failed: trying again");
        return false;
    }
    tracing::error!(%err, update = update.update_id, "a Telegram update failed again: given up");
    bot.apologize(update).await;
    true
}

/// Where polling resumes: the stored offset, or 0 (every update Telegram still holds).
async fn stored_offset(bot: &Bot) -> Result<i64, anyhow::Error> {
    let client = bot.pool().get().await?;
    Ok(db::telegram::offset(&client, bot.api.bot_id()).await?.unwrap_or(0))
}

/// Records that every update before `offset` was handled.
async fn store_offset(bot: &Bot, offset: i64) -> Result<(), anyhow::Error> {
    let client = bot.pool().get().await?;
    Ok(db::telegram::save_offset(&client, bot.api.bot_id(), offset).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pauses_double_to_a_minute_and_start_again_after_a_success() {
        let mut backoff = Backoff::new();
        let pauses: Vec<u64> = (0..8).map(|_| backoff.after_failure(None).as_secs()).collect();
        assert_eq!(pauses, [1, 2, 4, 8, 16, 32, 60, 60]);
        backoff.reset();
        assert_eq!(backoff.after_failure(None), Duration::from_secs(1));
        assert_eq!(
            backoff.after_failure(Some(Duration::from_secs(7))),
            Duration::from_secs(7),
            "Telegram's wait"
        );
    }
}
