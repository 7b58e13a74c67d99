//! `/api/auth/*`: register, login, logout, me, and the live availability checks.

use std::net::{IpAddr, Ipv4Addr};
use std::time::Instant;

use actix_web::{HttpRequest, HttpResponse, get, post, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use super::{Done, ReqLang, UserAnswer, optional, required};
use crate::app::accounts::{self, SignUp};
use crate::auth::rate_limit::{RateLimit, Slot};
use crate::auth::{CurrentUser, session};
use crate::db::users;
use crate::error::AppError;
use crate::error::ErrorBody;
use crate::i18n::Msg;
use crate::input::parse;
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(register)
        .service(login)
        .service(logout)
        .service(me)
        .service(validate_username)
        .service(validate_email)
        .service(validate_phone);
}

/// An availability or format check: `valid`, with a message in the user's language and its code.
#[derive(Serialize, ToSchema)]
pub struct Verdict {
    pub valid: bool,
    #[schema(example = "Имя пользователя доступно")]
    pub message: &'static str,
    #[schema(example = "username_available")]
    pub code: &'static str,
}

/// Registration: the short reading (username, email, password) plus the richer reading's optional
/// personal fields.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct RegisterBody {
    /// Required: 3–32 letters, digits, `_`, `.`, `-`; unique case-insensitively.
    #[schema(min_length = 3, max_length = 32, example = "aibek")]
    username: Option<String>,
    /// Required, unique case-insensitively.
    #[schema(format = Email, example = "aibek@example.kg")]
    email: Option<String>,
    /// Required: at least 6 characters, at most 72 bytes.
    #[schema(min_length = 6, example = "secret12")]
    password: Option<String>,
    #[schema(min_length = 2, max_length = 64, example = "Айбек")]
    first_name: Option<String>,
    #[schema(min_length = 2, max_length = 64, example = "Асанов")]
    last_name: Option<String>,
    /// `YYYY-MM-DD`, age 18 or older.
    #[schema(format = Date, example = "1990-04-01")]
    date_of_birth: Option<String>,
    /// `male`, `female` or `other`.
    #[schema(example = "female")]
    gender: Option<String>,
    /// `+996` and nine digits.
    #[schema(pattern = r"^\+996[0-9]{9}$", example = "+996555123456")]
    phone: Option<String>,
}

/// Creates an account with the sign-up bonus and logs it in.
#[utoipa::path(
    tag = "auth",
    request_body = RegisterBody,
    responses(
        (status = 201, description = "Registered and logged in (session cookie set)", body = UserAnswer),
        (status = 400, description = "`validation_failed` or one field's code (`username_too_short`, `username_mixed_scripts` (letters of two alphabets), `email_invalid`, `password_too_short`, `phone_invalid`, `age_under_18`, …) with `fields`", body = ErrorBody),
        (status = 409, description = "`username_taken`, `username_confusable` (looks like an existing username) or `email_taken`, with `fields`", body = ErrorBody),
        (status = 429, description = "`too_many_registrations` (accounts created from this address) or `too_many_requests` (availability checks), with `Retry-After` seconds", body = ErrorBody),
    )
)]
#[post("/auth/register")]
async fn register(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<RegisterBody>,
) -> Result<HttpResponse, AppError> {
    let b = body.into_inner();
    let mut errors = Vec::new();
    let username =
        required(&mut errors, "username", b.username.as_deref(), Msg::UsernameShort, parse::public_username);
    let email = required(&mut errors, "email", b.email.as_deref(), Msg::EmailInvalid, parse::email);
    let pass = required(&mut errors, "password", b.password.as_deref(), Msg::PasswordShort, parse::password);
    let first_name =
        optional(&mut errors, "firstName", b.first_name.as_deref(), |v| parse::name(v, Msg::FirstNameShort));
    let last_name =
        optional(&mut errors, "lastName", b.last_name.as_deref(), |v| parse::name(v, Msg::LastNameShort));
    let date_of_birth =
        optional(&mut errors, "dateOfBirth", b.date_of_birth.as_deref(), parse::date_of_birth);
    let gender = optional(&mut errors, "gender", b.gender.as_deref(), parse::gender);
    let phone = optional(&mut errors, "phone", b.phone.as_deref(), parse::phone);
    AppError::check(errors)?;
    let (Some(username), Some(email), Some(pass)) = (username, email, pass) else {
        return Err(AppError::BadRequest(Msg::ValidationFailed));
    };

    // "Taken" answers the availability question, so it spends a check; the registration slot is
    // reserved now and given back unless the account is created (free-bid farming).
    let address = client_address(&req);
    let now = Instant::now();
    limit(&state.throttles.checks, address, now, Msg::TooManyRequests)?.keep();
    let slot = limit(&state.throttles.registrations, address, now, Msg::TooManyRegistrations)?;

    let sign_up = SignUp {
        username,
        email,
        password: pass,
        first_name,
        last_name,
        phone,
        date_of_birth,
        gender,
        address: address.to_string(),
    };
    let user = accounts::register(&state.core, sign_up).await?;
    slot.keep();
    session::end(&req, &state.sessions).await?;
    let cookie = session::start(&req, &state.sessions, CurrentUser::of(&user)).await?;
    let hint = session::hint(&req, &state.sessions, true);
    Ok(HttpResponse::Created()
        .cookie(cookie)
        .cookie(hint)
        .json(UserAnswer::new(user, state.core.config.auth.phone_verification)))
}

