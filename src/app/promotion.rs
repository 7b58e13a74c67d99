//! The promoted auction (the home page's hero), at most one. A live or upcoming auction changes
//! through its actor, which broadcasts `detailsUpdated`; the auction that lost the flag is told
//! after the commit. A finished one changes through the store, like its deletion.

use std::sync::OnceLock;

use serde_json::json;
use tokio::sync::Mutex;
use tyiyn_actors::auction::{ForgetPromotion, SetPromoted};
use tyiyn_actors::clock::Clock;
use tyiyn_actors::ids::AuctionId;
use tyiyn_actors::store::AuctionStore;
use tyiyn_actors::view::AuctionInfo;

use super::auctions::Handles;
use super::audit::{action, record_after};
use crate::auth::CurrentUser;
use crate::db;
use crate::db::store::PgStore;
use crate::error::ApiError;
use crate::i18n::Msg;

/// One promotion at a time, from the store commit until the previous auction's actor has been
/// told: two overlapping ones could otherwise tell an actor "no longer promoted" after its own
/// newer promotion.
fn one_at_a_time() -> &'static Mutex<()> {
    static LOCK: OnceLock<Mutex<()>> = OnceLock::new();
    LOCK.get_or_init(|| Mutex::new(()))
}

/// Promotes auction `id` (any other promoted one stops being promoted), or stops promoting it.
pub async fn set(
    h: &Handles<'_>,
    store: &PgStore,
    admin: &CurrentUser,
    id: AuctionId,
    promoted: bool,
) -> Result<AuctionInfo, ApiError> {
    let _turn = one_at_a_time().lock().await;
    let (auction, was) = match h.auctions.ask(id, SetPromoted { promoted }).await {
        Some(answer) => {
            let done = answer?;
            if let Some(previous) = done.previous.and_then(|p| h.auctions.get(p)) {
                previous.do_send(ForgetPromotion);
            }
            (done.auction, done.was_promoted)
        }
        None => finished(h, store, id, promoted).await?,
    };
    let before = json!({ "isPromoted": was });
    let after = json!({ "isPromoted": auction.is_promoted });
    let row = action(admin, "auction.promote", "auction", Some(id.0), Some(before), Some(after));
    record_after(h.pool, &row).await;
    Ok(auction)
}

/// A finished (or missing) auction, which has no actor: it may stop being promoted, but not start.
async fn finished(
    h: &Handles<'_>,
    store: &PgStore,
    id: AuctionId,
    promoted: bool,
) -> Result<(AuctionInfo, bool), ApiError> {
    let client = h.pool.get().await?;
    let found = db::auctions::finished(&client, Some(id.0), 1, h.clock.now()).await?.pop();
    let mut auction = found.ok_or(ApiError::NotFound(Msg::AuctionNotFound))?;
    if promoted {
        return Err(ApiError::Conflict(Msg::AuctionFinished));
    }
    let was = auction.is_promoted;
    store.set_promoted(id, false).await.map_err(|e| ApiError::Unavailable(e.0))?;
    auction.is_promoted = false;
    Ok((auction, was))
}
