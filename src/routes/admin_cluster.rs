//! `/api/admin/cluster…`: the nodes sharing this database, and draining one (issue 25; the use
//! cases are [`crate::app::cluster`]).

use actix_web::{HttpResponse, get, post, web};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::app::cluster::{self, ClusterView};
use crate::auth::AdminUser;
use crate::error::{AppError, ErrorBody};
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(admin_cluster).service(admin_drain_node).service(admin_resume_node);
}

/// Every node that shares this database: alive or not, draining or not, the auctions it runs, its
/// bids a second and sockets.
#[utoipa::path(
    tag = "admin",
    responses(
        (status = 200, description = "The nodes", body = ClusterView),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
    )
)]
#[get("/admin/cluster")]
async fn admin_cluster(_: AdminUser, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    Ok(HttpResponse::Ok().json(cluster::view(&state.core.pool, &state.core.config.cluster).await?))
}

/// Tells a node to hand its auctions over to the others and take none (it keeps serving
/// requests); the nodes after it.
#[utoipa::path(
    tag = "admin",
    params(("id" = String, Path, description = "The node's id")),
    responses(
        (status = 200, description = "The nodes", body = ClusterView),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
        (status = 404, description = "`node_not_found`", body = ErrorBody),
    )
)]
#[post("/admin/cluster/nodes/{id}/drain")]
async fn admin_drain_node(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let view =
        cluster::set_draining(&state.core.pool, &state.core.config.cluster, &admin.0, &path, true).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// Tells a drained node to take its share of the auctions again; the nodes after it.
#[utoipa::path(
    tag = "admin",
    params(("id" = String, Path, description = "The node's id")),
    responses(
        (status = 200, description = "The nodes", body = ClusterView),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`forbidden`", body = ErrorBody),
        (status = 404, description = "`node_not_found`", body = ErrorBody),
    )
)]
#[post("/admin/cluster/nodes/{id}/resume")]
async fn admin_resume_node(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let view =
        cluster::set_draining(&state.core.pool, &state.core.config.cluster, &admin.0, &path, false).await?;
    Ok(HttpResponse::Ok().json(view))
}
