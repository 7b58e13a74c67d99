//! HTTP handlers, one module per resource, and the route table.

pub mod admin_auctions;
pub mod auctions;
pub mod auth;
pub mod me;
pub mod settings;
pub mod spa;
pub mod users;

use std::future::{Ready, ready};

use actix_web::{FromRequest, HttpRequest, dev::Payload, web};

use crate::error::ApiError;
use crate::i18n::{Lang, Msg};
use crate::state::AppState;

/// Registers every API route under `/api` and the web app for everything else.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope("/api")
            .configure(auth::routes)
            .configure(users::routes)
            .configure(me::routes)
            .configure(auctions::routes)
            .configure(admin_auctions::routes)
            .configure(settings::routes)
            .default_service(web::to(|| async { Err::<String, _>(ApiError::NotFound(Msg::NotFound)) })),
    )
    .route("/socket.io/", web::get().to(crate::ws::connect))
    .default_service(web::get().to(spa::serve));
}

/// The request's language, as an extractor.
pub struct ReqLang(pub Lang);

impl FromRequest for ReqLang {
    type Error = ApiError;
    type Future = Ready<Result<ReqLang, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let site = req.app_data::<web::Data<AppState>>().map(|s| s.site.lang()).unwrap_or_default();
        ready(Ok(ReqLang(Lang::of_request(req, site))))
    }
}

/// Parses a required text field into `fields` errors: missing or blank is `Required`.
pub fn required<T>(
    errors: &mut Vec<(&'static str, Msg)>,
    field: &'static str,
    value: Option<&str>,
    missing: Msg,
    parse: impl FnOnce(&str) -> Result<T, Msg>,
) -> Option<T> {
    match value {
        Some(v) if !v.trim().is_empty() => parse(v).map_err(|m| errors.push((field, m))).ok(),
        _ => {
            errors.push((field, missing));
            None
        }
    }
}

/// Parses an optional text field: missing or blank is `None`, otherwise it must parse.
pub fn optional<T>(
    errors: &mut Vec<(&'static str, Msg)>,
    field: &'static str,
    value: Option<&str>,
    parse: impl FnOnce(&str) -> Result<T, Msg>,
) -> Option<T> {
    match value {
        Some(v) if !v.trim().is_empty() => parse(v).map_err(|m| errors.push((field, m))).ok(),
        _ => None,
    }
}
