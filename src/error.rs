//! The error contract: every non-2xx answer is `{"error", "code", "fields"?}` with the message in
//! the request's language. Handlers return [`ApiError`]; the middleware layer renders
//! it (and actix's own extractor errors) once the request's language is known.

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, ResponseError};
use std::collections::BTreeMap;

use serde::Serialize;
use utoipa::ToSchema;

use crate::i18n::{Lang, Msg};
use tokio_postgres::error::SqlState;
use tyiyn_actors::bots::BotError;
use tyiyn_actors::{BidRejected, ControlError};

/// The body of every non-2xx answer.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Error, example = json!({"error": "Аукцион не найден", "code": "auction_not_found"}))]
pub struct ErrorBody {
    /// The message in the request's language.
    pub error: &'static str,
    /// The stable machine-readable code.
    #[schema(example = "auction_not_found")]
    pub code: &'static str,
    /// Per-field messages, for validation errors only.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = json!({"username": "Логин должен содержать минимум 3 символа"}))]
    pub fields: Option<BTreeMap<&'static str, &'static str>>,
}

/// Everything a handler can fail with; each variant has one documented status.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 400 (or 409 for `conflict`): invalid fields, each with its own message.
    #[error("invalid input: {fields:?}")]
    Invalid { status: StatusCode, fields: Vec<(&'static str, Msg)> },
    /// 400: the request itself is malformed.
    #[error("bad request: {0:?}")]
    BadRequest(Msg),
    /// 401: not logged in.
    #[error("not logged in")]
    Unauthorized,
    /// 401: wrong username or password.
    #[error("invalid credentials")]
    InvalidCredentials,
    /// 403: logged in but not allowed.
    #[error("forbidden")]
    Forbidden,
    /// 403 with its own message: logged in, but a step is missing first (`phone_not_verified`).
    #[error("refused: {0:?}")]
    Refused(Msg),
    /// 403: a state-changing request from another site.
    #[error("cross-site request")]
    CrossSite,
    /// 404.
    #[error("not found: {0:?}")]
    NotFound(Msg),
    /// 409: conflicts with the current state.
    #[error("conflict: {0:?}")]
    Conflict(Msg),
    /// 408: the request's body did not arrive within `server.body_timeout_secs`.
    #[error("request body timed out")]
    RequestTimeout,
    /// 413: request body over the limit.
    #[error("payload too large")]
    PayloadTooLarge,
    /// 429: too fast; retry after the given seconds.
    #[error("too many requests: {msg:?}")]
    TooManyRequests { msg: Msg, retry_after_secs: u64 },
    /// 503: a dependency (PostgreSQL) is down.
    #[error("service unavailable: {0}")]
    Unavailable(String),
    /// 503 with its own message: the auction's countdown is paused while the database is down
    /// (`auction_paused`, nothing was charged), or a bid's outcome is unknown.
    #[error("unavailable: {0:?}")]
    Suspended(Msg),
    /// 500: an unexpected failure; the cause is logged, the body is opaque.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl ApiError {
    /// 400 with one field error.
    pub fn invalid(field: &'static str, msg: Msg) -> ApiError {
        ApiError::Invalid { status: StatusCode::BAD_REQUEST, fields: vec![(field, msg)] }
    }

    /// 409 with one field error (e.g. a username that is taken).
    pub fn taken(field: &'static str, msg: Msg) -> ApiError {
        ApiError::Invalid { status: StatusCode::CONFLICT, fields: vec![(field, msg)] }
    }

    /// 400 from a list of field errors, or `Ok` when the list is empty.
    pub fn check(fields: Vec<(&'static str, Msg)>) -> Result<(), ApiError> {
        if fields.is_empty() {
            Ok(())
        } else {
            Err(ApiError::Invalid { status: StatusCode::BAD_REQUEST, fields })
        }
    }

    /// The error's `code`, as its JSON body says it (the metrics label refusals by it).
    pub fn code(&self) -> &'static str {
        self.msg().code()
    }

    fn msg(&self) -> Msg {
        match self {
            ApiError::Invalid { fields, .. } if fields.len() == 1 => fields[0].1,
            ApiError::Invalid { .. } => Msg::ValidationFailed,
            ApiError::BadRequest(m)
            | ApiError::NotFound(m)
            | ApiError::Conflict(m)
            | ApiError::Refused(m) => *m,
            ApiError::TooManyRequests { msg, .. } => *msg,
            ApiError::Unauthorized => Msg::Unauthorized,
            ApiError::InvalidCredentials => Msg::InvalidCredentials,
            ApiError::Forbidden => Msg::Forbidden,
            ApiError::CrossSite => Msg::CrossSite,
            ApiError::PayloadTooLarge => Msg::PayloadTooLarge,
            ApiError::RequestTimeout => Msg::RequestTimeout,
            ApiError::Unavailable(_) => Msg::Unavailable,
            ApiError::Suspended(m) => *m,
            ApiError::Internal(_) => Msg::Internal,
        }
    }

    /// Logs a 500's cause chain (error) or a 503's cause (warning); other errors are the client's
    /// and are not logged. Called once per failed request: by [`ResponseError::error_response`]
    /// when actix turns a handler's error into its answer, or by the middleware for errors that
    /// are not `ApiError`s.
    pub fn log(&self) {
        match self {
            ApiError::Internal(cause) => {
                tracing::error!(error = format!("{cause:#}"), "request failed")
            }
            ApiError::Unavailable(cause) => tracing::warn!(%cause, "dependency unavailable"),
            _ => {}
        }
    }

    /// The JSON body in `lang`.
    pub fn body(&self, lang: Lang) -> ErrorBody {
        let msg = self.msg();
        let fields = match self {
            ApiError::Invalid { fields, .. } => {
                Some(fields.iter().map(|(f, m)| (*f, m.text(lang))).collect())
            }
            _ => None,
        };
        ErrorBody { error: msg.text(lang), code: msg.code(), fields }
    }

    /// The `Retry-After` seconds the answer carries, if any.
    pub fn retry_after_secs(&self) -> Option<u64> {
        match self {
            ApiError::TooManyRequests { retry_after_secs, .. } => Some(*retry_after_secs),
            // The monitor probes the database several times a second: try again soon.
            ApiError::Unavailable(_) | ApiError::Suspended(_) => Some(1),
            _ => None,
        }
    }

    /// The JSON body and headers in `lang` (logs nothing: see [`ApiError::log`]).
    pub fn render(&self, lang: Lang) -> HttpResponse {
        let mut builder = HttpResponse::build(self.status_code());
        if matches!(self, ApiError::RequestTimeout) {
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

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            ApiError::Invalid { status, .. } => *status,
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized | ApiError::InvalidCredentials => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden | ApiError::CrossSite | ApiError::Refused(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::RequestTimeout => StatusCode::REQUEST_TIMEOUT,
            ApiError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Unavailable(_) | ApiError::Suspended(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        // actix calls this once per failed handler (or extractor); the middleware then re-renders
        // the body in the request's language without logging again.
        self.log();
        self.render(Lang::Ru)
    }
}

impl From<tokio_postgres::Error> for ApiError {
    fn from(err: tokio_postgres::Error) -> ApiError {
        if let Some(db) = err.as_db_error() {
            if let Some(mapped) = constraint_error(db.constraint()) {
                return mapped;
            }
            // Two identical requests at the same instant: the one that lost met a unique key or a
            // lock the other held. Each such key a route can reach has its own answer above; this
            // is the net under them (docs/decisions.md, "Concurrency"): 409, never 500.
            let code = db.code();
            if *code == SqlState::UNIQUE_VIOLATION
                || *code == SqlState::T_R_SERIALIZATION_FAILURE
                || *code == SqlState::T_R_DEADLOCK_DETECTED
            {
                tracing::warn!(constraint = db.constraint(), %err, "concurrent change refused");
                return ApiError::Conflict(Msg::ChangedMeanwhile);
            }
            // Input PostgreSQL cannot store or read (a NUL byte, a number out of range, text that is
            // not a value of its type) is the client's mistake: 400, and nothing was written.
            if *code == SqlState::CHARACTER_NOT_IN_REPERTOIRE
                || *code == SqlState::NUMERIC_VALUE_OUT_OF_RANGE
                || *code == SqlState::INVALID_TEXT_REPRESENTATION
                || *code == SqlState::DATETIME_FIELD_OVERFLOW
                || *code == SqlState::STRING_DATA_RIGHT_TRUNCATION
            {
                return ApiError::BadRequest(Msg::BadRequest);
            }
            // The server going away or refusing connections (classes 08, 53 and 57: connection
            // exception, insufficient resources, operator intervention) is an outage, not a bug.
            if ["08", "53", "57"].iter().any(|class| code.code().starts_with(class)) {
                return ApiError::Unavailable(err.to_string());
            }
        }
        let io = std::error::Error::source(&err).is_some_and(|s| s.is::<std::io::Error>());
        if err.is_closed() || io {
            return ApiError::Unavailable(err.to_string());
        }
        ApiError::Internal(anyhow::Error::new(err))
    }
}

impl From<deadpool_postgres::PoolError> for ApiError {
    fn from(err: deadpool_postgres::PoolError) -> ApiError {
        match err {
            deadpool_postgres::PoolError::Backend(e) => e.into(),
            other => ApiError::Unavailable(other.to_string()),
        }
    }
}

/// Maps the name of a violated constraint to the user-facing error it stands for.
pub fn constraint_error(constraint: Option<&str>) -> Option<ApiError> {
    match constraint? {
        "app_user_username_key" => Some(ApiError::taken("username", Msg::UsernameTaken)),
        "app_user_email_key" => Some(ApiError::taken("email", Msg::EmailTaken)),
        "app_user_username_skeleton_key" => Some(ApiError::taken("username", Msg::UsernameConfusable)),
        // One claim per participant and auction: a second Buy It Now of the same item.
        "claim_auction_user_key" => Some(ApiError::Conflict(Msg::BuyNowTaken)),
        // One account per confirmed number: two accounts confirming one number at once.
        "phone_owner_pkey" => Some(ApiError::taken("phone", Msg::PhoneTaken)),
        _ => None,
    }
}

/// The API error for a refused bid or pre-bid.
impl From<BidRejected> for ApiError {
    fn from(err: BidRejected) -> ApiError {
        match err {
            BidRejected::AuctionNotLive => ApiError::Conflict(Msg::AuctionNotLive),
            BidRejected::AuctionNotUpcoming => ApiError::Conflict(Msg::AuctionNotUpcoming),
            BidRejected::AuctionFinished => ApiError::Conflict(Msg::AuctionFinished),
            BidRejected::DeadlinePassed => ApiError::Conflict(Msg::DeadlinePassed),
            BidRejected::AlreadyLeader => ApiError::Conflict(Msg::AlreadyLeader),
            BidRejected::InsufficientBids => ApiError::Conflict(Msg::InsufficientBids),
            BidRejected::LimitReached => ApiError::Conflict(Msg::LimitReached),
            BidRejected::BiddingPaused => ApiError::Conflict(Msg::BiddingPaused),
            BidRejected::BeginnersOnly => ApiError::Conflict(Msg::BeginnersOnly),
            BidRejected::WinLimitReached => ApiError::Conflict(Msg::WinLimitReached),
            BidRejected::NoNewBidders => ApiError::Conflict(Msg::NoNewBidders),
            BidRejected::HouseRuleClosed => ApiError::Conflict(Msg::HouseRuleClosed),
            BidRejected::AlreadyPrebid => ApiError::Conflict(Msg::AlreadyPrebid),
            BidRejected::TooFast { retry_after_ms } => ApiError::TooManyRequests {
                msg: Msg::TooFast,
                retry_after_secs: (retry_after_ms.max(1) as u64).div_ceil(1000),
            },
            BidRejected::AuctionNotFound => ApiError::NotFound(Msg::AuctionNotFound),
            BidRejected::StoreUnavailable => ApiError::Unavailable("auction store".into()),
            BidRejected::AuctionPaused => ApiError::Suspended(Msg::AuctionPaused),
            BidRejected::OutcomeUnknown => ApiError::Suspended(Msg::BidOutcomeUnknown),
        }
    }
}

/// The API error for a refused admin command.
impl From<ControlError> for ApiError {
    fn from(err: ControlError) -> ApiError {
        match err {
            ControlError::AuctionNotLive => ApiError::Conflict(Msg::AuctionNotLive),
            ControlError::AuctionNotUpcoming => ApiError::Conflict(Msg::AuctionNotUpcoming),
            ControlError::AuctionFinished => ApiError::Conflict(Msg::AuctionFinished),
            ControlError::AuctionNotFound => ApiError::NotFound(Msg::AuctionNotFound),
            ControlError::StoreUnavailable => ApiError::Unavailable("auction store".into()),
            ControlError::NotAdmitted(why) => why.into(),
            ControlError::ReserveNeedsBot => ApiError::Conflict(Msg::ReserveNeedsBot),
        }
    }
}

/// The API error for a refused change of an auction's bots.
impl From<BotError> for ApiError {
    fn from(err: BotError) -> ApiError {
        match err {
            BotError::AlreadyAssigned => ApiError::Conflict(Msg::BotAlreadyAssigned),
            BotError::NotAssigned => ApiError::NotFound(Msg::BotNotAssigned),
            BotError::BotUnavailable => ApiError::Conflict(Msg::BotInactive),
            BotError::Control(e) => ApiError::from(e),
        }
    }
}
