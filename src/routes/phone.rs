//! `/api/auth/phone/*`: confirming the account's phone number with a code sent by SMS
//! (`crate::app::phone`).

use std::time::Instant;

use actix_web::{HttpRequest, HttpResponse, post, web};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use super::{ReqLang, UserAnswer, required};
use crate::app::phone;
use crate::auth::CurrentUser;
use crate::db;
use crate::error::{AppError, ErrorBody};
use crate::i18n::Msg;
use crate::input::parse;
use crate::input::values::Phone;
use crate::state::AppState;
use tyiyn_actors::ids::UserId;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(send_code).service(verify);
}

/// The form's `phone`, parsed (a missing or malformed one is `phone_invalid`).
fn phone_field(errors: &mut Vec<(&'static str, Msg)>, raw: Option<&str>) -> Option<Phone> {
    required(errors, "phone", raw, Msg::PhoneInvalid, |v| parse::phone(v.trim()))
}

/// The number to confirm.
#[derive(Deserialize, ToSchema)]
struct CodeBody {
    /// `+996` and nine digits.
    #[schema(value_type = String, required, pattern = "^\\+996[0-9]{9}$", example = "+996555123456")]
    phone: Option<String>,
}

/// A code is on its way.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CodeSentAnswer {
    /// Seconds before another code may be asked for.
    #[schema(example = 60)]
    resend_after_secs: u64,
    /// Seconds the code may be used.
    #[schema(example = 300)]
    expires_in_secs: u64,
}

/// Sends a 6-digit code by SMS to the number, for the logged-in account.
#[utoipa::path(
    tag = "auth",
    request_body = CodeBody,
    responses(
        (status = 200, description = "The code was handed to the SMS gateway", body = CodeSentAnswer),
        (status = 400, description = "`phone_invalid` or `phone_not_mobile` (not a Kyrgyz mobile range), with `fields`", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 409, description = "`phone_already_verified` (this account confirmed a number). A number another account confirmed is answered like any other: `verify` refuses it", body = ErrorBody),
        (status = 429, description = "`too_many_attempts`: this account asked for a code less than a minute ago, or for too many to this number, or too many left this address; `Retry-After` seconds", body = ErrorBody),
        (status = 503, description = "`sms_unavailable`: the hour's SMS budget is spent, or the SMS gateway did not take it; nothing counts, try again", body = ErrorBody),
    )
)]
#[post("/auth/phone/code")]
async fn send_code(
    req: HttpRequest,
    user: CurrentUser,
    lang: ReqLang,
    state: web::Data<AppState>,
    body: web::Json<CodeBody>,
) -> Result<HttpResponse, AppError> {
    let mut errors = Vec::new();
    let phone = phone_field(&mut errors, body.phone.as_deref());
    AppError::check(errors)?;
    let phone = phone.ok_or(AppError::BadRequest(Msg::PhoneInvalid))?;
    let address = crate::client::client_ip(&req);
    // Every code costs the operator an SMS: a slot per address, given back unless one is sent.
    let slot = match address {
        Some(ip) => {
            Some(state.throttles.phone_codes.take(ip, Instant::now()).map_err(|retry_after_secs| {
                AppError::TooManyRequests { msg: Msg::TooManyAttempts, retry_after_secs }
            })?)
        }
        None => None,
    };
    let shown = address.map(|ip| ip.to_string());
    let sent =
        phone::send_code(&state.core.phone_handles(), UserId(user.id), &phone, (shown.as_deref(), lang.0))
            .await?;
    if let Some(slot) = slot {
        slot.keep();
    }
    Ok(HttpResponse::Ok().json(CodeSentAnswer {
        resend_after_secs: sent.resend_after_secs,
        expires_in_secs: sent.expires_in_secs,
    }))
}

/// The number and the code it received.
#[derive(Deserialize, ToSchema)]
struct VerifyBody {
    #[schema(value_type = String, required, pattern = "^\\+996[0-9]{9}$", example = "+996555123456")]
    phone: Option<String>,
    /// The 6 digits from the SMS.
    #[schema(value_type = String, required, example = "123456")]
    code: Option<String>,
}

/// The confirmed account, and the free bids this confirmation credited (0 when the number or the
/// account had them before).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct VerifiedAnswer {
    #[serde(flatten)]
    answer: UserAnswer,
    #[schema(example = 5)]
    bonus_bids: i64,
}

/// Confirms the account's phone number with the code sent to it.
#[utoipa::path(
    tag = "auth",
    request_body = VerifyBody,
    responses(
        (status = 200, description = "Confirmed (also when this number was already this account's)", body = VerifiedAnswer),
        (status = 400, description = "`phone_invalid`, `code_invalid` (wrong; the code is void after 5 wrong tries) or `code_expired` (none asked, expired or void), with `fields`", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 409, description = "`phone_already_verified` (another number), or `phone_taken` with `fields`", body = ErrorBody),
    )
)]
#[post("/auth/phone/verify")]
async fn verify(
    user: CurrentUser,
    state: web::Data<AppState>,
    body: web::Json<VerifyBody>,
) -> Result<HttpResponse, AppError> {
    let mut errors = Vec::new();
    let phone = phone_field(&mut errors, body.phone.as_deref());
    let code = required(&mut errors, "code", body.code.as_deref(), Msg::CodeInvalid, |v| {
        let v = v.trim();
        if v.len() == 6 && v.bytes().all(|b| b.is_ascii_digit()) {
            Ok(v.to_owned())
        } else {
            Err(Msg::CodeInvalid)
        }
    });
    AppError::check(errors)?;
    let (Some(phone), Some(code)) = (phone, code) else {
        return Err(AppError::BadRequest(Msg::ValidationFailed));
    };
    let confirmed = phone::verify(&state.core.phone_handles(), UserId(user.id), &phone, &code).await?;
    // Every session of the account may bid now.
    state.sessions.forget_user(user.id);
    let view = {
        let client = state.core.pool.get().await?;
        db::users::get(&client, user.id).await?.ok_or(AppError::Unauthorized)?
    };
    let answer = UserAnswer::new(view, state.core.config.auth.phone_verification);
    Ok(HttpResponse::Ok().json(VerifiedAnswer { answer, bonus_bids: confirmed.bonus }))
}
