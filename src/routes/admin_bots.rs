//! Admin control of bots and of the global bot settings: plain SQL, each change in one transaction
//! with its audit row, then announced to every running auction through the registry (`BotNews`),
//! whose actors re-plan their bots. Bots on auctions: `admin_auction_bots`.

use actix_web::{HttpResponse, delete, get, patch, post, put, web};
use serde::Deserialize;
use serde_json::Value;
use tyiyn_actors::bots::BotSettings;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use super::BotRemoved;
use crate::app::bots;
use crate::auth::AdminUser;
use crate::db;
use crate::db::bots::BotView;
use crate::error::{AppError, ErrorBody};
use crate::i18n::Msg;
use crate::input::numbers;
use crate::input::parse;
use crate::state::AppState;
use tyiyn_actors::ids::BotId;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(admin_list_bots)
        .service(admin_create_bot)
        .service(admin_update_bot)
        .service(admin_delete_bot)
        .service(admin_get_bot_settings)
        .service(admin_put_bot_settings);
}

/// A new bot.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct BotForm {
    /// Required.
    first_name: Option<String>,
    /// Required.
    last_name: Option<String>,
    /// Optional: generated (`bot_<first name in latin letters>`, unique) when absent.
    username: Option<String>,
    /// Default `true`.
    is_active: Option<bool>,
}

/// A bot's change.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct BotPatch {
    /// Required: an inactive bot bids nowhere.
    is_active: Option<bool>,
}

/// The bot settings; an absent field keeps its value.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct BotSettingsForm {
    enabled: Option<bool>,
    /// Whole seconds, 1–10, at most `maxDelay`.
    #[schema(value_type = Option<i64>, example = 5)]
    min_delay: Option<Value>,
    /// Whole seconds, 1–10.
    #[schema(value_type = Option<i64>, example = 6)]
    max_delay: Option<Value>,
    /// 0–5.
    #[schema(value_type = Option<i64>, example = 2)]
    active_bots: Option<Value>,
}

/// Every open bot, newest first, with its live and upcoming auctions.
#[utoipa::path(
    tag = "admin",
    responses((status = 200, description = "The bots", body = Vec<BotView>))
)]
#[get("/admin/bots")]
async fn admin_list_bots(_admin: AdminUser, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let client = state.core.pool.get().await?;
    Ok(HttpResponse::Ok().json(db::bots::list(&client).await?))
}

/// Creates a bot (it can never log in and has no balance).
#[utoipa::path(
    tag = "admin",
    request_body = BotForm,
    responses(
        (status = 201, description = "The new bot", body = BotView),
        (status = 400, description = "`bot_name_required`, or a field's code (`name_too_long`, `username_too_short`, `username_invalid_chars`, …) with `fields`", body = ErrorBody),
        (status = 409, description = "`username_taken`", body = ErrorBody),
    )
)]
#[post("/admin/bots")]
async fn admin_create_bot(
    admin: AdminUser,
    state: web::Data<AppState>,
    body: web::Json<BotForm>,
) -> Result<HttpResponse, AppError> {
    let f = body.into_inner();
    let mut errors = Vec::new();
    let first = f.first_name.as_deref().map(str::trim).unwrap_or_default();
    let last = f.last_name.as_deref().map(str::trim).unwrap_or_default();
    // One message names both fields; it is reported on the first one missing.
    if first.is_empty() {
        errors.push(("firstName", Msg::BotNameRequired));
    } else if last.is_empty() {
        errors.push(("lastName", Msg::BotNameRequired));
    }
    for (field, value) in [("firstName", first), ("lastName", last)] {
        if value.chars().count() > 64 {
            errors.push((field, Msg::NameLong));
        }
    }
    let username =
        super::optional(&mut errors, "username", f.username.as_deref(), |v| parse::username(v.trim()));
    AppError::check(errors)?;

    let name = (first, last);
    let bot = bots::create(&state.core.pool, &admin.0, name, username, f.is_active.unwrap_or(true)).await?;
    Ok(HttpResponse::Created().json(bot))
}

