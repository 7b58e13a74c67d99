//! `/api/users/password` and `/api/users/sessions/logout-all`: changing one's password and ending
//! one's sessions everywhere (docs/rules/sessions.md, "Sessions").

use actix_web::{HttpRequest, HttpResponse, post, put, web};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use super::{Done, required};
use crate::app::accounts::{self, Passwords};
use crate::auth::{CurrentUser, session};
use crate::error::AppError;
use crate::error::ErrorBody;
use crate::i18n::Msg;
use crate::input::parse;
use crate::state::AppState;

/// The routes of this module (see [`super::api`]).
pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(change_password).service(logout_all);
}

/// A password change: the current password and the new one.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PasswordBody {
    /// The password the account has now.
    #[schema(example = "secret12")]
    current_password: Option<String>,
    /// Like registration's: at least 6 characters, at most 72 bytes; not the current one.
    #[schema(min_length = 6, example = "n3w-secret")]
    new_password: Option<String>,
}

/// Changes the caller's password. Every session of the account ends (other browsers get 401 and
/// their sockets close); this browser gets a new session cookie.
#[utoipa::path(
    tag = "users",
    request_body = PasswordBody,
    responses(
        (status = 200, description = "Changed; a new session cookie is set and every other session has ended", body = Done),
        (status = 400, description = "`current_password_wrong` (field `currentPassword`), `password_too_short`, `password_too_long` or `password_unchanged` (field `newPassword`), `required`; with `fields`", body = ErrorBody),
        (status = 401, description = "`unauthorized`: not logged in", body = ErrorBody),
    )
)]
#[put("/users/password")]
async fn change_password(
    req: HttpRequest,
    user: CurrentUser,
    state: web::Data<AppState>,
    body: web::Json<PasswordBody>,
) -> Result<HttpResponse, AppError> {
    let b = body.into_inner();
    let mut errors = Vec::new();
    let current =
        required(&mut errors, "currentPassword", b.current_password.as_deref(), Msg::Required, |v| {
            Ok(v.to_owned())
        });
    let new =
        required(&mut errors, "newPassword", b.new_password.as_deref(), Msg::PasswordShort, parse::password);
    AppError::check(errors)?;
    let (Some(current), Some(new)) = (current, new) else {
        return Err(AppError::BadRequest(Msg::ValidationFailed));
    };
    let passwords =
        Passwords { cost: state.core.config.auth.bcrypt_cost, dummy_hash: &state.core.dummy_hash };
    accounts::change_password(
        &state.core.pool,
        &state.sessions,
        state.core.effects.as_ref(),
        passwords,
        user.id,
        current,
        new,
    )
    .await?;
    let cookie = session::start(&req, &state.sessions, user.clone()).await?;
    let hint = session::hint(&req, &state.sessions, true);
    Ok(HttpResponse::Ok().cookie(cookie).cookie(hint).json(Done { ok: true }))
}

/// "Log out everywhere": ends every session of the caller, this one included, closes their
/// sockets and removes this browser's cookie.
#[utoipa::path(
    tag = "users",
    responses(
        (status = 200, description = "Every session ended; the cookie is removed", body = Done),
        (status = 401, description = "`unauthorized`: not logged in", body = ErrorBody),
    )
)]
#[post("/users/sessions/logout-all")]
async fn logout_all(
    req: HttpRequest,
    user: CurrentUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    accounts::log_out_everywhere(&state.sessions, state.core.effects.as_ref(), user.id).await?;
    let hint = session::hint(&req, &state.sessions, false);
    Ok(HttpResponse::Ok()
        .cookie(session::removal(&req, &state.sessions))
        .cookie(hint)
        .json(Done { ok: true }))
}
