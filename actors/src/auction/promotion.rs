//! The promoted auction (the home page's hero follows it): at most one. Promoting an auction
//! clears the previously promoted one in the same store transaction; whoever asked then tells
//! that auction's actor with [`ForgetPromotion`] (on whichever node runs it), so its viewers learn
//! it too.

use actix::prelude::*;
use serde::{Deserialize, Serialize};

use super::AuctionActor;
use crate::clock::Clock;
use crate::errors::ControlError;
use crate::ids::AuctionId;
use crate::store::AuctionStore;
use crate::view::{AuctionInfo, EventKind};

/// Admin: promote this auction, or stop promoting it. Answered once the store has it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Message, Serialize, Deserialize)]
#[rtype(result = "Result<Promoted, ControlError>")]
pub struct SetPromoted {
    /// The new flag.
    pub promoted: bool,
}

/// What [`SetPromoted`] did (serde form: camelCase, for the nodes of a cluster).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Promoted {
    /// The auction afterwards.
    pub auction: AuctionInfo,
    /// Whether it was promoted before.
    pub was_promoted: bool,
    /// The auction that was promoted until now and no longer is: send it [`ForgetPromotion`].
    pub previous: Option<AuctionId>,
}

/// This auction is no longer promoted: another one took its place, and the store already cleared
/// it. Viewers get `detailsUpdated`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Message, Serialize, Deserialize)]
#[rtype(result = "()")]
pub struct ForgetPromotion;

impl<S: AuctionStore, C: Clock> Handler<SetPromoted> for AuctionActor<S, C> {
    // Atomic, like the details update: the flag changes only after its commit, in mailbox order.
    type Result = AtomicResponse<Self, Result<Promoted, ControlError>>;

    fn handle(&mut self, msg: SetPromoted, _: &mut Context<Self>) -> Self::Result {
        if let Some(closing) = &self.closing {
            let err = closing.control_error();
            return AtomicResponse::new(Box::pin(actix::fut::ready(Err(err))));
        }
        let save = self.env.store.set_promoted(self.committed.id(), msg.promoted);
        AtomicResponse::new(Box::pin(save.into_actor(self).map(move |res, act, _| {
            let previous = res.map_err(|_| ControlError::StoreUnavailable)?;
            let was_promoted = act.promoted;
            if was_promoted != msg.promoted {
                act.promoted = msg.promoted;
                act.broadcast(EventKind::DetailsUpdated, Vec::new());
            }
            Ok(Promoted { auction: act.info(), was_promoted, previous })
        })))
    }
}

impl<S: AuctionStore, C: Clock> Handler<ForgetPromotion> for AuctionActor<S, C> {
    type Result = ();

    fn handle(&mut self, _: ForgetPromotion, _: &mut Context<Self>) {
        if self.promoted {
            self.promoted = false;
            self.broadcast(EventKind::DetailsUpdated, Vec::new());
        }
    }
}
