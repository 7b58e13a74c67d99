//! The operator's view of the outbox (docs/rules/outbox.md, "The outbox"): the messages by channel
//! and state with the counts of each state, and sending a failed one again (audited). Operators
//! see phone numbers and Telegram chats masked to their last three digits; a sign-in code was
//! never stored, so its message shows it masked and cannot be sent again.

use std::collections::HashMap;

use deadpool_postgres::Pool;
use serde_json::json;

use super::audit::action;
use crate::auth::CurrentUser;
use crate::db;
use crate::db::outbox::{MessageRow, Outbox};
use crate::error::AppError;
use crate::i18n::Msg;
use crate::ids::MessageId;
use crate::paging::Page;
use crate::statuses::{OutboxChannel, OutboxState};

/// One page of messages as operators see them, how many match, and the counts by state.
pub struct Listing {
    pub messages: Vec<MessageRow>,
    pub total: i64,
    pub counts: HashMap<OutboxState, i64>,
}

/// A page of messages of `channel` and `state` (`None`: any), newest first, masked; the counts by
/// state are of `channel` whatever the state asked.
pub async fn list(
    pool: &Pool,
    (channel, state): (Option<OutboxChannel>, Option<OutboxState>),
    page: Page,
) -> Result<Listing, AppError> {
    let client = pool.get().await?;
    let (messages, total) = db::outbox::page(&client, (channel, state), page.limit, page.offset).await?;
    let counts = db::outbox::counts(&client, channel).await?;
    Ok(Listing { messages: messages.into_iter().map(masked).collect(), total, counts })
}

/// Sends failed message `id` again: back to pending, due now, its attempts counted afresh, with
/// the admin's audit row in the same transaction; the workers are woken after the commit. 404
/// for no such message, 409 unless it failed and its text is stored.
pub async fn retry(
    pool: &Pool,
    outbox: &Outbox,
    admin: &CurrentUser,
    MessageId(id): MessageId,
) -> Result<MessageRow, AppError> {
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    let before = db::outbox::lock(&tx, id).await?.ok_or(AppError::NotFound(Msg::OutboxMessageNotFound))?;
    let again = db::outbox::requeue(&tx, id).await?.ok_or(AppError::Conflict(Msg::OutboxNotRetryable))?;
    let entry = action(
        admin,
        "outbox.retry",
        "outbox",
        Some(id),
        Some(json!({ "state": before.state, "attempts": before.attempts, "lastError": before.last_error })),
        Some(json!({ "state": again.state, "attempts": again.attempts, "lastError": null })),
    );
    db::audit::log(&tx, &entry).await?;
    super::commit(tx).await?;
    outbox.wake();
    tracing::info!(
        message = id,
        admin = admin.id,
        channel = again.channel.as_str(),
        "outbox message retried"
    );
    Ok(masked(again))
}

/// `row` as operators may see it: a phone number or chat id masked to its last three digits.
fn masked(mut row: MessageRow) -> MessageRow {
    row.recipient = mask(row.channel, &row.recipient);
    row
}

/// `recipient` with all but its last three characters hidden, unless it is an e-mail address or
/// a device (its id, which says nothing about anyone).
pub fn mask(channel: OutboxChannel, recipient: &str) -> String {
    if matches!(channel, OutboxChannel::Email | OutboxChannel::Push) {
        return recipient.to_owned();
    }
    let chars: Vec<char> = recipient.chars().collect();
    let shown: String = chars[chars.len().saturating_sub(3)..].iter().collect();
    format!("***{shown}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phones_and_chats_show_their_last_three_digits_and_addresses_show_whole() {
        assert_eq!(mask(OutboxChannel::Sms, "+996555123456"), "***456");
        assert_eq!(mask(OutboxChannel::Telegram, "-1001234567"), "***567");
        assert_eq!(mask(OutboxChannel::Telegram, "42"), "***42");
        assert_eq!(mask(OutboxChannel::Email, "aigul@example.kg"), "aigul@example.kg");
    }
}
