//! `GET /api/admin/audit`, the log of admin actions (written by the use cases, `crate::app::audit`).

use actix_web::{HttpResponse, get, web};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::auth::AdminUser;
use crate::db;
use crate::db::audit::AuditEntry;
use crate::error::{AppError, ErrorBody};
use crate::paging;
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
) -> Result<HttpResponse, AppError> {
    let page = paging::parse(query.page, query.limit, 20)?;
    let client = state.core.pool.get().await?;
    let (entries, total) = db::audit::page(&client, page.limit, page.offset).await?;
    let total_pages = paging::total_pages(total, page.limit);
    Ok(HttpResponse::Ok().json(AuditPage { entries, total, total_pages }))
}
