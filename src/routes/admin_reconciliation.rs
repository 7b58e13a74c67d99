//! `GET /api/admin/orders.csv`: the daily reconciliation export an accountant opens in a
//! spreadsheet (docs/operations.md, "Reconciling payments"): every order paid or refunded in a
//! range of Bishkek days, with the provider's reference, the amount, the fee where the provider
//! said it, and the times.

use actix_web::{HttpResponse, get, web};
use chrono::{DateTime, FixedOffset, NaiveDate, Utc};
use serde::Deserialize;
use tyiyn_actors::ids::Tyiyn;
use utoipa::IntoParams;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::app::orders;
use crate::auth::AdminUser;
use crate::db::admin_orders::ReconciliationRow;
use crate::error::{AppError, ErrorBody};
use crate::i18n::Msg;
use crate::input::form::optional;
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(admin_orders_csv);
}

/// Which days to export.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct Days {
    /// The first Bishkek day, `YYYY-MM-DD` (default: `to`, or today).
    from: Option<String>,
    /// The last Bishkek day, included (default: `from`, or today).
    to: Option<String>,
}

/// The columns, in order.
const HEADER: [&str; 15] = [
    "order_id",
    "created_at",
    "paid_at",
    "refunded_at",
    "state",
    "kind",
    "method",
    "provider",
    "provider_payment_id",
    "user_id",
    "username",
    "amount",
    "currency",
    "fee",
    "refund_amount",
];

/// Every order paid or refunded in the days `from`–`to` (Bishkek time, both included; at most
/// 366 days), oldest first, as CSV: UTF-8 with a byte-order mark (so spreadsheets read Cyrillic
/// names), comma-separated, amounts in som with two decimals and a dot (`750.00`), times in
/// Bishkek time (`2026-12-07 14:03:12`). Fee: what the provider kept, where its report said.
#[utoipa::path(
    tag = "admin",
    params(Days),
    responses(
        (status = 200, description = "The orders as CSV (`Content-Disposition: attachment`)", content_type = "text/csv", body = String),
        (status = 400, description = "`day_invalid`: not `YYYY-MM-DD`, `from` after `to`, or over 366 days; with `fields`", body = ErrorBody),
    )
)]
#[get("/admin/orders.csv")]
async fn admin_orders_csv(
    _admin: AdminUser,
    state: web::Data<AppState>,
    query: web::Query<Days>,
) -> Result<HttpResponse, AppError> {
    let mut errors = Vec::new();
    let day = |v: &str| NaiveDate::parse_from_str(v.trim(), "%Y-%m-%d").map_err(|_| Msg::DayInvalid);
    let from = optional(&mut errors, "from", query.from.as_deref(), day);
    let to = optional(&mut errors, "to", query.to.as_deref(), day);
    AppError::check(errors)?;
    let today = Utc::now().with_timezone(&bishkek()).date_naive();
    let (from, to) = match (from, to) {
        (Some(from), Some(to)) => (from, to),
        (Some(day), None) | (None, Some(day)) => (day, day),
        (None, None) => (today, today),
    };
    let rows = orders::reconciliation(&state.core.pool, from, to).await?;
    let body = csv_of(&rows).map_err(|e| AppError::Unavailable(format!("csv: {e}")))?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"tyiyn-orders-{from}-{to}.csv\""),
        ))
        .body(body))
}

fn bishkek() -> FixedOffset {
    FixedOffset::east_opt(6 * 3600).unwrap_or_else(|| FixedOffset::east_opt(0).expect("UTC"))
}

/// `text` as a spreadsheet cell that is never a formula: a value that starts with `=`, `+`, `-`, `@`,
/// a tab or a carriage return gets a leading `'` (OWASP, "CSV Injection"), so a username or a
/// provider's reference can never run as a formula on the accountant's computer.
fn cell(text: &str) -> String {
    match text.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r') => format!("'{text}"),
        _ => text.to_owned(),
    }
}

/// `rows` as the export's bytes.
fn csv_of(rows: &[ReconciliationRow]) -> Result<Vec<u8>, csv::Error> {
    let mut out = csv::Writer::from_writer(b"\xEF\xBB\xBF".to_vec());
    out.write_record(HEADER)?;
    let time = |t: Option<DateTime<Utc>>| {
        t.map(|t| t.with_timezone(&bishkek()).format("%Y-%m-%d %H:%M:%S").to_string()).unwrap_or_default()
    };
    let som = |t: Option<i64>| t.map(|t| Tyiyn(t).to_som_string()).unwrap_or_default();
    for r in rows {
        out.write_record([
            r.id.to_string(),
            time(Some(r.created_at)),
            time(r.paid_at),
            time(r.refunded_at),
            r.state.clone(),
            r.kind.clone(),
            r.method.clone(),
            cell(&r.provider),
            cell(r.provider_payment_id.as_deref().unwrap_or_default()),
            r.user_id.to_string(),
            cell(&r.username),
            som(Some(r.amount)),
            r.currency.clone(),
            som(r.fee),
            som(r.refund_amount),
        ])?;
    }
    out.into_inner().map_err(|e| csv::Error::from(e.into_error()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_cell_starts_a_formula() {
        for (raw, shown) in
            [("=HYPERLINK(\"x\")", "'=HYPERLINK(\"x\")"), ("-bob", "'-bob"), ("+1", "'+1"), ("@a", "'@a")]
        {
            assert_eq!(cell(raw), shown);
        }
        assert_eq!(cell("aibek"), "aibek");
        assert_eq!(cell("demo-12"), "demo-12");
        assert_eq!(cell(""), "");
    }
}
