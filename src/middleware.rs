//! The request guards every route shares: bodies over the limit are refused (413), state-changing
//! requests from another site are refused (403), and every error leaves in the error contract's
//! shape, in the request's language.

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError};
use actix_web::http::{Method, StatusCode, header};
use actix_web::middleware::Next;
use actix_web::{Error, web};

use crate::error::ApiError;
use crate::i18n::{Lang, Msg};
use crate::state::AppState;

/// Applies the body limit and the Origin check, then renders any error in the request's language.
pub async fn contract(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    let state = req.app_data::<web::Data<AppState>>().cloned();
    let site_lang = state.as_ref().map(|s| s.site.lang()).unwrap_or_default();
    let lang = Lang::of_request(req.request(), site_lang);
    let limit = state.as_ref().map_or(64 * 1024, |s| s.config.server.body_limit_bytes);

    if content_length(&req).is_some_and(|len| len > limit) {
        return Ok(req.into_response(ApiError::PayloadTooLarge.render(lang)));
    }
    if is_cross_site(&req) {
        return Ok(req.into_response(ApiError::CrossSite.render(lang)));
    }

    let res = next.call(req).await?;
    let Some(err) = res.response().error() else {
        return Ok(res.map_into_boxed_body());
    };
    let rendered = match err.as_error::<ApiError>() {
        Some(api) => api.render(lang),
        None => from_actix(err, res.status()).render(lang),
    };
    let (req, _) = res.into_parts();
    Ok(ServiceResponse::new(req, rendered))
}

fn content_length(req: &ServiceRequest) -> Option<usize> {
    req.headers().get(header::CONTENT_LENGTH)?.to_str().ok()?.parse().ok()
}

/// A state-changing request (or a WebSocket handshake, which carries the session to a socket)
/// whose `Origin` (or, without one, `Sec-Fetch-Site`) names another site.
fn is_cross_site(req: &ServiceRequest) -> bool {
    let upgrade = req.headers().contains_key(header::UPGRADE);
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) && !upgrade {
        return false;
    }
    if let Some(origin) = req.headers().get(header::ORIGIN) {
        let host = req.connection_info().host().to_ascii_lowercase();
        let origin_host = origin
            .to_str()
            .ok()
            .and_then(|o| o.split_once("://"))
            .map(|(_, rest)| rest.trim_end_matches('/').to_ascii_lowercase());
        return origin_host.as_deref() != Some(host.as_str());
    }
    req.headers()
        .get("sec-fetch-site")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("cross-site"))
}

/// Maps actix's own errors (extractors, routing) to the contract.
fn from_actix(err: &Error, status: StatusCode) -> ApiError {
    if let Some(json) = err.as_error::<JsonPayloadError>() {
        return match json {
            JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => {
                ApiError::PayloadTooLarge
            }
            _ => ApiError::BadRequest(Msg::BadRequest),
        };
    }
    if err.as_error::<PathError>().is_some() || err.as_error::<QueryPayloadError>().is_some() {
        return ApiError::BadRequest(Msg::BadRequest);
    }
    match status {
        StatusCode::NOT_FOUND => ApiError::NotFound(Msg::NotFound),
        StatusCode::METHOD_NOT_ALLOWED => ApiError::BadRequest(Msg::MethodNotAllowed),
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::PayloadTooLarge,
        s if s.is_client_error() => ApiError::BadRequest(Msg::BadRequest),
        _ => ApiError::Internal(anyhow::anyhow!("{err}")),
    }
}

/// JSON extractor settings: the body limit, and errors kept as the contract's errors.
pub fn json_config(limit: usize) -> web::JsonConfig {
    web::JsonConfig::default().limit(limit).error_handler(|err, _req| {
        let api = match err {
            JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => {
                ApiError::PayloadTooLarge
            }
            _ => ApiError::BadRequest(Msg::BadRequest),
        };
        api.into()
    })
}
