//! `/api/auth/*`: register, login, logout, me, and the live availability checks.

use std::time::Instant;

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;
use serde_json::json;

use super::{ReqLang, optional, required};
use crate::auth::{CurrentUser, password, session};
use crate::db::users::{self, NewUser};
use crate::domain;
use crate::error::ApiError;
use crate::i18n::Msg;
use crate::state::AppState;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/auth/register", web::post().to(register))
        .route("/auth/login", web::post().to(login))
        .route("/auth/logout", web::post().to(logout))
        .route("/auth/me", web::get().to(me))
        .route("/auth/validate-username", web::post().to(validate_username))
        .route("/auth/validate-email", web::post().to(validate_email))
        .route("/auth/validate-phone", web::post().to(validate_phone));
}

/// Registration: the short reading (username, email, password) plus the richer reading's optional
/// personal fields.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RegisterBody {
    username: Option<String>,
    email: Option<String>,
    password: Option<String>,
    first_name: Option<String>,
    last_name: Option<String>,
    date_of_birth: Option<String>,
    gender: Option<String>,
    phone: Option<String>,
}

async fn register(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<RegisterBody>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let mut errors = Vec::new();
    let username =
        required(&mut errors, "username", b.username.as_deref(), Msg::UsernameShort, domain::username);
    let email = required(&mut errors, "email", b.email.as_deref(), Msg::EmailInvalid, domain::email);
    let pass = required(&mut errors, "password", b.password.as_deref(), Msg::PasswordShort, domain::password);
    let first_name =
        optional(&mut errors, "firstName", b.first_name.as_deref(), |v| domain::name(v, Msg::FirstNameShort));
    let last_name =
        optional(&mut errors, "lastName", b.last_name.as_deref(), |v| domain::name(v, Msg::LastNameShort));
    let date_of_birth =
        optional(&mut errors, "dateOfBirth", b.date_of_birth.as_deref(), domain::date_of_birth);
    let gender = optional(&mut errors, "gender", b.gender.as_deref(), domain::gender);
    let phone = optional(&mut errors, "phone", b.phone.as_deref(), domain::phone);
    ApiError::check(errors)?;
    let (Some(username), Some(email), Some(pass)) = (username, email, pass) else {
        return Err(ApiError::BadRequest(Msg::ValidationFailed));
    };

    // Friendly early answers; the unique indexes remain the real guard against races.
    let mut client = state.pool.get().await?;
    if users::username_exists(&client, &username).await? {
        return Err(ApiError::taken("username", Msg::UsernameTaken));
    }
    if users::email_exists(&client, &email, None).await? {
        return Err(ApiError::taken("email", Msg::EmailTaken));
    }
    let password_hash = password::hash(pass, state.config.auth.bcrypt_cost).await?;
    let new = NewUser {
        username,
        email: Some(email),
        password_hash,
        first_name,
        last_name,
        phone,
        date_of_birth,
        gender,
        ip_address: req.peer_addr().map(|a| a.ip().to_string()),
    };
    let id = users::register(&mut client, &new, state.config.auth.signup_bonus_bids).await?;
    let user = users::get(&client, id).await?.ok_or(ApiError::Unauthorized)?;
    drop(client);
    session::end(&req, &state).await?;
    let cookie = session::start(&req, &state, id, &user.username).await?;
    Ok(HttpResponse::Created().cookie(cookie).json(json!({ "user": user })))
}

#[derive(Deserialize)]
struct LoginBody {
    username: Option<String>,
    password: Option<String>,
}

async fn login(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<LoginBody>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let mut errors = Vec::new();
    let username =
        required(&mut errors, "username", b.username.as_deref(), Msg::Required, |v| Ok(v.trim().to_owned()));
    let pass = required(&mut errors, "password", b.password.as_deref(), Msg::Required, |v| Ok(v.to_owned()));
    ApiError::check(errors)?;
    let (Some(username), Some(pass)) = (username, pass) else {
        return Err(ApiError::BadRequest(Msg::ValidationFailed));
    };

    let account_key = format!("u:{}", username.to_lowercase());
    let ip = req.peer_addr().map(|a| a.ip().to_string()).unwrap_or_default();
    let keys = [account_key.clone(), format!("ip:{ip}")];
    state.throttle.check(&keys, Instant::now()).map_err(|retry_after_secs| ApiError::TooManyRequests {
        msg: Msg::TooManyAttempts,
        retry_after_secs,
    })?;

    let found = {
        let client = state.pool.get().await?;
        users::find_login(&client, &username).await?
    };
    let (id, stored) = found.map_or((None, None), |(id, hash)| (Some(id), Some(hash)));
    let ok = pass.len() <= 72 && password::verify(pass, stored, &state.dummy_hash).await?;
    let Some(id) = id.filter(|_| ok) else {
        state.throttle.fail(&keys, Instant::now());
        return Err(ApiError::InvalidCredentials);
    };
    state.throttle.clear(&account_key);

    let user = {
        let client = state.pool.get().await?;
        users::get(&client, id).await?.ok_or(ApiError::InvalidCredentials)?
    };
    // Rotate: the session the browser had (if any) ends; a new one starts.
    session::end(&req, &state).await?;
    let cookie = session::start(&req, &state, id, &user.username).await?;
    Ok(HttpResponse::Ok().cookie(cookie).json(json!({ "user": user })))
}

async fn logout(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    session::end(&req, &state).await?;
    Ok(HttpResponse::Ok().cookie(session::removal(&req, &state)).json(json!({ "ok": true })))
}

async fn me(user: CurrentUser, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let client = state.pool.get().await?;
    let user = users::get(&client, user.id).await?.ok_or(ApiError::Unauthorized)?;
    Ok(HttpResponse::Ok().json(json!({ "user": user })))
}

#[derive(Deserialize)]
struct CheckBody {
    username: Option<String>,
    email: Option<String>,
    phone: Option<String>,
}

fn verdict(result: Result<Msg, Msg>, lang: ReqLang) -> HttpResponse {
    let (valid, msg) = match result {
        Ok(m) => (true, m),
        Err(m) => (false, m),
    };
    HttpResponse::Ok().json(json!({ "valid": valid, "message": msg.text(lang.0), "code": msg.code() }))
}

async fn validate_username(
    state: web::Data<AppState>,
    lang: ReqLang,
    body: web::Json<CheckBody>,
) -> Result<HttpResponse, ApiError> {
    let result = match domain::username(body.username.as_deref().unwrap_or("")) {
        Err(m) => Err(m),
        Ok(name) => {
            let client = state.pool.get().await?;
            if users::username_exists(&client, &name).await? {
                Err(Msg::UsernameTaken)
            } else {
                Ok(Msg::UsernameAvailable)
            }
        }
    };
    Ok(verdict(result, lang))
}

async fn validate_email(
    state: web::Data<AppState>,
    lang: ReqLang,
    body: web::Json<CheckBody>,
) -> Result<HttpResponse, ApiError> {
    let result = match domain::email(body.email.as_deref().unwrap_or("")) {
        Err(m) => Err(m),
        Ok(email) => {
            let client = state.pool.get().await?;
            if users::email_exists(&client, &email, None).await? {
                Err(Msg::EmailTaken)
            } else {
                Ok(Msg::EmailAvailable)
            }
        }
    };
    Ok(verdict(result, lang))
}

async fn validate_phone(lang: ReqLang, body: web::Json<CheckBody>) -> HttpResponse {
    let result = domain::phone(body.phone.as_deref().unwrap_or("")).map(|_| Msg::PhoneValid);
    verdict(result, lang)
}
