//! A user's auto-bidder on one auction (issue 13, part 1). Set, cancel and read are messages to the
//! auction's actor (on whichever node runs it), which persists each change before it plans with
//! it and places the bids itself (actors/src/autobid.rs). A finished auction has no actor: its
//! stopped auto-bidders are read from PostgreSQL.

use tyiyn_actors::auction::{CancelAutoBid, GetAutoBid, SetAutoBid};
use tyiyn_actors::autobid::AutoBid;
use tyiyn_actors::ids::{AuctionId, Tyiyn, UserId};

use super::auctions::Handles;
use super::limits::refuse;
use crate::auth::CurrentUser;
use crate::db;
use crate::error::AppError;
use crate::i18n::Msg;

/// `user`'s auto-bidder on auction `id`, running or stopped, if they set one.
pub async fn get(h: &Handles<'_>, user: i64, id: AuctionId) -> Result<Option<AutoBid>, AppError> {
    if let Some(found) = h.reach(id, GetAutoBid { user: UserId(user) }).await? {
        return Ok(found);
    }
    // Finished: read from PostgreSQL. Missing, or moving between nodes: say so.
    let refused = h.gone(id).await?;
    if !matches!(refused, AppError::Conflict(_)) {
        return Err(refused);
    }
    let client = h.pool.get().await?;
    Ok(db::autobids::orders(&client, id).await?.into_iter().find(|o| o.user.0 == user))
}

/// Sets (or replaces) `user`'s auto-bidder on auction `id`: up to `bids` bids, never making a
/// price over `max_price`. Refused at once when their balance is empty or a limit or pause holds.
pub async fn set(
    h: &Handles<'_>,
    user: &CurrentUser,
    id: AuctionId,
    bids: u32,
    max_price: Option<Tyiyn>,
) -> Result<AutoBid, AppError> {
    super::phone::require_verified(h.phones, user)?;
    // Nothing is reserved, but an auto-bidder set with no bid to place would only stop at its
    // first bid: say so now.
    let client = h.pool.get().await?;
    if db::users::get(&client, user.id).await?.is_none_or(|u| u.bid_balance < 1) {
        return Err(AppError::Conflict(Msg::InsufficientBids));
    }
    refuse(db::limits::block(&client, user.id, 1, 0).await?)?;
    drop(client);
    let msg = SetAutoBid { user: UserId(user.id), username: user.username.clone(), bids, max_price };
    Ok(h.ask(id, msg).await??)
}

/// Cancels `user`'s auto-bidder on auction `id`; its unplaced bids were never taken.
pub async fn cancel(h: &Handles<'_>, user: i64, id: AuctionId) -> Result<(), AppError> {
    match h.ask(id, CancelAutoBid { user: UserId(user) }).await?? {
        true => Ok(()),
        false => Err(AppError::NotFound(Msg::AutobidNotFound)),
    }
}