/// The client's address, the key of every per-address limit: the TCP peer, or the forwarded
/// address when the peer is a trusted proxy (`crate::client`).
fn client_address(req: &HttpRequest) -> IpAddr {
    crate::client::client_ip(req).unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED))
}

/// A slot of `limit` for `address`, or 429 `msg` with `Retry-After`.
fn limit(counter: &RateLimit, address: IpAddr, now: Instant, msg: Msg) -> Result<Slot<'_>, AppError> {
    counter.take(address, now).map_err(|retry_after_secs| AppError::TooManyRequests { msg, retry_after_secs })
}

/// Login: username (case-insensitive) and password.
#[derive(Deserialize, ToSchema)]
struct LoginBody {
    username: Option<String>,
    password: Option<String>,
}

/// Logs in; a previous session of this browser is ended first.
#[utoipa::path(
    tag = "auth",
    request_body = LoginBody,
    responses(
        (status = 200, description = "Logged in (session cookie set)", body = UserAnswer),
        (status = 400, description = "`required`, with `fields`", body = ErrorBody),
        (status = 401, description = "`invalid_credentials`", body = ErrorBody),
        (status = 429, description = "`too_many_attempts`, with `Retry-After` seconds: this address's guesses at this account must wait or are refused for now, or a wrong password from an address over its failure limit", body = ErrorBody),
    )
)]
#[post("/auth/login")]
async fn login(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<LoginBody>,
) -> Result<HttpResponse, AppError> {
    let b = body.into_inner();
    let mut errors = Vec::new();
    let username =
        required(&mut errors, "username", b.username.as_deref(), Msg::Required, |v| Ok(v.trim().to_owned()));
    let pass = required(&mut errors, "password", b.password.as_deref(), Msg::Required, |v| Ok(v.to_owned()));
    AppError::check(errors)?;
    let (Some(username), Some(pass)) = (username, pass) else {
        return Err(AppError::BadRequest(Msg::ValidationFailed));
    };

    // The failure is reserved before the password is checked (docs/rules/security.md, "Account protection").
    let throttle = &state.throttles.login;
    let attempt =
        throttle.begin(&username, client_address(&req), Instant::now()).map_err(|retry_after_secs| {
            AppError::TooManyRequests { msg: Msg::TooManyAttempts, retry_after_secs }
        })?;
    if attempt.suspect {
        actix_web::rt::time::sleep(throttle.address_delay()).await;
    }

    let Some(user) = accounts::check_login(&state.core, &username, pass).await? else {
        let suspect = attempt.suspect;
        attempt.failed();
        return Err(if suspect {
            // A slowed address's wrong guess: refused like a throttled one, though it was checked.
            AppError::TooManyRequests {
                msg: Msg::TooManyAttempts,
                retry_after_secs: throttle.address_delay().as_secs().max(1),
            }
        } else {
            AppError::InvalidCredentials
        });
    };
    attempt.succeeded();

    // Rotate: the session the browser had (if any) ends; a new one starts.
    session::end(&req, &state.sessions).await?;
    let cookie = session::start(&req, &state.sessions, CurrentUser::of(&user)).await?;
    let hint = session::hint(&req, &state.sessions, true);
    Ok(HttpResponse::Ok()
        .cookie(cookie)
        .cookie(hint)
        .json(UserAnswer::new(user, state.core.config.auth.phone_verification)))
}

