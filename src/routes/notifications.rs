//! `/api/notifications…`: the caller's notices (the header bell) and marking them read. New ones
//! also arrive live as the `notification` socket event (`crate::notify`).

use actix_web::{HttpResponse, get, post, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::auth::CurrentUser;
use crate::db;
use crate::error::{AppError, ErrorBody};
use crate::i18n::Msg;
use crate::notify;
use crate::state::AppState;
use crate::ws::notice::Notification;

/// How many notices the list shows.
const LIST_LIMIT: i64 = 50;
/// The most ids one read request may name.
const MAX_IDS: usize = 500;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(list_notifications).service(read_notifications);
}

/// The caller's newest notices and how many of all of theirs are unread.
#[derive(Serialize, ToSchema)]
pub struct Notifications {
    pub notifications: Vec<Notification>,
    /// Unread notices, including any older than the list.
    pub unread: i64,
}

/// How many notices are still unread.
#[derive(Serialize, ToSchema)]
pub struct Unread {
    pub unread: i64,
}

/// Which notices to mark read.
#[derive(Deserialize, ToSchema)]
struct ReadForm {
    /// Notice ids (at most 500); absent or `null`: all of the caller's notices. Ids of other
    /// users' notices are ignored.
    #[schema(example = json!([12, 13]))]
    ids: Option<Vec<i64>>,
}

/// The caller's 50 newest notices, newest first, with the unread count.
#[utoipa::path(
    tag = "notifications",
    responses(
        (status = 200, description = "The notices", body = Notifications),
        (status = 401, description = "`unauthorized`: not logged in", body = ErrorBody),
    )
)]
#[get("/notifications")]
async fn list_notifications(user: CurrentUser, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let client = state.core.pool.get().await?;
    let rows = db::notifications::recent(&client, user.id, LIST_LIMIT).await?;
    let unread = db::notifications::unread(&client, user.id).await?;
    let notifications = rows.iter().filter_map(notify::view).collect();
    Ok(HttpResponse::Ok().json(Notifications { notifications, unread }))
}

/// Marks the caller's notices read: the named ones, or all of them.
#[utoipa::path(
    tag = "notifications",
    request_body = ReadForm,
    responses(
        (status = 200, description = "What is still unread", body = Unread),
        (status = 400, description = "`notification_ids_invalid` (more than 500 ids), with `fields`; `bad_request` (not a list of ids)", body = ErrorBody),
        (status = 401, description = "`unauthorized`: not logged in", body = ErrorBody),
    )
)]
#[post("/notifications/read")]
async fn read_notifications(
    user: CurrentUser,
    state: web::Data<AppState>,
    body: web::Json<Option<ReadForm>>,
) -> Result<HttpResponse, AppError> {
    // `{}`, `{"ids": null}` and a bare `null` all mean every notice.
    let ids = body.into_inner().and_then(|f| f.ids);
    if ids.as_ref().is_some_and(|ids| ids.len() > MAX_IDS) {
        return Err(AppError::invalid("ids", Msg::NotificationIdsInvalid));
    }
    let client = state.core.pool.get().await?;
    db::notifications::mark_read(&client, user.id, ids.as_deref()).await?;
    let unread = db::notifications::unread(&client, user.id).await?;
    Ok(HttpResponse::Ok().json(Unread { unread }))
}
