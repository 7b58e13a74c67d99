//! The request guards every route shares: bodies over the limit are refused (413), bodies that do
//! not arrive in time are cut (408), state-changing requests from another site are refused (403),
//! every error leaves in the error contract's shape, in the request's language, and every answer
//! carries the security headers.

use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll};
use std::time::Duration;

use actix_web::body::{BodySize, BoxBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::error::{JsonPayloadError, PathError, PayloadError, QueryPayloadError};
use actix_web::http::header::HeaderValue;
use actix_web::http::{Method, StatusCode, header};
use actix_web::middleware::Next;
use actix_web::web::Bytes;
use actix_web::{Error, HttpMessage, web};
use futures_util::Stream;

use crate::auth::session::{self, Sessions};
use crate::error::AppError;
use crate::i18n::{Lang, Msg};
use crate::state::AppState;

/// Applies the body limit and the Origin check, then renders any error in the request's language.
pub async fn contract(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    let state = req.app_data::<web::Data<AppState>>().cloned();
    let site_lang = state.as_ref().map(|s| s.core.site.lang()).unwrap_or_default();
    let lang = Lang::of_request(req.request(), site_lang);
    let limit = if req.path() == crate::images::UPLOAD_PATH {
        // A lot's picture (the route reads it against the same bound as it streams).
        crate::images::MAX_UPLOAD_BYTES
    } else {
        state.as_ref().map_or(64 * 1024, |s| s.core.config.server.body_limit_bytes)
    };

    let upgrade = req.headers().contains_key(header::UPGRADE);
    if content_length(&req).is_some_and(|len| len > limit) {
        return Ok(plain_if_upgrade(upgrade, req.into_response(AppError::PayloadTooLarge.render(lang))));
    }
    if is_cross_site(&req) {
        return Ok(plain_if_upgrade(upgrade, req.into_response(AppError::CrossSite.render(lang))));
    }

    // Only a body still to come is timed (never a socket's frames after its upgrade); one that
    // arrived with its headers, as a bid's does, never arms the timer.
    let has_body = content_length(&req).is_some_and(|len| len > 0)
        || req.headers().contains_key(header::TRANSFER_ENCODING);
    let mut held = None;
    if let Some(state) = state.as_ref().filter(|_| has_body && !upgrade) {
        let timeout = Duration::from_millis(state.core.config.server.body_timeout_ms);
        let payload = Rc::new(RefCell::new(req.take_payload()));
        held = Some(payload.clone());
        req.set_payload(Payload::from(Box::pin(Deadline::new(payload, timeout)) as Boxed));
    }
    let cookies = SessionCookies::of(&req);
    let res = next.call(req).await?;
    let Some(err) = res.response().error() else {
        let res = cookies.settle(res.map_into_boxed_body(), false);
        return Ok(plain_if_upgrade(upgrade, hold(res, held)));
    };
    // An `AppError` was logged when actix turned it into a response (`error_response`); only
    // actix's own errors are logged here, so each 500 is logged once.
    let rendered = match err.as_error::<AppError>() {
        Some(api) => api.render(lang),
        None => {
            let api = from_actix(err, res.status());
            api.log();
            api.render(lang)
        }
    };
    let signed_out = matches!(err.as_error::<AppError>(), Some(AppError::Unauthorized));
    let (req, _) = res.into_parts();
    let res = cookies.settle(ServiceResponse::new(req, rendered), signed_out);
    Ok(plain_if_upgrade(upgrade, hold(res, held)))
}

/// An answer's body that holds its request's body until actix has sent it all. A request body
/// still arriving then (a handler that reads none, as logout's, or one cut at its deadline) makes
/// actix close the connection after the answer; had it been dropped, actix would read a chunked
/// one to its end however slowly it came, holding the connection open as long as the sender likes.
struct Holding {
    body: BoxBody,
    _request_body: Rc<RefCell<Payload>>,
}

impl MessageBody for Holding {
    type Error = Box<dyn std::error::Error>;

    fn size(&self) -> BodySize {
        self.body.size()
    }

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Bytes, Self::Error>>> {
        Pin::new(&mut self.body).poll_next(cx)
    }
}

fn hold(res: ServiceResponse<BoxBody>, held: Option<Rc<RefCell<Payload>>>) -> ServiceResponse<BoxBody> {
    match held {
        Some(held) => res.map_body(|_, body| BoxBody::new(Holding { body, _request_body: held })),
        None => res,
    }
}

/// The session cookie and its script-readable hint (`session::HINT`) as a request brought them.
struct SessionCookies {
    session: bool,
    hint: bool,
}

impl SessionCookies {
    fn of(req: &ServiceRequest) -> SessionCookies {
        SessionCookies {
            session: req.cookie(session::COOKIE).is_some(),
            hint: req.cookie(session::HINT).is_some(),
        }
    }

    /// Keeps the hint beside the session cookie: a browser that holds a session (one from before
    /// the hint, say) gets the hint with its next answer, the page's own HTML included, so the web
    /// app knows to ask who is signed in; a session the server no longer knows (401
    /// `unauthorized`) is removed with its hint, so the app stops asking. An answer that sets the
    /// hint itself (login, logout) is left as it is.
    fn settle(self, mut res: ServiceResponse<BoxBody>, signed_out: bool) -> ServiceResponse<BoxBody> {
        if !self.session {
            return res;
        }
        let Some(sessions) = res.request().app_data::<web::Data<Sessions>>().cloned() else { return res };
        if res.status() == StatusCode::SWITCHING_PROTOCOLS
            || res.response().cookies().any(|c| c.name() == session::HINT)
        {
            return res;
        }
        let cookies = match (signed_out, self.hint) {
            (true, _) => vec![
                session::removal(res.request(), &sessions),
                session::hint(res.request(), &sessions, false),
            ],
            (false, false) => vec![session::hint(res.request(), &sessions, true)],
            (false, true) => return res,
        };
        for cookie in cookies {
            if let Err(e) = res.response_mut().add_cookie(&cookie) {
                tracing::warn!("setting the session hint: {e}");
            }
        }
        res
    }
}

/// A refused upgrade (a 429 for too many sockets, a 400, a 403) leaves uncompressed. actix-http
/// writes the body of an answer to an `Upgrade` request as raw bytes up to the connection's
/// close, yet `Compress` would declare it chunked: a client asking for gzip could not read the
/// answer. Marked `identity`, the compressor leaves it alone and it goes out with its length.
fn plain_if_upgrade(upgrade: bool, mut res: ServiceResponse<BoxBody>) -> ServiceResponse<BoxBody> {
    if upgrade && res.status() != StatusCode::SWITCHING_PROTOCOLS {
        res.headers_mut().insert(header::CONTENT_ENCODING, HeaderValue::from_static("identity"));
    }
    res
}

fn content_length(req: &ServiceRequest) -> Option<usize> {
    req.headers().get(header::CONTENT_LENGTH)?.to_str().ok()?.parse().ok()
}

/// A state-changing request (or a WebSocket handshake, which carries the session to a socket)
/// whose `Origin` (or, without one, `Sec-Fetch-Site` or `Referer`) names another site. A payment
/// provider's callback is exempt: it carries no session, and its signature is its authority.
fn is_cross_site(req: &ServiceRequest) -> bool {
    let upgrade = req.headers().contains_key(header::UPGRADE);
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) && !upgrade {
        return false;
    }
    if req.path().starts_with("/api/payments/callback/") {
        return false;
    }
    let host = || crate::client::host(req.request()).to_ascii_lowercase();
    if let Some(origin) = req.headers().get(header::ORIGIN) {
        return authority(origin).as_deref() != Some(host().as_str());
    }
    let fetch_site = req.headers().get("sec-fetch-site").and_then(|v| v.to_str().ok());
    if fetch_site.is_some_and(|v| v.eq_ignore_ascii_case("cross-site")) {
        return true;
    }
    // Without `Origin`, a `Referer` that names another site is as foreign (a browser that sends
    // neither, or a client that is no browser, is judged by its session alone).
    match req.headers().get(header::REFERER) {
        Some(referer) => authority(referer).as_deref() != Some(host().as_str()),
        None => false,
    }
}

