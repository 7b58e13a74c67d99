//! `/api/me/notices`: where the caller's notices go, per kind and channel, and the language of
//! messages outside the site (issue 24; the use cases are [`crate::app::notices`]).

use actix_web::{HttpResponse, get, put, web};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::app::notices::{self, NoticeChange, NoticeSettings};
use crate::auth::CurrentUser;
use crate::error::{AppError, ErrorBody};
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(get_notices).service(put_notices);
}

/// The caller's notice settings: per kind, whether e-mail, Telegram and SMS carry it (the bell
/// always does), which channels the site has and the caller can be reached on, and the quiet hours.
#[utoipa::path(
    tag = "users",
    responses(
        (status = 200, description = "The settings", body = NoticeSettings),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
    )
)]
#[get("/me/notices")]
async fn get_notices(user: CurrentUser, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    Ok(HttpResponse::Ok()
        .json(notices::settings(&state.core.pool, state.core.effects.outbox(), user.id).await?))
}

/// Changes the caller's notice settings: each kind named takes the channels given (others stay),
/// and `language` sets the language of messages outside the site. All or nothing.
#[utoipa::path(
    tag = "users",
    request_body = NoticeChange,
    responses(
        (status = 200, description = "The settings after the change", body = NoticeSettings),
        (status = 400, description = "`notice_kind_unknown`, `sms_not_offered`, `language_invalid`", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
    )
)]
#[put("/me/notices")]
async fn put_notices(
    user: CurrentUser,
    state: web::Data<AppState>,
    body: web::Json<NoticeChange>,
) -> Result<HttpResponse, AppError> {
    Ok(HttpResponse::Ok()
        .json(notices::change(&state.core.pool, state.core.effects.outbox(), user.id, &body).await?))
}
