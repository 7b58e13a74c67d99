//! `GET /api/openapi.json` and `GET /api/events.schema.json`: the contract, generated from the code.
//! The document's paths are collected from the same registrations the server uses ([`super::api`]).

use std::sync::OnceLock;

use actix_web::{App, HttpResponse, get};
use utoipa_actix_web::AppExt;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::openapi;

/// The OpenAPI document of every `/api` route, as served and as `tyiyn openapi` prints it.
pub fn document_json() -> &'static str {
    static JSON: OnceLock<String> = OnceLock::new();
    JSON.get_or_init(|| {
        let (_, routed) = App::new()
            .into_utoipa_app()
            .service(utoipa_actix_web::scope("/api").configure(super::api))
            .split_for_parts();
        openapi::assemble(routed).to_pretty_json().unwrap_or_default()
    })
}

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(openapi_json).service(events_schema);
}

/// The OpenAPI 3.1 document of every `/api` route.
#[utoipa::path(
    tag = "contract",
    responses((status = 200, description = "The OpenAPI 3.1 document", content_type = "application/json", body = Object))
)]
#[get("/openapi.json")]
async fn openapi_json() -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(document_json())
}

/// The JSON Schema (2020-12) of the socket.io events.
#[utoipa::path(
    tag = "contract",
    responses((status = 200, description = "The JSON Schema of the realtime events", content_type = "application/json", body = Object))
)]
#[get("/events.schema.json")]
async fn events_schema() -> HttpResponse {
    HttpResponse::Ok().json(openapi::events_schema())
}
