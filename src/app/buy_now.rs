//! Buy It Now (issue 13, part 2). A participant who bid on an auction and lost it may buy the same
//! item, while the operator's stock lasts and for `[claims] buy_now_hours` after the end, at its
//! retail price less the value of the bids they spent on it. The purchase is a claim of kind
//! `buyNow`, fulfilled like a won item; starting one answers like choosing a won item's delivery.

use super::claims::{Handles, deliver};
use super::limits::refuse;
use tyiyn_actors::ids::AuctionId;

use crate::auth::CurrentUser;
use crate::db;
use crate::db::buy_now::OfferRow;
use crate::db::claims::{ClaimRow, Delivery};
use crate::db::payments::OrderRow;
use crate::error::AppError;
use crate::i18n::Msg;

/// Whether the item is offered at all; then the caller's own Buy It Now, if started; then whether
/// they may start one now.
pub fn decide(o: &OfferRow) -> Result<Option<i64>, AppError> {
    if o.status != "finished" || o.stock.is_none() || o.is_bid_package {
        return Err(AppError::Conflict(Msg::BuyNowNotOffered));
    }
    match &o.mine {
        Some((id, kind)) if kind == "buy_now" => return Ok(Some(*id)),
        Some(_) => return Err(AppError::Conflict(Msg::BuyNowNotEligible)),
        None => {}
    }
    if o.won || o.bids_spent == 0 {
        return Err(AppError::Conflict(Msg::BuyNowNotEligible));
    }
    if !o.open {
        return Err(AppError::Conflict(Msg::BuyNowClosed));
    }
    if o.left() == 0 {
        return Err(AppError::Conflict(Msg::BuyNowSoldOut));
    }
    Ok(None)
}

/// Buys auction `auction`'s item now for `user` with `choice` of delivery: a Buy It Now claim
/// (reserved like a won item) and the pending order of its price plus delivery. The offer row is
/// locked for the decision, so the stock is never oversold.
pub async fn start(
    h: &Handles<'_>,
    user: &CurrentUser,
    AuctionId(auction): AuctionId,
    choice: &Delivery,
) -> Result<(ClaimRow, OrderRow), AppError> {
    super::phone::require_verified(h.phones, user)?;
    let user = user.id;
    let mut client = h.pool.get().await?;
    let tx = client.transaction().await?;
    let offer = db::buy_now::lock(&tx, auction, user, h.settings.buy_now_hours)
        .await?
        .ok_or(AppError::NotFound(Msg::AuctionNotFound))?;
    if decide(&offer)?.is_some() {
        return Err(AppError::Conflict(Msg::BuyNowTaken));
    }
    refuse(db::limits::block(&tx, user, 0, 0).await?)?;
    let id = db::buy_now::insert_claim(&tx, auction, user, &offer, h.settings.reserve_hours).await?;
    let locked = db::claims::lock(&tx, id).await?.ok_or(AppError::NotFound(Msg::ClaimNotFound))?;
    tracing::info!(auction, claim = id, "buy it now started");
    deliver(h, tx, &locked, choice).await
}
