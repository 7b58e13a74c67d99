//! `/api/admin/users…`: the paged list, today's registrations, a user's activity, editing an
//! account (balance changes through the ledger) and closing one. Bots and closed accounts are
//! not users here: they are neither listed nor editable (404).

use actix_web::{HttpResponse, delete, get, patch, web};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tyiyn_actors::clock::Clock;
use tyiyn_actors::record::Role;
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use super::{Done, optional};
use crate::app::limits::{self, Limits};
use crate::app::users;
use crate::auth::AdminUser;
use crate::db;
use crate::db::admin_users::{Account, UserActivity};
use crate::db::users::UserView;
use crate::error::{AppError, ErrorBody};
use crate::i18n::Msg;
use crate::input::numbers;
use crate::input::parse;
use crate::paging;
use crate::state::AppState;
use tyiyn_actors::ids::UserId;

/// The highest balance an admin may set (bids).
const MAX_BALANCE: i64 = 1_000_000;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(admin_list_users)
        .service(admin_today_registrations)
        .service(admin_user_activity)
        .service(admin_user_limits)
        .service(admin_update_user)
        .service(admin_delete_user);
}

/// Which users to list.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct UsersQuery {
    /// From 1 (default 1).
    page: Option<i64>,
    /// 1–100 (default 10).
    limit: Option<i64>,
    /// A case-insensitive part of the username, first or last name, email or phone.
    search: Option<String>,
}

/// A page of users.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UsersPage {
    pub users: Vec<UserView>,
    /// Users matching the search, on every page.
    pub total: i64,
    /// `ceil(total / limit)`, at least 1 (no match is one empty page).
    pub total_pages: i64,
}

/// A count.
#[derive(Serialize, ToSchema)]
pub struct Count {
    pub count: i64,
}

/// Users (no bots, no closed accounts), newest first, with an optional search.
#[utoipa::path(
    tag = "admin",
    params(UsersQuery),
    responses(
        (status = 200, description = "A page of users", body = UsersPage),
        (status = 400, description = "`page_invalid` or `limit_invalid`, with `fields`", body = ErrorBody),
                    )
)]
#[get("/admin/users")]
async fn admin_list_users(
    _admin: AdminUser,
    state: web::Data<AppState>,
    query: web::Query<UsersQuery>,
) -> Result<HttpResponse, AppError> {
    let page = paging::parse(query.page, query.limit, 10)?;
    let search = query.search.as_deref().map(str::trim).filter(|s| !s.is_empty());
    let client = state.core.pool.get().await?;
    let (users, total) = db::admin_users::page(&client, search, page.limit, page.offset).await?;
    let total_pages = paging::total_pages(total, page.limit);
    Ok(HttpResponse::Ok().json(UsersPage { users, total, total_pages }))
}

/// How many users registered today (the calendar day in Bishkek, UTC+6).
#[utoipa::path(
    tag = "admin",
    responses(
        (status = 200, description = "Today's registrations (no bots, no closed accounts)", body = Count),
                    )
)]
#[get("/admin/users/today-registrations")]
async fn admin_today_registrations(
    _admin: AdminUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    let client = state.core.pool.get().await?;
    Ok(HttpResponse::Ok().json(Count { count: db::admin_users::registered_today(&client).await? }))
}

/// A user's wins, the auctions they bid on and their pre-bids.
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "User id")),
    responses(
        (status = 200, description = "The activity", body = UserActivity),
        (status = 404, description = "`user_not_found` (also for bots and closed accounts)", body = ErrorBody),
    )
)]
#[get("/admin/users/{id}/activity")]
async fn admin_user_activity(
    _admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<UserId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let client = users::open_user(&state.core.pool, id).await?;
    Ok(HttpResponse::Ok().json(db::admin_users::activity(&client, id.0).await?))
}

/// A user's own spend limits and pause, as the user set them, with what is left of each: for
/// support (a user who paused themselves is told why their bids are refused). Read-only: only
/// the user changes them (docs/rules/limits.md, "Spend limits and a pause").
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "User id")),
    responses(
        (status = 200, description = "The user's limits", body = Limits),
        (status = 404, description = "`user_not_found` (also for bots and closed accounts)", body = ErrorBody),
    )
)]
#[get("/admin/users/{id}/limits")]
async fn admin_user_limits(
    _admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<UserId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let client = users::open_user(&state.core.pool, id).await?;
    Ok(HttpResponse::Ok().json(limits::of_user(&client, id.0, state.core.clock.now()).await?))
}

/// The admin's edit form: every field optional; absent (or `null`) keeps the value. A blank
/// `firstName`, `lastName`, `email` or `phone` (or a bare `+996`) clears it.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct UserPatch {
    /// 3–32 letters, digits, `_`, `.`, `-`; unique case-insensitively.
    #[schema(min_length = 3, max_length = 32, example = "aibek")]
    username: Option<String>,
    #[schema(max_length = 64)]
    first_name: Option<String>,
    #[schema(max_length = 64)]
    last_name: Option<String>,
    #[schema(format = Email)]
    email: Option<String>,
    /// `+996` and nine digits.
    #[schema(pattern = r"^\+996[0-9]{9}$")]
    phone: Option<String>,
    /// Bids, a whole number 0–1,000,000. The change is written to the ledger.
    #[schema(value_type = Option<i64>, minimum = 0, maximum = 1_000_000)]
    bid_balance: Option<Value>,
    /// `user` or `admin`.
    #[schema(value_type = Option<Role>)]
    role: Option<String>,
}

