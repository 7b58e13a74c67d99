//! Accounts: password hashing, sessions (cookie ⇄ user), login throttling, per-address limits,
//! and the extractors handlers use to require a user or an admin.

pub mod password;
pub mod rate_limit;
pub mod session;
pub mod throttle;

pub use session::{AdminUser, CurrentUser, MaybeUser};
