//! `/api/admin/outbox…`: the messages of the durable outbox (e-mail, SMS, Telegram) with the
//! counts by state, and sending a failed one again (docs/rules/outbox.md, "The outbox").

use actix_web::{HttpResponse, get, post, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use super::optional;
use crate::app::outbox::{self, Listing};
use crate::auth::AdminUser;
use crate::db::outbox::MessageRow;
use crate::error::{AppError, ErrorBody};
use crate::i18n::Msg;
use crate::ids::MessageId;
use crate::paging;
use crate::state::AppState;
use crate::statuses::{OutboxChannel, OutboxState};

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(admin_list_outbox).service(admin_retry_outbox);
}

/// One message as operators see it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutboxItem {
    pub id: i64,
    pub channel: OutboxChannel,
    /// The e-mail address; a phone number or Telegram chat masked to its last three digits
    /// (`***456`).
    pub recipient: String,
    /// The text as sent; a sign-in code's message shows the code masked (it is never stored).
    pub body: String,
    pub state: OutboxState,
    /// Attempts started so far.
    pub attempts: i32,
    /// Why the last attempt failed (pending retries and failed messages).
    #[schema(required)]
    pub last_error: Option<String>,
    pub created_at: DateTime<Utc>,
    #[schema(required)]
    pub sent_at: Option<DateTime<Utc>>,
    /// Whether "retry" may send it again: failed, with its text stored.
    pub retryable: bool,
}

impl From<MessageRow> for OutboxItem {
    fn from(m: MessageRow) -> OutboxItem {
        OutboxItem {
            retryable: m.state == OutboxState::Failed && !m.masked,
            id: m.id,
            channel: m.channel,
            recipient: m.recipient,
            body: m.body,
            state: m.state,
            attempts: m.attempts,
            last_error: m.last_error,
            created_at: m.created_at,
            sent_at: m.sent_at,
        }
    }
}

/// How many messages are in each state (of the channel asked, whatever the state asked).
#[derive(Debug, Serialize, ToSchema)]
pub struct OutboxCounts {
    pub pending: i64,
    pub sent: i64,
    pub failed: i64,
}

/// A page of messages.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutboxPage {
    pub items: Vec<OutboxItem>,
    pub counts: OutboxCounts,
    /// Messages matching the filters, on every page.
    pub total: i64,
    /// This page, from 1.
    pub page: i64,
    /// Messages per page.
    pub page_size: i64,
}

/// One message.
#[derive(Serialize, ToSchema)]
pub struct OutboxItemBody {
    pub item: OutboxItem,
}

/// Which messages to list.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct OutboxQuery {
    /// `email`, `sms` or `telegram` (default: any).
    channel: Option<String>,
    /// `pending`, `sent` or `failed` (default: any).
    state: Option<String>,
    /// From 1 (default 1).
    page: Option<i64>,
    /// 1–100 (default 20).
    limit: Option<i64>,
}

/// The outbox's messages, newest first, with the counts by state.
#[utoipa::path(
    tag = "admin",
    params(OutboxQuery),
    responses(
        (status = 200, description = "A page of messages", body = OutboxPage),
        (status = 400, description = "`outbox_channel_invalid`, `outbox_state_invalid`, `page_invalid` or `limit_invalid`, with `fields`", body = ErrorBody),
    )
)]
#[get("/admin/outbox")]
async fn admin_list_outbox(
    _admin: AdminUser,
    state: web::Data<AppState>,
    query: web::Query<OutboxQuery>,
) -> Result<HttpResponse, AppError> {
    let query = query.into_inner();
    let mut errors = Vec::new();
    let channel = optional(&mut errors, "channel", query.channel.as_deref(), |v| {
        OutboxChannel::parse(v.trim()).ok_or(Msg::OutboxChannelInvalid)
    });
    let message_state = optional(&mut errors, "state", query.state.as_deref(), |v| {
        OutboxState::parse(v.trim()).ok_or(Msg::OutboxStateInvalid)
    });
    // Every bad parameter is named at once, the paging ones too.
    let page = match paging::parse(query.page, query.limit, 20) {
        Ok(page) => Some(page),
        Err(AppError::Invalid { fields, .. }) => {
            errors.extend(fields);
            None
        }
        Err(err) => return Err(err),
    };
    AppError::check(errors)?;
    let page = page.ok_or(AppError::BadRequest(Msg::ValidationFailed))?;
    let Listing { messages, total, counts } =
        outbox::list(&state.core.pool, (channel, message_state), page).await?;
    let count = |s| counts.get(&s).copied().unwrap_or(0);
    Ok(HttpResponse::Ok().json(OutboxPage {
        items: messages.into_iter().map(OutboxItem::from).collect(),
        counts: OutboxCounts {
            pending: count(OutboxState::Pending),
            sent: count(OutboxState::Sent),
            failed: count(OutboxState::Failed),
        },
        total,
        page: page.offset / page.limit + 1,
        page_size: page.limit,
    }))
}

/// Sends a failed message again: it goes back to pending, due now, with its attempts counted
/// afresh (audited as `outbox.retry`).
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "Message id")),
    responses(
        (status = 200, description = "The message, pending again", body = OutboxItemBody),
        (status = 404, description = "`outbox_message_not_found`", body = ErrorBody),
        (status = 409, description = "`outbox_not_retryable`: not failed, or a sign-in code's message (its text was never stored)", body = ErrorBody),
    )
)]
#[post("/admin/outbox/{id}/retry")]
async fn admin_retry_outbox(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<MessageId>,
) -> Result<HttpResponse, AppError> {
    let message =
        outbox::retry(&state.core.pool, state.core.effects.outbox(), &admin.0, path.into_inner()).await?;
    Ok(HttpResponse::Ok().json(OutboxItemBody { item: message.into() }))
}
