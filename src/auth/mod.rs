//! Accounts: password hashing, sessions (cookie ⇄ user), login throttling, per-address limits,
//! and the extractors handlers use to require a user or an admin.

pub mod extract;
pub mod lifetime;
pub mod password;
pub mod rate_limit;
pub mod session;
pub mod throttle;

pub use extract::{AdminUser, CurrentUser, MaybeUser};
