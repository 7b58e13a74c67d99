//! The use cases: one module per resource or flow. A use case owns its transaction and its
//! after-commit effects; it takes narrow handles (the pool, the auction directory, the
//! [`effects::Effects`] port, the payment provider) rather than the whole application state, so
//! it runs without actix-web (`tests/api/use_cases.rs` calls it directly against PostgreSQL). Routes
//! (`crate::routes`) extract and validate a request, call one use case and render its answer.
//!
//! Direction: `routes` → `app` → `db`, `runtime`, `payments`, `effects` (→ `ws::hub`). Nothing
//! here imports `routes` or `state`.

use std::future::Future;
use std::time::Duration;

/// Runs `job` every `every` (at least 10 ms) on the server's runtime, for as long as it runs; a
/// run that fails is logged as `what` and the next tick tries again. The sweepers of won items
/// and of the watchlist run so.
pub(crate) fn every<F, Fut, E>(every: Duration, what: &'static str, mut job: F)
where
    F: FnMut() -> Fut + 'static,
    Fut: Future<Output = Result<(), E>>,
    E: std::fmt::Display,
{
    actix::spawn(async move {
        let mut ticks = tokio::time::interval(every.max(Duration::from_millis(10)));
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            if let Err(e) = job().await {
                tracing::warn!(error = format!("{e:#}"), "{what} failed; retrying at the next tick");
            }
        }
    });
}

/// Commits a use case's transaction. A commit whose answer was lost (the connection or the
/// database died meanwhile) may have happened: the answer says so (503 `commit_unknown`), never
/// that nothing changed (docs/rules/outages.md, "A commit whose answer is lost").
pub(crate) async fn commit(tx: deadpool_postgres::Transaction<'_>) -> Result<(), crate::error::AppError> {
    tx.commit().await.map_err(|e| {
        if crate::db::doubt::answer_lost(&e) {
            tracing::warn!(error = %e, "a commit's answer was lost");
            metrics::counter!(crate::metrics::COMMITS_IN_DOUBT).increment(1);
            crate::error::AppError::Suspended(crate::i18n::Msg::CommitUnknown)
        } else {
            e.into()
        }
    })
}

pub mod accounts;
pub mod assignments;
pub mod auctions;
pub mod audit;
pub mod autobid;
pub mod bidding;
pub mod bots;
pub mod buy_now;
pub mod buying;
pub mod claims;
pub mod cluster;
pub mod core;
pub mod effects;
pub mod elsewhere;
pub mod images;
pub mod limits;
pub mod listings;
pub mod notices;
pub mod orders;
pub mod outbox;
pub mod packages;
pub mod payments;
pub mod phone;
pub mod promotion;
pub mod provider;
pub mod push;
pub mod qr;
pub mod refund;
pub mod seed;
pub mod sending;
pub mod settings;
pub mod telegram;
pub mod users;
pub mod watchlist;
