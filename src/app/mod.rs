//! The use cases: one module per resource or flow. A use case owns its transaction and its
//! after-commit effects; it takes narrow handles (the pool, the auction directory, the
//! [`effects::Effects`] port, the payment provider) rather than the whole application state, so
//! it runs without actix-web (`tests/api/use_cases.rs` calls it directly against PostgreSQL). Routes
//! (`crate::routes`) extract and validate a request, call one use case and render its answer.
//!
//! Direction: `routes` → `app` → `db`, `runtime`, `payments`, `effects` (→ `ws::hub`). Nothing
//! here imports `routes` or `state`.

pub mod accounts;
pub mod assignments;
pub mod auctions;
pub mod audit;
pub mod autobid;
pub mod bidding;
pub mod bots;
pub mod buy_now;
pub mod claims;
pub mod effects;
pub mod limits;
pub mod orders;
pub mod outbox;
pub mod packages;
pub mod payments;
pub mod phone;
pub mod promotion;
pub mod seed;
pub mod settings;
pub mod telegram;
pub mod users;
pub mod watchlist;
