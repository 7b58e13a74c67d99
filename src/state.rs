//! What the edge shares between requests: the use cases' [`Core`], the sessions, the throttles
//! and the sockets.

use std::sync::Arc;

use actix_web::web;

use crate::app::core::Core;
use crate::auth::rate_limit::RateLimit;
use crate::auth::session::Sessions;
use crate::auth::throttle::LoginThrottle;
use crate::ws::Realtime;

/// Application state behind `web::Data`.
pub struct AppState {
    /// What the use cases share (`crate::app::core`).
    pub core: Core,
    /// Sessions (also registered as their own `web::Data` for the extractors).
    pub sessions: web::Data<Sessions>,
    /// How often an address or an account may try things.
    pub throttles: Throttles,
    /// Where socket sessions register (the upgrade route hands it to each session).
    pub realtime: Realtime,
    /// With leases (several nodes): how to hand this node's auctions over.
    pub drain: Option<crate::cluster::Drain>,
    /// Set once this server is told to stop: every answer from then on closes its connection
    /// (`Connection: close`), so that clients stop reusing it before the listener goes away.
    pub stopping: Arc<std::sync::atomic::AtomicBool>,
}

/// The edge's throttles: logins, sign-ups, availability checks and phone codes.
pub struct Throttles {
    /// Failed logins per account, per address and per pair (docs/rules/security.md, "Account protection").
    pub login: LoginThrottle,
    /// Accounts created per client address.
    pub registrations: RateLimit,
    /// Availability checks (username, email) per client address.
    pub checks: RateLimit,
    /// SMS codes sent per client address (`throttle.phone_code_max` per window).
    pub phone_codes: RateLimit,
}
