//! The promoted auction (the home page's hero), at most one. A live or upcoming auction changes
//! through its actor (on whichever node runs it), which broadcasts `detailsUpdated`; the auction
//! that lost the flag is told after the commit, wherever it runs. A finished one changes through
//! the store, like its deletion.

use serde_json::json;
use tyiyn_actors::auction::{ForgetPromotion, SetPromoted};
use tyiyn_actors::clock::Clock;
use tyiyn_actors::ids::AuctionId;
use tyiyn_actors::store::AuctionStore;
use tyiyn_actors::view::AuctionInfo;

use super::auctions::Handles;
use super::audit::{action, log_after};
use crate::auth::CurrentUser;
use crate::db;
use crate::db::store::PgStore;
use crate::error::AppError;
use crate::i18n::Msg;

/// Promotes auction `id` (any other promoted one stops being promoted), or stops promoting it.
pub async fn set(
    h: &Handles<'_>,
    store: &PgStore,
    admin: &CurrentUser,
    id: AuctionId,
    promoted: bool,
) -> Result<AuctionInfo, AppError> {
    // One promotion at a time across every node, from the store commit until the previous
    // auction's actor has been told: two overlapping ones could otherwise tell an actor "no longer
    // promoted" after its own newer promotion.
    let mut client = h.pool.get().await?;
    let turn = db::promotion::take_turn(&mut client).await?;
    let (auction, was) = match h.reach(id, SetPromoted { promoted }).await? {
        Some(answer) => {
            let done = answer?;
            if let Some(previous) = done.previous {
                forget(h, previous).await;
            }
            (done.auction, done.was_promoted)
        }
        None => finished(h, store, id, promoted).await?,
    };
    super::commit(turn).await?;
    let before = json!({ "isPromoted": was });
    let after = json!({ "isPromoted": auction.is_promoted });
    let row = action(admin, "auction.promote", "auction", Some(id.0), Some(before), Some(after));
    log_after(h.pool, &row).await;
    Ok(auction)
}

/// Tells auction `previous`'s actor, wherever it runs, that it lost the flag (the store cleared it
/// already), and waits until it has: the next promotion's turn comes after.
async fn forget(h: &Handles<'_>, previous: AuctionId) {
    if let Err(e) = h.reach(previous, ForgetPromotion).await {
        tracing::warn!(auction = %previous, "the auction that lost the promotion was not told: {e}");
    }
}

/// A finished (or missing) auction, which has no actor: it may stop being promoted, but not start.
async fn finished(
    h: &Handles<'_>,
    store: &PgStore,
    id: AuctionId,
    promoted: bool,
) -> Result<(AuctionInfo, bool), AppError> {
    let client = h.pool.get().await?;
    let found = db::auctions::finished(&client, Some(id.0), 1, h.clock.now()).await?.pop();
    // Missing, or (several nodes) moving between nodes.
    let Some(mut auction) = found else { return Err(h.gone(id).await?) };
    if promoted {
        return Err(AppError::Conflict(Msg::AuctionFinished));
    }
    let was = auction.is_promoted;
    store.set_promoted(id, false).await.map_err(|e| AppError::Unavailable(e.0))?;
    auction.is_promoted = false;
    Ok((auction, was))
}
