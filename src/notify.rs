//! Telling a user what matters to them: a stored notification (written by the caller in the
//! transaction of what it reports, `db::notifications::insert`, with its e-mail in the outbox) is
//! delivered after the commit through `crate::app::effects::Effects::notify` to the user's open
//! sessions as the `notification` socket event; the outbox's workers (`crate::outbox`) send the
//! e-mail. This module reads a stored row back into its wire form; [`push`] writes it as a push
//! message for the phone.

pub mod push;

use tyiyn_actors::ids::{AuctionId, Tyiyn};

use crate::db::notifications::{Notice, NotificationRow};
use crate::ws::notice::{Notification, NotificationKind};

/// The wire form of a stored notification; `None` for a kind this server does not know.
pub fn view(row: &NotificationRow) -> Option<Notification> {
    use NotificationKind as K;
    let notice = row.notice.as_ref()?;
    let (kind, title) = match notice {
        Notice::AuctionStarted { title } => (K::AuctionStarted, title),
        Notice::AuctionStarting { title, .. } => (K::AuctionStarting, title),
        Notice::Outbid { title, .. } => (K::Outbid, title),
        Notice::AuctionWon { title, .. } => (K::AuctionWon, title),
        Notice::ReservationExpiring { title, .. } => (K::ReservationExpiring, title),
        Notice::BuyNowExpiring { title, .. } => (K::BuyNowExpiring, title),
        Notice::ClaimPassed { title, .. } => (K::ClaimPassed, title),
        Notice::PaymentReceived { .. } => (K::PaymentReceived, &None),
        Notice::BidsCredited { .. } => (K::BidsCredited, &None),
        Notice::ItemShipped { title, .. } => (K::ItemShipped, title),
        Notice::ItemDelivered { title, .. } => (K::ItemDelivered, title),
    };
    let mut n = Notification::new(Some(row.id), kind, row.created_at);
    n.auction_id = row.auction_id.map(AuctionId);
    n.title = title.clone();
    n.read = row.read_at.is_some();
    match notice {
        Notice::AuctionStarted { .. } => {}
        Notice::AuctionStarting { starts_at, .. } => n.starts_at = Some(*starts_at),
        Notice::Outbid { price, .. } => n.amount = Some(Tyiyn(*price)),
        Notice::AuctionWon { claim_id, until, .. }
        | Notice::ReservationExpiring { claim_id, until, .. }
        | Notice::BuyNowExpiring { claim_id, until, .. } => (n.claim_id, n.until) = (Some(*claim_id), *until),
        Notice::ClaimPassed { claim_id, until, amount, .. } => {
            (n.claim_id, n.until, n.amount) = (Some(*claim_id), *until, amount.map(Tyiyn));
        }
        Notice::PaymentReceived { order_id, amount, claim_id } => {
            (n.order_id, n.amount, n.claim_id) = (Some(*order_id), Some(Tyiyn(*amount)), *claim_id);
        }
        Notice::BidsCredited { order_id, bids } => (n.order_id, n.bids) = (Some(*order_id), Some(*bids)),
        Notice::ItemShipped { claim_id, tracking, .. } | Notice::ItemDelivered { claim_id, tracking, .. } => {
            (n.claim_id, n.tracking) = (Some(*claim_id), tracking.clone());
        }
    }
    Some(n)
}
