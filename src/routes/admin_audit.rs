//! `GET /api/admin/audit`, the log of admin actions, and the helpers the admin routes write it
//! with: [`changes`] (before/after of the changed fields only) and [`record_after`] (for changes
//! an auction actor made).

use actix_web::{HttpResponse, get, web};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use super::paging;
use crate::auth::{AdminUser, CurrentUser};
use crate::db;
use crate::db::audit::{Action, AuditEntry};
use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(admin_audit_log);
}

/// A page of the log.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct AuditQuery {
    /// From 1 (default 1).
    page: Option<i64>,
    /// 1–100 (default 20).
    limit: Option<i64>,
}

/// A page of the audit log, newest first.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditPage {
    pub entries: Vec<AuditEntry>,
    /// Entries in the whole log.
    pub total: i64,
    /// `ceil(total / limit)`, at least 1 (an empty log is one empty page).
    pub total_pages: i64,
}

/// The audit log: every admin action, newest first.
#[utoipa::path(
    tag = "admin",
    params(AuditQuery),
    responses(
        (status = 200, description = "A page of the log", body = AuditPage),
        (status = 400, description = "`page_invalid` or `limit_invalid`, with `fields`", body = ErrorBody),
                    )
)]
#[get("/admin/audit")]
async fn admin_audit_log(
    _admin: AdminUser,
    state: web::Data<AppState>,
    query: web::Query<AuditQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = paging::parse(query.page, query.limit, 20)?;
    let client = state.pool.get().await?;
    let (entries, total) = db::audit::page(&client, page.limit, page.offset).await?;
    let total_pages = paging::total_pages(total, page.limit);
    Ok(HttpResponse::Ok().json(AuditPage { entries, total, total_pages }))
}

/// The fields of two JSON objects that differ: `(before, after)`, each holding only those keys.
pub fn changes(before: &Value, after: &Value) -> (Value, Value) {
    let empty = Map::new();
    let old = before.as_object().unwrap_or(&empty);
    let new = after.as_object().unwrap_or(&empty);
    let mut was = Map::new();
    let mut now = Map::new();
    for key in old.keys().chain(new.keys().filter(|k| !old.contains_key(*k))) {
        let (a, b) = (old.get(key), new.get(key));
        if a != b {
            was.insert(key.clone(), a.cloned().unwrap_or(Value::Null));
            now.insert(key.clone(), b.cloned().unwrap_or(Value::Null));
        }
    }
    (Value::Object(was), Value::Object(now))
}

/// An audit row by `admin`.
pub fn action<'a>(
    admin: &'a CurrentUser,
    action: &'static str,
    target_type: &'static str,
    target_id: Option<i64>,
    before: Option<Value>,
    after: Option<Value>,
) -> Action<'a> {
    Action { admin_id: admin.id, admin_name: &admin.username, action, target_type, target_id, before, after }
}

/// Records an action an auction actor has already made durable. The change cannot be undone any
/// more, so a failed write is logged (with the whole row) instead of failing the request.
pub async fn record_after(state: &AppState, action: &Action<'_>) {
    let written = async {
        let client = state.pool.get().await?;
        db::audit::record(&client, action).await?;
        Ok::<(), ApiError>(())
    }
    .await;
    if let Err(err) = written {
        tracing::error!(
            error = %err,
            action = action.action,
            admin = action.admin_id,
            target = ?action.target_id,
            before = ?action.before,
            after = ?action.after,
            "audit row not written"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn changes_keep_only_the_fields_that_differ() {
        let (before, after) =
            changes(&json!({"a": 1, "b": "x", "c": null}), &json!({"a": 2, "b": "x", "c": null, "d": true}));
        assert_eq!(before, json!({"a": 1, "d": null}));
        assert_eq!(after, json!({"a": 2, "d": true}));
    }
}