fn balance(v: &Value) -> Result<i64, Msg> {
    numbers::whole(v).filter(|n| (0..=MAX_BALANCE).contains(n)).ok_or(Msg::BalanceInvalid)
}

/// A blank text clears the field; otherwise it must parse.
fn clearable<T>(
    errors: &mut Vec<(&'static str, Msg)>,
    field: &'static str,
    value: Option<&str>,
    parse: impl FnOnce(&str) -> Result<T, Msg>,
) -> Option<Option<T>> {
    let value = value?;
    if value.trim().is_empty() {
        return Some(None);
    }
    parse(value).map(Some).map_err(|m| errors.push((field, m))).ok()
}

/// The account after applying the form to `old`, or 400 with every field's message.
fn apply(old: &Account, b: UserPatch) -> Result<Account, AppError> {
    let mut errors = Vec::new();
    let username = match b.username.as_deref() {
        Some(v) => parse::username(v.trim()).map_err(|m| errors.push(("username", m))).ok(),
        None => None,
    };
    let first_name =
        clearable(&mut errors, "firstName", b.first_name.as_deref(), |v| parse::name(v, Msg::FirstNameShort));
    let last_name =
        clearable(&mut errors, "lastName", b.last_name.as_deref(), |v| parse::name(v, Msg::LastNameShort));
    let email = clearable(&mut errors, "email", b.email.as_deref(), parse::email);
    // A bare `+996` (the form's prefix) clears the phone, as on the profile form.
    let phone = b.phone.as_deref().map(|p| if p.trim() == "+996" { "" } else { p });
    let phone = clearable(&mut errors, "phone", phone, |v| parse::phone(v.trim()));
    let bid_balance = b
        .bid_balance
        .as_ref()
        .filter(|v| !v.is_null())
        .and_then(|v| balance(v).map_err(|m| errors.push(("bidBalance", m))).ok());
    let role = optional(&mut errors, "role", b.role.as_deref(), |v| match v {
        "user" => Ok(Role::User),
        "admin" => Ok(Role::Admin),
        _ => Err(Msg::RoleInvalid),
    });
    AppError::check(errors)?;
    Ok(Account {
        username: username.unwrap_or_else(|| old.username.clone()),
        first_name: first_name.unwrap_or_else(|| old.first_name.clone()),
        last_name: last_name.unwrap_or_else(|| old.last_name.clone()),
        email: email.unwrap_or_else(|| old.email.clone()),
        phone: phone.unwrap_or_else(|| old.phone.clone()),
        bid_balance: bid_balance.unwrap_or(old.bid_balance),
        role: role.unwrap_or(old.role),
    })
}

/// Edits an account. A balance change is a ledger row (`admin_adjustment`, delta = new − old)
/// pushed to the user's sessions as `bidBalanceUpdate`.
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "User id")),
    request_body = UserPatch,
    responses(
        (status = 200, description = "The saved user", body = UserView),
        (status = 400, description = "`validation_failed` or one field's code (`username_too_short`, `username_reserved`, `email_invalid`, `phone_invalid`, `balance_invalid`, `role_invalid`, …), with `fields`", body = ErrorBody),
        (status = 404, description = "`user_not_found` (also for bots and closed accounts)", body = ErrorBody),
        (status = 409, description = "`username_taken`, `username_confusable` or `email_taken` (with `fields`); `last_admin` (the change would leave no admin); `cannot_demote_self`", body = ErrorBody),
    )
)]
#[patch("/admin/users/{id}")]
async fn admin_update_user(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<UserId>,
    body: web::Json<UserPatch>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let form = body.into_inner();
    let handles = users::Handles {
        pool: &state.core.pool,
        sessions: &state.sessions,
        effects: state.core.effects.as_ref(),
    };
    let saved = users::update(&handles, &admin.0, id, |old| apply(old, form)).await?;
    Ok(HttpResponse::Ok().json(saved))
}

/// Closes an account: the row stays (its bids, wins and ledger keep pointing at it) but is
/// anonymised (`deleted_<id>`, contact data and names cleared), can no longer log in, and every
/// session of it ends. Its balance and ledger stay as they are.
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "User id")),
    responses(
        (status = 200, description = "Closed", body = Done),
        (status = 404, description = "`user_not_found` (also for bots and accounts already closed)", body = ErrorBody),
        (status = 409, description = "`last_admin` (it would leave no admin); `cannot_delete_self`; `user_in_live_auction` (leads a live auction or holds a pre-bid on an upcoming one)", body = ErrorBody),
    )
)]
#[delete("/admin/users/{id}")]
async fn admin_delete_user(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<UserId>,
) -> Result<HttpResponse, AppError> {
    users::close(&state.core.pool, &state.sessions, &admin.0, path.into_inner()).await?;
    Ok(HttpResponse::Ok().json(Done { ok: true }))
}
