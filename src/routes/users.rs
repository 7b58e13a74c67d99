//! `/api/users/profile`: the logged-in user's own profile.

use actix_web::{HttpResponse, get, put, web};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use super::{optional, required};
use crate::auth::CurrentUser;
use crate::db::users::{self, ProfileUpdate, UserView};
use crate::error::AppError;
use crate::error::ErrorBody;
use crate::i18n::Msg;
use crate::input::parse;
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(get_profile).service(put_profile);
}

/// The logged-in user's profile.
#[utoipa::path(
    tag = "users",
    responses((status = 200, description = "The user", body = UserView), (status = 401, description = "`unauthorized`: not logged in", body = ErrorBody))
)]
#[get("/users/profile")]
async fn get_profile(user: CurrentUser, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let client = state.core.pool.get().await?;
    let view = users::get(&client, user.id).await?.ok_or(AppError::Unauthorized)?;
    Ok(HttpResponse::Ok().json(view))
}

/// The profile form and the complete-profile modal. `username` is accepted and ignored: it never
/// changes. `email` absent or blank keeps the current email; `phone` absent keeps the current
/// phone, `null`, blank or a bare `+996` clears it, except a confirmed number, which the profile
/// cannot change (400 `phone_locked`).
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ProfileBody {
    first_name: Option<String>,
    last_name: Option<String>,
    email: Option<String>,
    /// Absent keeps the stored phone; `null` clears it.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    phone: Option<Option<String>>,
    date_of_birth: Option<String>,
    gender: Option<String>,
}

/// A field that is present in the body (possibly `null`): `Some(value)`; `#[serde(default)]`
/// leaves an absent one `None`.
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}

/// Saves the profile (and completes it after registration).
#[utoipa::path(
    tag = "users",
    request_body = ProfileBody,
    responses(
        (status = 200, description = "The saved user", body = UserView),
        (status = 400, description = "`validation_failed` or one field's code, with `fields` (`phone_locked`: a confirmed number changes only through a confirmation)", body = ErrorBody),
        (status = 401, description = "`unauthorized`: not logged in", body = ErrorBody),
        (status = 409, description = "`email_taken`, with `fields`", body = ErrorBody),
    )
)]
#[put("/users/profile")]
async fn put_profile(
    user: CurrentUser,
    state: web::Data<AppState>,
    body: web::Json<ProfileBody>,
) -> Result<HttpResponse, AppError> {
    let b = body.into_inner();
    let mut errors = Vec::new();
    let first_name = required(&mut errors, "firstName", b.first_name.as_deref(), Msg::FirstNameShort, |v| {
        parse::name(v, Msg::FirstNameShort)
    });
    let last_name = required(&mut errors, "lastName", b.last_name.as_deref(), Msg::LastNameShort, |v| {
        parse::name(v, Msg::LastNameShort)
    });
    let email = optional(&mut errors, "email", b.email.as_deref(), parse::email);
    let phone = b
        .phone
        .map(|phone| optional(&mut errors, "phone", phone.as_deref().filter(|p| *p != "+996"), parse::phone));
    let date_of_birth = required(
        &mut errors,
        "dateOfBirth",
        b.date_of_birth.as_deref(),
        Msg::DateInvalid,
        parse::date_of_birth,
    );
    let gender = required(&mut errors, "gender", b.gender.as_deref(), Msg::GenderInvalid, parse::gender);
    AppError::check(errors)?;
    let (Some(first_name), Some(last_name), Some(date_of_birth), Some(gender)) =
        (first_name, last_name, date_of_birth, gender)
    else {
        return Err(AppError::BadRequest(Msg::ValidationFailed));
    };

    let update = ProfileUpdate { first_name, last_name, email, phone, date_of_birth, gender };
    let view = crate::app::accounts::edit_profile(&state.core, user.id, update).await?;
    Ok(HttpResponse::Ok().json(view))
}