/// Activates or deactivates a bot everywhere.
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "Bot id")),
    request_body = BotPatch,
    responses(
        (status = 200, description = "The bot", body = BotView),
        (status = 400, description = "`required` (`isActive`), with `fields`", body = ErrorBody),
        (status = 404, description = "`bot_not_found`", body = ErrorBody),
    )
)]
#[patch("/admin/bots/{id}")]
async fn admin_update_bot(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<BotId>,
    body: web::Json<BotPatch>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let Some(active) = body.is_active else {
        return Err(AppError::invalid("isActive", Msg::Required));
    };
    let bot = bots::set_active(&state.core.pool, &state.core.all_auctions(), &admin.0, id, active).await?;
    Ok(HttpResponse::Ok().json(bot))
}

/// Closes a bot: it leaves every live and upcoming auction; its past bids stay.
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "Bot id")),
    responses(
        (status = 200, description = "Closed", body = BotRemoved),
        (status = 404, description = "`bot_not_found`", body = ErrorBody),
    )
)]
#[delete("/admin/bots/{id}")]
async fn admin_delete_bot(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<BotId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    bots::close(&state.core.pool, &state.core.all_auctions(), &admin.0, id).await?;
    Ok(HttpResponse::Ok().json(BotRemoved { ok: true }))
}

/// The global bot settings.
#[utoipa::path(
    tag = "admin",
    responses((status = 200, description = "The settings", body = BotSettings))
)]
#[get("/admin/bot-settings")]
async fn admin_get_bot_settings(
    _admin: AdminUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    let client = state.core.pool.get().await?;
    Ok(HttpResponse::Ok().json(db::bots::settings(&client).await?))
}

/// Saves the global bot settings; every running auction re-plans its bots with them at once.
#[utoipa::path(
    tag = "admin",
    request_body = BotSettingsForm,
    responses(
        (status = 200, description = "The saved settings", body = BotSettings),
        (status = 400, description = "`validation_failed` or one field's code (`bot_delay_invalid`, `bot_delay_order`, `active_bots_invalid`), with `fields`", body = ErrorBody),
                    )
)]
#[put("/admin/bot-settings")]
async fn admin_put_bot_settings(
    admin: AdminUser,
    state: web::Data<AppState>,
    body: web::Json<BotSettingsForm>,
) -> Result<HttpResponse, AppError> {
    let f = body.into_inner();
    let saved = bots::save_settings(&state.core.pool, &state.core.all_auctions(), &admin.0, |current| {
        settings(current, f)
    })
    .await?;
    Ok(HttpResponse::Ok().json(saved))
}

/// The settings the form makes of `current`: a field left out keeps its value.
fn settings(current: BotSettings, f: BotSettingsForm) -> Result<BotSettings, AppError> {
    let mut errors = Vec::new();
    let mut field = |name: &'static str, v: Option<&Value>, range, msg, keep: u32| {
        numbers::count_in(v, range)
            .map(|n| n.unwrap_or(keep))
            .map_err(|_| errors.push((name, msg)))
            .unwrap_or(keep)
    };
    let min_delay = field("minDelay", f.min_delay.as_ref(), 1..=10, Msg::BotDelayInvalid, current.min_delay);
    let max_delay = field("maxDelay", f.max_delay.as_ref(), 1..=10, Msg::BotDelayInvalid, current.max_delay);
    let active_bots =
        field("activeBots", f.active_bots.as_ref(), 0..=5, Msg::ActiveBotsInvalid, current.active_bots);
    if errors.is_empty() && min_delay > max_delay {
        errors.push(("minDelay", Msg::BotDelayOrder));
    }
    AppError::check(errors)?;
    Ok(BotSettings { enabled: f.enabled.unwrap_or(current.enabled), min_delay, max_delay, active_bots })
}
