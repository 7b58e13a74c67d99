//! `/api/users/limits`: the caller's own spend limits and pause (issue 13, part 4). A stricter
//! setting holds at once, a looser one after 24 hours (sql/migrations/0011_limits.sql). The group
//! commit refuses a paused or limited user's bids and auto-bids, the pre-bid transaction their
//! pre-bids, and `POST /api/payments/orders` their package orders (409 `paused` or
//! `limit_reached`).

use actix_web::{HttpResponse, get, put, web};
use deadpool_postgres::GenericClient;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use tyiyn_actors::clock::{Clock, UnixMillis};
use tyiyn_actors::ids::Tyiyn;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use super::admin_bots::bounded;
use crate::auth::CurrentUser;
use crate::db;
use crate::db::limits::{LimitName, LimitRow};
use crate::domain;
use crate::error::{ApiError, ErrorBody};
use crate::i18n::Msg;
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(get_limits).service(put_limits);
}

/// The largest bid limit one can set.
const MAX_BID_LIMIT: i64 = 1_000_000;
/// The largest spend limit one can set: 10,000,000 som.
const MAX_SPEND_LIMIT: i64 = 1_000_000_000;

/// One figure per limit: bids per rolling day (24 h), week (7 days) and month (30 days), som on
/// bid packages per rolling month (`null`: no limit).
#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct LimitValues {
    #[schema(required)]
    pub daily_bids: Option<i64>,
    #[schema(required)]
    pub weekly_bids: Option<i64>,
    #[schema(required)]
    pub monthly_bids: Option<i64>,
    #[schema(required)]
    pub monthly_spend: Option<Tyiyn>,
}

/// A looser bid limit waiting for its 24 hours.
#[derive(Serialize, ToSchema)]
pub struct WaitingBids {
    /// The limit it will be (`null`: none).
    #[schema(required)]
    pub value: Option<i64>,
    /// When it takes effect.
    pub at: UnixMillis,
}

/// A looser spend limit waiting for its 24 hours.
#[derive(Serialize, ToSchema)]
pub struct WaitingSpend {
    /// The limit it will be, in som (`null`: none).
    #[schema(required)]
    pub value: Option<Tyiyn>,
    /// When it takes effect.
    pub at: UnixMillis,
}

/// An earlier end of the pause waiting for its 24 hours.
#[derive(Serialize, ToSchema)]
pub struct WaitingPause {
    /// The pause's new end (`null`: the pause ends).
    #[schema(required)]
    pub value: Option<UnixMillis>,
    /// When it takes effect.
    pub at: UnixMillis,
}

/// The looser settings still waiting, by limit (`null`: none waiting).
#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct LimitsWaiting {
    #[schema(required)]
    pub daily_bids: Option<WaitingBids>,
    #[schema(required)]
    pub weekly_bids: Option<WaitingBids>,
    #[schema(required)]
    pub monthly_bids: Option<WaitingBids>,
    #[schema(required)]
    pub monthly_spend: Option<WaitingSpend>,
    #[schema(required)]
    pub paused_until: Option<WaitingPause>,
}

/// The caller's limits (`dailyBids`, `weeklyBids`, `monthlyBids`, `monthlySpend`), what is left
/// of each, the end of their pause, and the looser settings still waiting. `null`: no limit, no
/// pause.
#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct Limits {
    #[serde(flatten)]
    pub limits: LimitValues,
    /// While paused, the end of the pause: no bid, pre-bid, auto-bid or package order until then.
    #[schema(required)]
    pub paused_until: Option<UnixMillis>,
    /// What is left of each limit in its window.
    pub left: LimitValues,
    pub waiting: LimitsWaiting,
}

