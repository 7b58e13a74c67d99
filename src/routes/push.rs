//! Push to the phone (docs/rules/notifications.md, "Push to the phone"): `GET /api/push/vapid-key`
//! gives the key browsers subscribe with; `POST`, `GET` and `DELETE /api/me/push-subscriptions`
//! add, list and remove the caller's devices (the use cases are [`crate::app::push`]).

use actix_web::http::header::USER_AGENT;
use actix_web::{HttpRequest, HttpResponse, delete, get, post, web};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::app::push::{
    self, Handles, PushDevice, PushDeviceRef, PushDevices, PushSubscriptionIn, VapidPublicKey,
};
use crate::auth::CurrentUser;
use crate::error::{AppError, ErrorBody};
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(vapid_key).service(add_device).service(my_devices).service(remove_device);
}

fn handles(state: &AppState) -> Handles<'_> {
    Handles { pool: &state.core.pool, key: state.core.push_key.as_ref(), settings: &state.core.config.push }
}

/// The key a browser subscribes with (`PushManager.subscribe({applicationServerKey})`).
#[utoipa::path(
    tag = "users",
    responses(
        (status = 200, description = "The server's VAPID public key", body = VapidPublicKey),
        (status = 404, description = "`push_off`: this site sends no push", body = ErrorBody),
    )
)]
#[get("/push/vapid-key")]
async fn vapid_key(state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-cache"))
        .json(push::public_key(handles(&state))?))
}

/// Adds this browser to the caller's devices: the opt-in to push. From now on a win, an item
/// passed on, an outbid and a watched auction starting reach it (each can be turned off in the
/// notice settings). The same endpoint again renews its keys; an endpoint another account added
/// moves to the caller (the device gets the notices of whoever signed in on it last).
#[utoipa::path(
    tag = "users",
    request_body = PushSubscriptionIn,
    responses(
        (status = 201, description = "A new device", body = PushDevice),
        (status = 200, description = "A device the caller had: its keys renewed", body = PushDevice),
        (status = 400, description = "`push_endpoint_invalid` (not an https URL), `push_endpoint_not_public` (a loopback, private, link-local or metadata address, after DNS), `push_keys_invalid`, `push_expiry_invalid`", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 404, description = "`push_off`", body = ErrorBody),
        (status = 409, description = "`push_devices_full`: the caller has 10 devices", body = ErrorBody),
    )
)]
#[post("/me/push-subscriptions")]
async fn add_device(
    user: CurrentUser,
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<PushSubscriptionIn>,
) -> Result<HttpResponse, AppError> {
    let agent = req.headers().get(USER_AGENT).and_then(|v| v.to_str().ok()).unwrap_or_default();
    let (device, fresh) = push::add(handles(&state), user.id, &body, agent).await?;
    Ok(if fresh { HttpResponse::Created().json(device) } else { HttpResponse::Ok().json(device) })
}

/// The caller's devices, the newest first.
#[utoipa::path(
    tag = "users",
    responses(
        (status = 200, description = "The devices", body = PushDevices),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
    )
)]
#[get("/me/push-subscriptions")]
async fn my_devices(user: CurrentUser, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    Ok(HttpResponse::Ok().json(push::list(&state.core.pool, user.id).await?))
}

/// Removes one of the caller's devices: no more push there. One the caller does not have
/// changes nothing.
#[utoipa::path(
    tag = "users",
    request_body = PushDeviceRef,
    responses(
        (status = 204, description = "Removed (or not there)"),
        (status = 400, description = "`push_endpoint_invalid`: over 1,024 characters", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
    )
)]
#[delete("/me/push-subscriptions")]
async fn remove_device(
    user: CurrentUser,
    state: web::Data<AppState>,
    body: web::Json<PushDeviceRef>,
) -> Result<HttpResponse, AppError> {
    push::remove(&state.core.pool, user.id, &body.endpoint).await?;
    Ok(HttpResponse::NoContent().finish())
}
