//! A user's own spend limits and pause (issue 13, part 4): what they are, what is left of each,
//! and changing them. A stricter setting holds at once, a looser one after 24 hours
//! (sql/migrations/0011_limits.sql). The group commit refuses a paused or limited user's bids and
//! auto-bids, the pre-bid transaction their pre-bids, and package orders their orders.

use deadpool_postgres::{GenericClient, Pool};
use serde::Serialize;
use tyiyn_actors::clock::UnixMillis;
use tyiyn_actors::ids::Tyiyn;
use utoipa::ToSchema;

use crate::db;
use crate::db::limits::{LimitName, LimitRow};
use crate::error::AppError;
use crate::i18n::Msg;

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
pub fn refuse(why: Option<String>) -> Result<(), AppError> {
    match why.as_deref() {
        None => Ok(()),
        Some("paused") => Err(AppError::Conflict(Msg::BiddingPaused)),
        Some(_) => Err(AppError::Conflict(Msg::LimitReached)),
    }
}

/// `user`'s limits as [`Limits`] says, at `now`.
pub async fn of_user(client: &impl GenericClient, user: i64, now: UnixMillis) -> Result<Limits, AppError> {
    Ok(Limits::from_rows(&db::limits::get(client, user).await?, now))
}

/// `user`'s limits now.
pub async fn current(pool: &Pool, now: UnixMillis, user: i64) -> Result<Limits, AppError> {
    of_user(&pool.get().await?, user, now).await
}

/// Sets `user`'s limits and pause: each change is a limit's new value (`None`: no limit, or the
/// pause's end).
pub async fn set(pool: &Pool, user: i64, changes: Vec<(LimitName, Option<i64>)>) -> Result<(), AppError> {
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    // Changes of one user's limits take turns: `set_limit` locks the limit's row, but a limit set
    // for the first time has no row to lock, and two first settings at once would both count as
    // stricter (a looser one would skip its 24 hours).
    db::limits::lock_user(&tx, user).await?;
    for (name, value) in changes {
        db::limits::set(&tx, user, name, value).await?;
    }
    super::commit(tx).await?;
    Ok(())
}