impl Limits {
    fn from_rows(rows: &[LimitRow], now: UnixMillis) -> Limits {
        let mut out = Limits::default();
        for r in rows {
            let left = r.value.map(|v| (v - r.spent).max(0));
            let at = |w: &(Option<i64>, chrono::DateTime<chrono::Utc>)| UnixMillis(w.1.timestamp_millis());
            match r.name {
                LimitName::DailyBids | LimitName::WeeklyBids | LimitName::MonthlyBids => {
                    let waiting = r.waiting.as_ref().map(|w| WaitingBids { value: w.0, at: at(w) });
                    let (value, rest, wait) = match r.name {
                        LimitName::DailyBids => (
                            &mut out.limits.daily_bids,
                            &mut out.left.daily_bids,
                            &mut out.waiting.daily_bids,
                        ),
                        LimitName::WeeklyBids => (
                            &mut out.limits.weekly_bids,
                            &mut out.left.weekly_bids,
                            &mut out.waiting.weekly_bids,
                        ),
                        _ => (
                            &mut out.limits.monthly_bids,
                            &mut out.left.monthly_bids,
                            &mut out.waiting.monthly_bids,
                        ),
                    };
                    (*value, *rest, *wait) = (r.value, left, waiting);
                }
                LimitName::MonthlySpend => {
                    out.limits.monthly_spend = r.value.map(Tyiyn);
                    out.left.monthly_spend = left.map(Tyiyn);
                    out.waiting.monthly_spend =
                        r.waiting.as_ref().map(|w| WaitingSpend { value: w.0.map(Tyiyn), at: at(w) });
                }
                LimitName::Pause => {
                    out.paused_until = r.value.filter(|&end| end > now.0).map(UnixMillis);
                    out.waiting.paused_until = r
                        .waiting
                        .as_ref()
                        .filter(|_| out.paused_until.is_some())
                        .map(|w| WaitingPause { value: w.0.map(UnixMillis), at: at(w) });
                }
            }
        }
        out
    }
}

/// 409 `paused` or `limit_reached` for what `db::limits::block` named.
pub fn refuse(why: Option<String>) -> Result<(), ApiError> {
    match why.as_deref() {
        None => Ok(()),
        Some("paused") => Err(ApiError::Conflict(Msg::BiddingPaused)),
        Some(_) => Err(ApiError::Conflict(Msg::LimitReached)),
    }
}

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
    let text = match v {
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.trim().replace(',', "."),
        _ => return Err(Msg::SpendLimitInvalid),
    };
    let (whole, frac) = text.split_once('.').unwrap_or((&text, ""));
    let zeros = |s: &str| s.bytes().all(|b| b == b'0');
    if !whole.is_empty() && zeros(whole) && zeros(frac) && frac.len() <= 2 {
        return Ok(0);
    }
    domain::money(v).ok().filter(|t| *t <= MAX_SPEND_LIMIT).ok_or(Msg::SpendLimitInvalid)
}

/// `user`'s limits as [`Limits`] says, at `now`.
pub(super) async fn of_user(
    client: &impl GenericClient,
    user: i64,
    now: UnixMillis,
) -> Result<Limits, ApiError> {
    Ok(Limits::from_rows(&db::limits::get(client, user).await?, now))
}

async fn current(state: &AppState, user: i64) -> Result<Limits, ApiError> {
    of_user(&state.pool.get().await?, user, state.clock.now()).await
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
async fn get_limits(user: CurrentUser, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(current(&state, user.id).await?))
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
) -> Result<HttpResponse, ApiError> {
    let f = body.into_inner();
    let mut errors = Vec::new();
    let mut changes: Vec<(LimitName, Option<i64>)> = Vec::new();
    for (name, raw) in [
        (LimitName::DailyBids, &f.daily_bids),
        (LimitName::WeeklyBids, &f.weekly_bids),
        (LimitName::MonthlyBids, &f.monthly_bids),
    ] {
        let Some(raw) = raw else { continue };
        match bounded(Some(raw), 0..=MAX_BID_LIMIT) {
            Ok(n) => changes.push((name, n.map(i64::from))),
            Err(()) => errors.push((name.field(), Msg::BidsLimitInvalid)),
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
    let now = state.clock.now().0;
    const HOUR: i64 = 3_600_000;
    match f.pause.as_deref().map(str::trim) {
        None => {}
        Some("24h") => changes.push((LimitName::Pause, Some(now + 24 * HOUR))),
        Some("7d") => changes.push((LimitName::Pause, Some(now + 7 * 24 * HOUR))),
        Some("30d") => changes.push((LimitName::Pause, Some(now + 30 * 24 * HOUR))),
        Some("end") => changes.push((LimitName::Pause, None)),
        Some(_) => errors.push(("pause", Msg::PauseInvalid)),
    }
    ApiError::check(errors)?;
    let mut client = state.pool.get().await?;
    let tx = client.transaction().await?;
    // Changes of one user's limits take turns: `set_limit` locks the limit's row, but a limit set
    // for the first time has no row to lock, and two first settings at once would both count as
    // stricter (a looser one would skip its 24 hours).
    db::limits::lock_user(&tx, user.id).await?;
    for (name, value) in changes {
        db::limits::set(&tx, user.id, name, value).await?;
    }
    tx.commit().await?;
    drop(client);
    tracing::info!(user = user.id, "spend limits changed");
    Ok(HttpResponse::Ok().json(current(&state, user.id).await?))
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
