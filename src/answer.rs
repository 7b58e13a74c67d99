//! Where a use case's error meets HTTP, in one place: each [`AppError`]'s status, and its answer
//! (the JSON body in the request's language, `Retry-After`, a forced close after a body that timed
//! out). Handlers return `AppError`; actix calls [`ResponseError`] once per failed handler or
//! extractor, and the middleware re-renders the body once the request's language is known.

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, ResponseError};

use crate::error::AppError;
use crate::i18n::Lang;

impl AppError {
    /// The JSON body and headers in `lang` (logs nothing: see [`AppError::log`]).
    pub fn render(&self, lang: Lang) -> HttpResponse {
        let mut builder = HttpResponse::build(self.status_code());
        if matches!(self, AppError::RequestTimeout) {
            // The rest of the body may still be on its way: this connection cannot carry another.
            builder.force_close();
        }
        let mut res = builder.json(self.body(lang));
        if let Some(secs) = self.retry_after_secs() {
            res.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        res
    }
}

impl ResponseError for AppError {
    fn status_code(&self) -> StatusCode {
        match self {
            AppError::Invalid { conflict: true, .. } => StatusCode::CONFLICT,
            AppError::Invalid { .. } => StatusCode::BAD_REQUEST,
            AppError::BadRequest(_) => StatusCode::BAD_REQUEST,
            AppError::Unauthorized | AppError::InvalidCredentials => StatusCode::UNAUTHORIZED,
            AppError::Forbidden | AppError::CrossSite | AppError::Refused(_) => StatusCode::FORBIDDEN,
            AppError::NotFound(_) => StatusCode::NOT_FOUND,
            AppError::Conflict(_) => StatusCode::CONFLICT,
            AppError::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::RequestTimeout => StatusCode::REQUEST_TIMEOUT,
            AppError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            AppError::Unavailable(_) | AppError::Suspended(_) => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        // actix calls this once per failed handler (or extractor); the middleware then re-renders
        // the body in the request's language without logging again.
        self.log();
        self.render(Lang::Ru)
    }
}
