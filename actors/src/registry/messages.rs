//! The messages the [`Registry`](super::Registry) answers.

use std::marker::PhantomData;

use actix::prelude::*;

use crate::auction::AuctionActor;
use crate::clock::Clock;
use crate::errors::ControlError;
use crate::ids::AuctionId;
use crate::store::{AuctionStore, NewAuction};
use crate::view::AuctionInfo;

/// Return the running actor of auction `id`, restarting it from the store if it died.
#[derive(Debug)]
pub struct Lookup<S, C> {
    /// Which auction.
    pub id: AuctionId,
    _types: PhantomData<fn() -> (S, C)>,
}

impl<S, C> Lookup<S, C> {
    /// A lookup of `id`.
    pub fn new(id: AuctionId) -> Self {
        Lookup { id, _types: PhantomData }
    }
}

impl<S: AuctionStore, C: Clock> Message for Lookup<S, C> {
    type Result = Option<Addr<AuctionActor<S, C>>>;
}

/// Create an upcoming auction in the store and start its actor.
#[derive(Debug, Clone, Message)]
#[rtype(result = "Result<AuctionInfo, ControlError>")]
pub struct CreateAuction {
    /// The admin form.
    pub new: NewAuction,
}

/// (Re)start auction `id` from the store (e.g. after the server changed its rows directly);
/// answers whether it is running now.
#[derive(Debug, Clone, Copy, Message)]
#[rtype(result = "bool")]
pub struct Reload {
    /// Which auction.
    pub id: AuctionId,
}

/// Return every running auction, ordered by id (for lists and `GET /api/timers`).
#[derive(Debug, Clone, Copy, Message)]
#[rtype(result = "Vec<AuctionInfo>")]
pub struct ListViews;

/// Run auction `id` here: this node has just taken its lease (several nodes). Loaded from the
/// store like a restart: nobody could bid on it since `down_since` (when its previous owner was
/// last known to hold it), so a deadline that fell meanwhile gives its countdown back. Answers
/// whether it runs (`false`: finished or gone).
#[derive(Debug, Clone, Copy, Message)]
#[rtype(result = "bool")]
pub struct Adopt {
    /// Which auction.
    pub id: AuctionId,
    /// Since when nobody could bid on it (`None`: it was running a moment ago, e.g. a hand-over).
    pub down_since: Option<crate::clock::UnixMillis>,
}

/// Stop running auction `id` here (its lease moved or is handed over): the actor steps down
/// without a word to the store, and is not reloaded.
#[derive(Debug, Clone, Copy, Message)]
#[rtype(result = "()")]
pub struct Release {
    /// Which auction.
    pub id: AuctionId,
}

/// Which auctions run here, by id.
#[derive(Debug, Clone, Copy, Message)]
#[rtype(result = "Vec<AuctionId>")]
pub struct Running;
