//! The request guards every route shares: bodies over the limit are refused (413), state-changing
//! requests from another site are refused (403), every error leaves in the error contract's
//! shape, in the request's language, and every answer carries the security headers.

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError};
use actix_web::http::header::HeaderValue;
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
    // An `ApiError` was logged when actix turned it into a response (`error_response`); only
    // actix's own errors are logged here, so each 500 is logged once.
    let rendered = match err.as_error::<ApiError>() {
        Some(api) => api.render(lang),
        None => {
            let api = from_actix(err, res.status());
            api.log();
            api.render(lang)
        }
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
        let host = crate::client::host(req.request()).to_ascii_lowercase();
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

/// The Content-Security-Policy of every answer, before `connect-src` (docs/decisions.md, "Headers
/// and proxies"). Styles allow `'unsafe-inline'` because Radix (popper placement, presence
/// animations) and recharts set `style` attributes from script; scripts stay `'self'` only.
/// Images may come from any https host: an auction's picture is a link the admin types.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data: blob: https:; font-src 'self' data:; object-src 'none'; base-uri 'self'; \
form-action 'self'; frame-ancestors 'none'; manifest-src 'self'; worker-src 'self'";

/// Adds the security headers to every answer: the API's, the built assets', the app's fallback
/// page and errors alike. `connect-src` names the socket's `ws:`/`wss:` origin on the host the
/// browser addressed, for browsers whose `'self'` does not cover WebSocket schemes.
pub async fn security_headers(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let host = crate::client::host(req.request());
    let mut res = next.call(req).await?;
    let connect = if is_host_name(&host) {
        format!("connect-src 'self' ws://{host} wss://{host}")
    } else {
        "connect-src 'self'".to_owned()
    };
    let headers = res.headers_mut();
    if let Ok(csp) = HeaderValue::from_str(&format!("{CSP}; {connect}")) {
        headers.insert(header::CONTENT_SECURITY_POLICY, csp);
    }
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin"));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    Ok(res)
}

/// A `Host` value safe to echo into a policy: a name or address and an optional port, nothing else.
fn is_host_name(host: &str) -> bool {
    !host.is_empty()
        && host.len() <= 255
        && host.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b':' | b'[' | b']'))
}

#[cfg(test)]
mod tests {
    use std::io::Write;
    use std::sync::{Arc, Mutex};

    use actix_web::middleware::from_fn;
    use actix_web::test as actix_test;
    use actix_web::{App, HttpResponse};

    use super::*;

    /// Log lines written by the test's subscriber.
    #[derive(Clone, Default)]
    struct Captured(Arc<Mutex<Vec<u8>>>);

    impl Write for Captured {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().expect("not poisoned").extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[actix_web::test]
    async fn a_500_is_logged_once() {
        let logs = Captured::default();
        let writer = logs.clone();
        let subscriber =
            tracing_subscriber::fmt().with_writer(move || writer.clone()).with_ansi(false).finish();
        let _guard = tracing::subscriber::set_default(subscriber);
        let app = actix_test::init_service(App::new().wrap(from_fn(contract)).route(
            "/",
            web::get().to(|| async { Err::<HttpResponse, _>(ApiError::Internal(anyhow::anyhow!("boom"))) }),
        ))
        .await;
        let res = actix_test::call_service(&app, actix_test::TestRequest::get().uri("/").to_request()).await;
        assert_eq!(res.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let text = String::from_utf8(logs.0.lock().expect("not poisoned").clone()).expect("utf-8");
        assert_eq!(text.matches("request failed").count(), 1, "{text}");
        assert!(text.contains("boom"), "the cause is logged: {text}");
    }

    #[actix_web::test]
    async fn every_answer_carries_the_security_headers() {
        let app = actix_test::init_service(
            App::new()
                .wrap(from_fn(security_headers))
                .route("/", web::get().to(|| async { HttpResponse::NotFound().finish() })),
        )
        .await;
        let req = actix_test::TestRequest::get().uri("/").insert_header(("host", "tyiyn.kg")).to_request();
        let res = actix_test::call_service(&app, req).await;
        let csp = res.headers().get(header::CONTENT_SECURITY_POLICY).and_then(|v| v.to_str().ok());
        assert!(csp.is_some_and(|c| c.contains("frame-ancestors 'none'") && c.contains("wss://tyiyn.kg")));
        assert_eq!(res.headers().get(header::X_FRAME_OPTIONS).map(|v| v.as_bytes()), Some(&b"DENY"[..]));
    }

    #[test]
    fn only_plain_host_names_are_echoed_into_the_policy() {
        assert!(is_host_name("tyiyn.kg:8443"));
        assert!(is_host_name("[::1]:8080"));
        assert!(!is_host_name("a;b"));
        assert!(!is_host_name("x' 'unsafe-inline"));
        assert!(!is_host_name(""));
    }
}
