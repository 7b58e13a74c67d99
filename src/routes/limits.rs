//! `/api/users/limits`: the caller's own spend limits and pause (issue 13, part 4). A stricter
//! setting holds at once, a looser one after 24 hours (sql/migrations/0011_limits.sql). The group
//! commit refuses a paused or limited user's bids and auto-bids, the pre-bid transaction their
//! pre-bids, and `POST /api/payments/orders` their package orders (409 `paused` or
//! `limit_reached`).

use actix_web::{HttpResponse, get, put, web};
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use tyiyn_actors::clock::Clock;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::app::limits::{self, Limits};
use crate::auth::CurrentUser;
use crate::db::limits::LimitName;
use crate::error::{AppError, ErrorBody};
use crate::i18n::Msg;
use crate::input::numbers;
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(get_limits).service(put_limits);
}

/// The largest bid limit one can set.
const MAX_BID_LIMIT: i64 = 1_000_000;
/// The largest spend limit one can set: 10,000,000 som.
const MAX_SPEND_LIMIT: i64 = 1_000_000_000;

/// Present in the body, even as `null`.
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(d).map(Some)
}

/// What to change. A limit left out stays as it is; `null` removes it. Lowering a limit or
/// starting a pause takes effect at once; raising or removing a limit, or shortening or ending a
/// pause, after 24 hours.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct LimitsForm {
    /// Bids per rolling 24 hours: a whole number from 0 to 1,000,000, or `null` for none.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<i64>, example = 50)]
    daily_bids: Option<Value>,
    /// Bids per rolling 7 days.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<i64>, example = 200)]
    weekly_bids: Option<Value>,
    /// Bids per rolling 30 days.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<i64>, example = 500)]
    monthly_bids: Option<Value>,
    /// Som spent on bid packages per rolling 30 days (at most two decimals), or `null` for none.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<f64>, example = 1500)]
    monthly_spend: Option<Value>,
    /// `24h`, `7d` or `30d` to pause bidding and purchases for that long from now; `end` to end
    /// the pause (after 24 hours).
    #[schema(value_type = Option<String>, pattern = "^(24h|7d|30d|end)$", example = "24h")]
    pause: Option<String>,
}

/// A spend limit in tyiyn: 0, or som with at most two decimals up to [`MAX_SPEND_LIMIT`].
fn spend_limit(v: &Value) -> Result<i64, Msg> {
    numbers::som(v).filter(|t| *t <= MAX_SPEND_LIMIT).ok_or(Msg::SpendLimitInvalid)
}

/// The caller's limits, what is left of each, and any looser setting still waiting.
#[utoipa::path(
    tag = "users",
    responses(
        (status = 200, description = "The limits", body = Limits),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
    )
)]
#[get("/users/limits")]
async fn get_limits(user: CurrentUser, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    Ok(HttpResponse::Ok().json(limits::current(&state.core.pool, state.core.clock.now(), user.id).await?))
}

/// Sets the caller's limits and pause (see the body's description for when each change holds).
#[utoipa::path(
    tag = "users",
    request_body = LimitsForm,
    responses(
        (status = 200, description = "The limits after the change", body = Limits),
        (status = 400, description = "`bids_limit_invalid` (a bid limit), `spend_limit_invalid` (`monthlySpend`) or `pause_invalid`, or `validation_failed` for several, with `fields`", body = ErrorBody),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
    )
)]
#[put("/users/limits")]
async fn put_limits(
    user: CurrentUser,
    state: web::Data<AppState>,
    body: web::Json<LimitsForm>,
) -> Result<HttpResponse, AppError> {
    let f = body.into_inner();
    let mut errors = Vec::new();
    let mut changes: Vec<(LimitName, Option<i64>)> = Vec::new();
    for (name, raw) in [
        (LimitName::DailyBids, &f.daily_bids),
        (LimitName::WeeklyBids, &f.weekly_bids),
        (LimitName::MonthlyBids, &f.monthly_bids),
    ] {
        let Some(raw) = raw else { continue };
        match numbers::whole_in(Some(raw), 0..=MAX_BID_LIMIT) {
            Ok(n) => changes.push((name, n)),
            Err(_) => errors.push((name.field(), Msg::BidsLimitInvalid)),
        }
    }
    match &f.monthly_spend {
        None => {}
        Some(Value::Null) => changes.push((LimitName::MonthlySpend, None)),
        Some(v) => match spend_limit(v) {
            Ok(t) => changes.push((LimitName::MonthlySpend, Some(t))),
            Err(m) => errors.push(("monthlySpend", m)),
        },
    }
    let now = state.core.clock.now().0;
    const HOUR: i64 = 3_600_000;
    match f.pause.as_deref().map(str::trim) {
        None => {}
        Some("24h") => changes.push((LimitName::Pause, Some(now + 24 * HOUR))),
        Some("7d") => changes.push((LimitName::Pause, Some(now + 7 * 24 * HOUR))),
        Some("30d") => changes.push((LimitName::Pause, Some(now + 30 * 24 * HOUR))),
        Some("end") => changes.push((LimitName::Pause, None)),
        Some(_) => errors.push(("pause", Msg::PauseInvalid)),
    }
    AppError::check(errors)?;
    limits::set(&state.core.pool, user.id, changes).await?;
    tracing::info!(user = user.id, "spend limits changed");
    Ok(HttpResponse::Ok().json(limits::current(&state.core.pool, state.core.clock.now(), user.id).await?))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn spend_limits_are_whole_tyiyn_within_bounds() {
        assert_eq!(spend_limit(&json!(0)), Ok(0));
        assert_eq!(spend_limit(&json!("0.00")), Ok(0));
        assert_eq!(spend_limit(&json!(1500)), Ok(150_000));
        assert_eq!(spend_limit(&json!("99,90")), Ok(9_990));
        for bad in [json!(-1), json!(1.234), json!("abc"), json!(""), json!(10_000_000.01)] {
            assert_eq!(spend_limit(&bad), Err(Msg::SpendLimitInvalid), "{bad}");
        }
    }
}
