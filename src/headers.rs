//! The headers every answer carries: the security headers (Content-Security-Policy with its
//! `connect-src` from configuration, `nosniff`, the referrer policy, no framing, `no-store` on API
//! answers) and the mark that sends small answers uncompressed. Split from `middleware.rs`.

use actix_web::body::{BodySize, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::http::header::HeaderValue;
use actix_web::middleware::Next;
use actix_web::{Error, web};

use crate::state::AppState;

/// The Content-Security-Policy of every answer, before `connect-src` (docs/rules/security.md,
/// "Security headers"). Styles allow `'unsafe-inline'` because Radix (popper placement, presence
/// animations) and recharts set `style` attributes from script; scripts stay `'self'` only.
/// Images may come from any https host: an auction's picture is a link the admin types.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data: blob: https:; font-src 'self' data:; object-src 'none'; base-uri 'self'; \
form-action 'self'; frame-ancestors 'none'; manifest-src 'self'; worker-src 'self'";

/// Marks an answer whose whole body is smaller than `server.compress_min_bytes` so that the
/// `Compress` middleware around this one sends it as it is (`Content-Encoding: identity`, which
/// `security_headers`, outside `Compress`, takes off again). Such an answer fits in the first
/// round trip compressed or not, and compressing it cost the server about half a millisecond
/// (brotli's and zlib's per-answer setup): ten times what answering a bid costs otherwise
/// (docs/performance.md, "Other figures"). Streamed bodies (unknown size) are left to `Compress`.
pub async fn plain_when_small(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let min = req.app_data::<web::Data<AppState>>().map_or(4096, |s| s.core.config.server.compress_min_bytes);
    let mut res = next.call(req).await?;
    if let BodySize::Sized(n) = res.response().body().size()
        && n < min
        && !res.headers().contains_key(header::CONTENT_ENCODING)
    {
        res.headers_mut().insert(header::CONTENT_ENCODING, HeaderValue::from_static("identity"));
    }
    Ok(res)
}

/// Adds the security headers to every answer: the API's, the built assets', the app's fallback
/// page and errors alike. `connect-src` names the socket's `ws:`/`wss:` origin from configuration
/// (`[server] connect_src`, else the public URL), for browsers whose `'self'` does not cover
/// WebSocket schemes; never from the request's `Host`, which a client chooses.
pub async fn security_headers(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let state = req.app_data::<web::Data<AppState>>().cloned();
    let api = req.path().starts_with("/api/");
    let stopping = state.as_ref().is_some_and(|s| s.stopping.load(std::sync::atomic::Ordering::Relaxed));
    let mut res = next.call(req).await?;
    if stopping {
        // The server is stopping: the client is not to send its next request on this connection.
        res.response_mut().head_mut().set_connection_type(actix_web::http::ConnectionType::Close);
    }
    let connect = state.as_ref().map_or_else(
        || "connect-src 'self'".to_owned(),
        |s| connect_src(&s.core.config.server.connect_src, &s.core.config.payments.public_url),
    );
    let headers = res.headers_mut();
    // `plain_when_small`'s mark for `Compress`: not a coding to name to the client.
    if headers.get(header::CONTENT_ENCODING).is_some_and(|v| v == "identity") {
        headers.remove(header::CONTENT_ENCODING);
    }
    if let Ok(csp) = HeaderValue::from_str(&format!("{CSP}; {connect}")) {
        headers.insert(header::CONTENT_SECURITY_POLICY, csp);
    }
    // An API answer is fresh and often personal (a balance, a profile, an admin's list): no cache
    // on the way, nor the browser's disk, keeps it, unless the route said otherwise (the public
    // figures' minute).
    if api && !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin"));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    Ok(res)
}

/// The CSP's `connect-src` directive, from `[server] connect_src` or else from the site's public
/// URL.
fn connect_src(configured: &str, public_url: &str) -> String {
    let extra = if configured.trim().is_empty() {
        socket_origin(public_url).unwrap_or_default()
    } else {
        configured.split_whitespace().filter(|s| is_source(s)).collect::<Vec<_>>().join(" ")
    };
    if extra.is_empty() { "connect-src 'self'".to_owned() } else { format!("connect-src 'self' {extra}") }
}

/// `wss://host[:port]` for `https://host[:port]/…`, `ws://…` for `http://…`.
fn socket_origin(public_url: &str) -> Option<String> {
    let (scheme, rest) = public_url.trim().split_once("://")?;
    let authority = &rest[..rest.find('/').unwrap_or(rest.len())];
    let ws = match scheme {
        "https" => "wss",
        "http" => "ws",
        _ => return None,
    };
    is_source(authority).then(|| format!("{ws}://{authority}"))
}

/// A CSP source safe to put in a header: a scheme, host and port characters, nothing else.
fn is_source(s: &str) -> bool {
    !s.is_empty() && s.len() <= 255 && s.bytes().all(|b| b.is_ascii_alphanumeric() || b".-:/[]*".contains(&b))
}

#[cfg(test)]
mod tests {
    use actix_web::middleware::from_fn;
    use actix_web::test as actix_test;
    use actix_web::{App, HttpResponse};

    use super::*;

    #[actix_web::test]
    async fn every_answer_carries_the_security_headers() {
        let app = actix_test::init_service(
            App::new()
                .wrap(from_fn(security_headers))
                .route("/", web::get().to(|| async { HttpResponse::NotFound().finish() })),
        )
        .await;
        // Without the app's settings the policy names nothing the request chose.
        let req =
            actix_test::TestRequest::get().uri("/").insert_header(("host", "evil.example")).to_request();
        let res = actix_test::call_service(&app, req).await;
        let csp = res.headers().get(header::CONTENT_SECURITY_POLICY).and_then(|v| v.to_str().ok());
        assert!(
            csp.is_some_and(|c| c.contains("frame-ancestors 'none'") && c.ends_with("connect-src 'self'"))
        );
        assert!(!csp.unwrap_or_default().contains("evil"));
        assert_eq!(res.headers().get(header::X_FRAME_OPTIONS).map(|v| v.as_bytes()), Some(&b"DENY"[..]));
    }

    #[test]
    fn the_policy_connects_to_what_the_operator_configured_never_to_the_request_s_host() {
        assert_eq!(connect_src("", "https://tyiyn.kg/"), "connect-src 'self' wss://tyiyn.kg");
        assert_eq!(connect_src("", "http://127.0.0.1:8080"), "connect-src 'self' ws://127.0.0.1:8080");
        assert_eq!(
            connect_src("wss://a.kg wss://b.kg", "https://tyiyn.kg"),
            "connect-src 'self' wss://a.kg wss://b.kg"
        );
        assert_eq!(connect_src("x' 'unsafe-inline", "https://tyiyn.kg"), "connect-src 'self'");
        assert_eq!(connect_src("", "ftp://x"), "connect-src 'self'");
    }
}
