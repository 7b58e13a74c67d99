//! `GET /api/openapi.json` and `GET /api/events.schema.json`: the contract, generated from the code.

use actix_web::{HttpResponse, get};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::openapi;

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
    HttpResponse::Ok().content_type("application/json").body(openapi::document_json())
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