/// Ends the session and removes its cookie.
#[utoipa::path(tag = "auth", responses((status = 200, description = "Logged out", body = Done)))]
#[post("/auth/logout")]
async fn logout(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    session::end(&req, &state.sessions).await?;
    let hint = session::hint(&req, &state.sessions, false);
    Ok(HttpResponse::Ok()
        .cookie(session::removal(&req, &state.sessions))
        .cookie(hint)
        .json(Done { ok: true }))
}

/// The logged-in user.
#[utoipa::path(
    tag = "auth",
    responses(
        (status = 200, description = "The logged-in user", body = UserAnswer),
        (status = 401, description = "`unauthorized`: not logged in", body = ErrorBody),
    )
)]
#[get("/auth/me")]
async fn me(user: CurrentUser, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let read = async {
        let client = state.core.pool.get().await?;
        Ok::<_, AppError>(users::get(&client, user.id).await?)
    };
    let found = match read.await {
        Ok(found) => found.ok_or(AppError::Unauthorized)?,
        // While the database is away, the account as last read, with its latest balance
        // (docs/rules/outages.md, "Database outages").
        Err(AppError::Unavailable(cause)) => {
            state.core.last_known.user(user.id).ok_or(AppError::Unavailable(cause))?
        }
        Err(e) => return Err(e),
    };
    state.core.last_known.set_user(&found);
    Ok(HttpResponse::Ok().json(UserAnswer::new(found, state.core.config.auth.phone_verification)))
}

/// The value to check: `username`, `email` or `phone`, by route.
#[derive(Deserialize, ToSchema)]
struct CheckBody {
    username: Option<String>,
    email: Option<String>,
    phone: Option<String>,
}

/// The answers of an availability check.
#[derive(utoipa::IntoResponses)]
#[expect(dead_code, reason = "only describes the answers in the OpenAPI document")]
enum CheckAnswers {
    /// The verdict
    #[response(status = 200)]
    Verdict(Verdict),
    /// `too_many_requests`: this address's checks are over the limit, with `Retry-After` seconds
    #[response(status = 429)]
    TooMany(ErrorBody),
}

fn verdict(result: Result<Msg, Msg>, lang: ReqLang) -> HttpResponse {
    let (valid, msg) = match result {
        Ok(m) => (true, m),
        Err(m) => (false, m),
    };
    HttpResponse::Ok().json(Verdict { valid, message: msg.text(lang.0), code: msg.code() })
}

/// Whether `username` is well-formed and free.
#[utoipa::path(tag = "auth", request_body = CheckBody, responses(CheckAnswers))]
#[post("/auth/validate-username")]
async fn validate_username(
    req: HttpRequest,
    state: web::Data<AppState>,
    lang: ReqLang,
    body: web::Json<CheckBody>,
) -> Result<HttpResponse, AppError> {
    limit(&state.throttles.checks, client_address(&req), Instant::now(), Msg::TooManyRequests)?.keep();
    let result = match parse::public_username(body.username.as_deref().unwrap_or("")) {
        Err(m) => Err(m),
        Ok(name) => {
            let client = state.core.pool.get().await?;
            match users::username_clash(&client, &name, None).await? {
                Some(clash) => Err(clash),
                None => Ok(Msg::UsernameAvailable),
            }
        }
    };
    Ok(verdict(result, lang))
}

/// Whether `email` is well-formed and free.
#[utoipa::path(tag = "auth", request_body = CheckBody, responses(CheckAnswers))]
#[post("/auth/validate-email")]
async fn validate_email(
    req: HttpRequest,
    state: web::Data<AppState>,
    lang: ReqLang,
    body: web::Json<CheckBody>,
) -> Result<HttpResponse, AppError> {
    limit(&state.throttles.checks, client_address(&req), Instant::now(), Msg::TooManyRequests)?.keep();
    let result = match parse::email(body.email.as_deref().unwrap_or("")) {
        Err(m) => Err(m),
        Ok(email) => {
            let client = state.core.pool.get().await?;
            if users::email_exists(&client, &email, None).await? {
                Err(Msg::EmailTaken)
            } else {
                Ok(Msg::EmailAvailable)
            }
        }
    };
    Ok(verdict(result, lang))
}

/// Whether `phone` is `+996` and nine digits.
#[utoipa::path(tag = "auth", request_body = CheckBody, responses((status = 200, description = "The verdict", body = Verdict)))]
#[post("/auth/validate-phone")]
async fn validate_phone(lang: ReqLang, body: web::Json<CheckBody>) -> HttpResponse {
    let result = parse::phone(body.phone.as_deref().unwrap_or("")).map(|_| Msg::PhoneValid);
    verdict(result, lang)
}