/// The `host[:port]` of an `Origin` or `Referer` value, lowercased; `None` when it has none.
fn authority(value: &HeaderValue) -> Option<String> {
    let (_, rest) = value.to_str().ok()?.split_once("://")?;
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    Some(rest[..end].to_ascii_lowercase())
}

type Boxed = Pin<Box<dyn Stream<Item = Result<Bytes, PayloadError>>>>;

/// A request body that must arrive by a deadline: past it, the stream ends with a `TimedOut`
/// error, which the extractors' errors carry to [`timed_out`] (408, connection closed). The timer
/// is armed only when the body is not all there at the first read.
struct Deadline {
    inner: Rc<RefCell<Payload>>,
    deadline: tokio::time::Instant,
    sleep: Option<Pin<Box<tokio::time::Sleep>>>,
    done: bool,
}

impl Deadline {
    fn new(inner: Rc<RefCell<Payload>>, timeout: Duration) -> Deadline {
        Deadline { inner, deadline: tokio::time::Instant::now() + timeout, sleep: None, done: false }
    }
}

impl Stream for Deadline {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        if self.done {
            return Poll::Ready(None);
        }
        let next = Pin::new(&mut *self.inner.borrow_mut()).poll_next(cx);
        if let Poll::Ready(item) = next {
            self.done = item.is_none();
            return Poll::Ready(item);
        }
        let deadline = self.deadline;
        let sleep = self.sleep.get_or_insert_with(|| Box::pin(tokio::time::sleep_until(deadline)));
        if sleep.as_mut().poll(cx).is_ready() {
            self.done = true;
            let late = std::io::Error::new(std::io::ErrorKind::TimedOut, "request body timed out");
            return Poll::Ready(Some(Err(PayloadError::Io(late))));
        }
        Poll::Pending
    }
}

