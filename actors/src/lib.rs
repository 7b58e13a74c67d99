//! Tyiyn's auction runtime: one actor per upcoming or live auction, supervised by a registry.
//!
//! - [`ids`], [`clock`]: newtypes and the one clock tests drive.
//! - [`rules`], [`state`]: the pure bidding rules ([`state::AuctionState`]), no I/O, no actix;
//!   [`errors`]: why a bid or a control message is refused.
//! - [`snapshot`]: an auction as stored, which the rules' state is rebuilt from; [`record`]: what a
//!   bid and a finished auction leave on record. Both sit below [`state`], [`store`] and [`view`].
//! - [`store`]: the persistence trait the server implements with PostgreSQL, and an in-memory one.
//! - [`auction`]: the actor that owns an auction; [`registry`]: the supervisor that starts them.
//! - [`bots`]: automatic bidders: assignments, the global settings, the choices each auction makes.
//! - [`autobid`]: users' auto-bidders: their orders and whose turn it is.
//! - [`fairness`]: beginner auctions, win limits and no new bidders, with the shared wins.
//! - [`outlets`], [`view`]: what actors publish and how it serializes; [`slug`]: auction URLs.
//! - `sim` (feature `sim`): the seeded, deterministic simulation of the whole runtime.
//!
//! No web framework, no SQL, no config loader here: the server crate depends on this one, never
//! the reverse.

#![warn(missing_docs)]

pub mod auction;
pub mod autobid;
pub mod bots;
pub mod clock;
pub mod errors;
pub mod fairness;
pub mod ids;
pub mod outlets;
pub mod record;
pub mod registry;
pub mod remote;
pub mod rules;
#[cfg(feature = "sim")]
pub mod sim;
pub mod slug;
pub mod snapshot;
pub mod state;
pub mod store;
pub mod view;

pub use auction::{AuctionActor, Env};
pub use clock::{Clock, ManualClock, TokioClock, UnixMillis};
pub use errors::{BidRejected, ControlError};
pub use ids::{AuctionId, BidId, BotId, PrebidId, Tyiyn, UserId};
pub use registry::{Directory, Registry};
pub use rules::{Bidder, BidderId, Rules};
pub use snapshot::AuctionStatus;
pub use state::AuctionState;
