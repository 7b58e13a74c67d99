//! What a use case fails with: [`AppError`], a code and the words for the user (in every
//! language), and for a refused form each field's message. Nothing here speaks HTTP: the one
//! place that maps an error to its status, body and headers is `crate::answer`, at the edge.
//! Every non-2xx answer is `{"error", "code", "fields"?}` with the message in the request's
//! language.

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

/// Everything a use case or a handler can fail with; each variant has one documented status
/// (`crate::answer` gives it).
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// 400 (or 409 for `conflict`): invalid fields, each with its own message.
    #[error("invalid input: {fields:?}")]
    Invalid {
        /// The fields conflict with what exists (a username that is taken): 409, else 400.
        conflict: bool,
        fields: Vec<(&'static str, Msg)>,
    },
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

impl AppError {
    /// 400 with one field error.
    pub fn invalid(field: &'static str, msg: Msg) -> AppError {
        AppError::Invalid { conflict: false, fields: vec![(field, msg)] }
    }

    /// 409 with one field error (e.g. a username that is taken).
    pub fn taken(field: &'static str, msg: Msg) -> AppError {
        AppError::Invalid { conflict: true, fields: vec![(field, msg)] }
    }

    /// 400 from a list of field errors, or `Ok` when the list is empty.
    pub fn check(fields: Vec<(&'static str, Msg)>) -> Result<(), AppError> {
        if fields.is_empty() { Ok(()) } else { Err(AppError::Invalid { conflict: false, fields }) }
    }

    /// The error's `code`, as its JSON body says it (the metrics label refusals by it).
    pub fn code(&self) -> &'static str {
        self.msg().code()
    }

    fn msg(&self) -> Msg {
        match self {
            AppError::Invalid { fields, .. } if fields.len() == 1 => fields[0].1,
            AppError::Invalid { .. } => Msg::ValidationFailed,
            AppError::BadRequest(m)
            | AppError::NotFound(m)
            | AppError::Conflict(m)
            | AppError::Refused(m) => *m,
            AppError::TooManyRequests { msg, .. } => *msg,
            AppError::Unauthorized => Msg::Unauthorized,
            AppError::InvalidCredentials => Msg::InvalidCredentials,
            AppError::Forbidden => Msg::Forbidden,
            AppError::CrossSite => Msg::CrossSite,
            AppError::PayloadTooLarge => Msg::PayloadTooLarge,
            AppError::RequestTimeout => Msg::RequestTimeout,
            AppError::Unavailable(_) => Msg::Unavailable,
            AppError::Suspended(m) => *m,
            AppError::Internal(_) => Msg::Internal,
        }
    }

    /// Logs a 500's cause chain (error) or a 503's cause (warning); other errors are the client's
    /// and are not logged. Called once per failed request: by [`ResponseError::error_response`]
    /// when actix turns a handler's error into its answer, or by the middleware for errors that
    /// are not `AppError`s.
    pub fn log(&self) {
        match self {
            AppError::Internal(cause) => {
                tracing::error!(error = format!("{cause:#}"), "request failed")
            }
            AppError::Unavailable(cause) => tracing::warn!(%cause, "dependency unavailable"),
            _ => {}
        }
    }

    /// The JSON body in `lang`.
    pub fn body(&self, lang: Lang) -> ErrorBody {
        let msg = self.msg();
        let fields = match self {
            AppError::Invalid { fields, .. } => {
                Some(fields.iter().map(|(f, m)| (*f, m.text(lang))).collect())
            }
            _ => None,
        };
        ErrorBody { error: msg.text(lang), code: msg.code(), fields }
    }

    /// The `Retry-After` seconds the answer carries, if any.
    pub fn retry_after_secs(&self) -> Option<u64> {
        match self {
            AppError::TooManyRequests { retry_after_secs, .. } => Some(*retry_after_secs),
            // The monitor probes the database several times a second: try again soon.
            AppError::Unavailable(_) | AppError::Suspended(_) => Some(1),
            _ => None,
        }
    }
}

impl From<tokio_postgres::Error> for AppError {
    fn from(err: tokio_postgres::Error) -> AppError {
        if let Some(db) = err.as_db_error() {
            if let Some(mapped) = constraint_error(db.constraint()) {
                return mapped;
            }
            // Two identical requests at the same instant: the one that lost met a unique key or a
            // lock the other held. Each such key a route can reach has its own answer above; this
            // is the net under them (docs/rules/concurrency.md, "Concurrency"): 409, never 500.
            let code = db.code();
            if *code == SqlState::UNIQUE_VIOLATION
                || *code == SqlState::T_R_SERIALIZATION_FAILURE
                || *code == SqlState::T_R_DEADLOCK_DETECTED
            {
                tracing::warn!(constraint = db.constraint(), %err, "concurrent change refused");
                return AppError::Conflict(Msg::ChangedMeanwhile);
            }
            // Input PostgreSQL cannot store or read (a NUL byte, a number out of range, text that is
            // not a value of its type) is the client's mistake: 400, and nothing was written.
            if *code == SqlState::CHARACTER_NOT_IN_REPERTOIRE
                || *code == SqlState::NUMERIC_VALUE_OUT_OF_RANGE
                || *code == SqlState::INVALID_TEXT_REPRESENTATION
                || *code == SqlState::DATETIME_FIELD_OVERFLOW
                || *code == SqlState::STRING_DATA_RIGHT_TRUNCATION
            {
                return AppError::BadRequest(Msg::BadRequest);
            }
            // The server going away or refusing connections (classes 08, 53 and 57: connection
            // exception, insufficient resources, operator intervention) is an outage, not a bug.
            if ["08", "53", "57"].iter().any(|class| code.code().starts_with(class)) {
                return AppError::Unavailable(err.to_string());
            }
        }
        let io = std::error::Error::source(&err).is_some_and(|s| s.is::<std::io::Error>());
        if err.is_closed() || io {
            return AppError::Unavailable(err.to_string());
        }
        AppError::Internal(anyhow::Error::new(err))
    }
}

impl From<deadpool_postgres::PoolError> for AppError {
    fn from(err: deadpool_postgres::PoolError) -> AppError {
        match err {
            deadpool_postgres::PoolError::Backend(e) => e.into(),
            other => AppError::Unavailable(other.to_string()),
        }
    }
}

/// Maps the name of a violated constraint to the user-facing error it stands for.
pub fn constraint_error(constraint: Option<&str>) -> Option<AppError> {
    match constraint? {
        "app_user_username_key" => Some(AppError::taken("username", Msg::UsernameTaken)),
        "app_user_email_key" => Some(AppError::taken("email", Msg::EmailTaken)),
        "app_user_username_skeleton_key" => Some(AppError::taken("username", Msg::UsernameConfusable)),
        // One claim per participant and auction: a second Buy It Now of the same item.
        "claim_auction_user_key" => Some(AppError::Conflict(Msg::BuyNowTaken)),
        // One account per confirmed number: two accounts confirming one number at once.
        "phone_owner_pkey" => Some(AppError::taken("phone", Msg::PhoneTaken)),
        _ => None,
    }
}

/// The API error for a refused bid or pre-bid.
impl From<BidRejected> for AppError {
    fn from(err: BidRejected) -> AppError {
        match err {
            BidRejected::AuctionNotLive => AppError::Conflict(Msg::AuctionNotLive),
            BidRejected::AuctionNotUpcoming => AppError::Conflict(Msg::AuctionNotUpcoming),
            BidRejected::AuctionFinished => AppError::Conflict(Msg::AuctionFinished),
            BidRejected::DeadlinePassed => AppError::Conflict(Msg::DeadlinePassed),
            BidRejected::AlreadyLeader => AppError::Conflict(Msg::AlreadyLeader),
            BidRejected::InsufficientBids => AppError::Conflict(Msg::InsufficientBids),
            BidRejected::LimitReached => AppError::Conflict(Msg::LimitReached),
            BidRejected::BiddingPaused => AppError::Conflict(Msg::BiddingPaused),
            BidRejected::BeginnersOnly => AppError::Conflict(Msg::BeginnersOnly),
            BidRejected::WinLimitReached => AppError::Conflict(Msg::WinLimitReached),
            BidRejected::NoNewBidders => AppError::Conflict(Msg::NoNewBidders),
            BidRejected::HouseRuleClosed => AppError::Conflict(Msg::HouseRuleClosed),
            BidRejected::AlreadyPrebid => AppError::Conflict(Msg::AlreadyPrebid),
            BidRejected::TooFast { retry_after_ms } => AppError::TooManyRequests {
                msg: Msg::TooFast,
                retry_after_secs: (retry_after_ms.max(1) as u64).div_ceil(1000),
            },
            BidRejected::AuctionNotFound => AppError::NotFound(Msg::AuctionNotFound),
            BidRejected::StoreUnavailable => AppError::Unavailable("auction store".into()),
            BidRejected::AuctionPaused => AppError::Suspended(Msg::AuctionPaused),
            BidRejected::OutcomeUnknown => AppError::Suspended(Msg::BidOutcomeUnknown),
        }
    }
}

/// The API error for a refused admin command.
impl From<ControlError> for AppError {
    fn from(err: ControlError) -> AppError {
        match err {
            ControlError::AuctionNotLive => AppError::Conflict(Msg::AuctionNotLive),
            ControlError::AuctionNotUpcoming => AppError::Conflict(Msg::AuctionNotUpcoming),
            ControlError::AuctionFinished => AppError::Conflict(Msg::AuctionFinished),
            ControlError::AuctionNotFound => AppError::NotFound(Msg::AuctionNotFound),
            ControlError::StoreUnavailable => AppError::Unavailable("auction store".into()),
            ControlError::NotAdmitted(why) => why.into(),
            ControlError::ReserveNeedsBot => AppError::Conflict(Msg::ReserveNeedsBot),
        }
    }
}

/// The API error for a refused change of an auction's bots.
impl From<BotError> for AppError {
    fn from(err: BotError) -> AppError {
        match err {
            BotError::AlreadyAssigned => AppError::Conflict(Msg::BotAlreadyAssigned),
            BotError::NotAssigned => AppError::NotFound(Msg::BotNotAssigned),
            BotError::BotUnavailable => AppError::Conflict(Msg::BotInactive),
            BotError::Control(e) => AppError::from(e),
        }
    }
}