/// Whether a payload error is [`Deadline`]'s.
fn timed_out(err: &PayloadError) -> bool {
    matches!(err, PayloadError::Io(e) if e.kind() == std::io::ErrorKind::TimedOut)
}

/// Maps actix's own errors (extractors, routing) to the contract.
fn from_actix(err: &Error, status: StatusCode) -> AppError {
    if let Some(payload) = err.as_error::<PayloadError>() {
        return if timed_out(payload) {
            AppError::RequestTimeout
        } else {
            AppError::BadRequest(Msg::BadRequest)
        };
    }
    if let Some(json) = err.as_error::<JsonPayloadError>() {
        return match json {
            JsonPayloadError::Payload(p) if timed_out(p) => AppError::RequestTimeout,
            JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => {
                AppError::PayloadTooLarge
            }
            _ => AppError::BadRequest(Msg::BadRequest),
        };
    }
    if err.as_error::<PathError>().is_some() || err.as_error::<QueryPayloadError>().is_some() {
        return AppError::BadRequest(Msg::BadRequest);
    }
    match status {
        StatusCode::NOT_FOUND => AppError::NotFound(Msg::NotFound),
        StatusCode::METHOD_NOT_ALLOWED => AppError::BadRequest(Msg::MethodNotAllowed),
        StatusCode::PAYLOAD_TOO_LARGE => AppError::PayloadTooLarge,
        s if s.is_client_error() => AppError::BadRequest(Msg::BadRequest),
        _ => AppError::Internal(anyhow::anyhow!("{err}")),
    }
}

/// JSON extractor settings: the body limit, and errors kept as the contract's errors.
pub fn json_config(limit: usize) -> web::JsonConfig {
    web::JsonConfig::default().limit(limit).error_handler(|err, _req| {
        let api = match err {
            JsonPayloadError::Payload(ref p) if timed_out(p) => AppError::RequestTimeout,
            JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => {
                AppError::PayloadTooLarge
            }
            _ => AppError::BadRequest(Msg::BadRequest),
        };
        api.into()
    })
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
            web::get().to(|| async { Err::<HttpResponse, _>(AppError::Internal(anyhow::anyhow!("boom"))) }),
        ))
        .await;
        let res = actix_test::call_service(&app, actix_test::TestRequest::get().uri("/").to_request()).await;
        assert_eq!(res.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let text = String::from_utf8(logs.0.lock().expect("not poisoned").clone()).expect("utf-8");
        assert_eq!(text.matches("request failed").count(), 1, "{text}");
        assert!(text.contains("boom"), "the cause is logged: {text}");
    }
}
