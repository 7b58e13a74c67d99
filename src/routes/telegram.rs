//! `/api/me/telegram`: the caller's Telegram link (issue 24; the use cases are
//! [`crate::app::telegram`], the bot that receives `/start <token>` is `crate::telegram`).

use actix_web::{HttpResponse, delete, get, post, web};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::app::telegram::{self, TelegramLink, TelegramStatus};
use crate::auth::CurrentUser;
use crate::error::{AppError, ErrorBody};
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(telegram_status).service(telegram_link).service(telegram_unlink);
}

/// Whether Telegram is on for this site, and whether the caller has linked a chat.
#[utoipa::path(
    tag = "users",
    responses(
        (status = 200, description = "The status", body = TelegramStatus),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
    )
)]
#[get("/me/telegram")]
async fn telegram_status(user: CurrentUser, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    Ok(HttpResponse::Ok()
        .json(telegram::status(&state.core.pool, &state.core.config.telegram, user.id).await?))
}

/// A fresh one-time link to the bot; pressing Start in Telegram links that chat to the caller's
/// account. Older links of the caller stop working.
#[utoipa::path(
    tag = "users",
    responses(
        (status = 200, description = "The link", body = TelegramLink),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 404, description = "`telegram_off`: no bot is configured", body = ErrorBody),
    )
)]
#[post("/me/telegram/link")]
async fn telegram_link(user: CurrentUser, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    Ok(HttpResponse::Ok()
        .json(telegram::new_link(&state.core.pool, &state.core.config.telegram, user.id).await?))
}

/// Unlinks the caller's chat (also when none is linked); the status after it.
#[utoipa::path(
    tag = "users",
    responses(
        (status = 200, description = "The status, unlinked", body = TelegramStatus),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
    )
)]
#[delete("/me/telegram")]
async fn telegram_unlink(user: CurrentUser, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    Ok(HttpResponse::Ok()
        .json(telegram::unlink(&state.core.pool, &state.core.config.telegram, user.id).await?))
}
