//! The admin's control of auctions: create, edit (upcoming only), finish now (live only), delete
//! with refunds. Each is a message to the registry or to the auction's actor, on whichever node
//! runs it ([`Handles::reach`]); only a finished auction (no actor any more) is deleted through the
//! store directly. Each writes its audit row once the actor (or the store) has confirmed the
//! change.

use actix::dev::ToEnvelope;
use deadpool_postgres::Pool;
use serde_json::{Value, json};
use tyiyn_actors::TokioClock;
use tyiyn_actors::auction::{Delete, EndNow, GetInfo, UpdateDetails};
use tyiyn_actors::clock::{Clock, UnixMillis};
use tyiyn_actors::fairness::WinBook;
use tyiyn_actors::ids::{AuctionId, BotId, Tyiyn, UserId};
use tyiyn_actors::remote::Remote;
use tyiyn_actors::snapshot::AuctionDetails;
use tyiyn_actors::store::{AuctionStore, NewAuction};
use tyiyn_actors::view::AuctionInfo;

use super::audit::{action, changes, log_after};
use super::effects::Effects;
use super::elsewhere::{Elsewhere, Unanswered};
use crate::auth::CurrentUser;
use crate::config::PhoneVerification;
use crate::db;
use crate::db::store::PgStore;
use crate::error::AppError;
use crate::i18n::Msg;
use crate::runtime::{Actor, Auctions};

/// What a use case on auctions needs: the actors, their clock, and the pool for finished ones.
pub struct Handles<'a> {
    pub pool: &'a Pool,
    pub auctions: &'a Auctions,
    /// With several nodes on a bus: the owners of auctions that run elsewhere.
    pub elsewhere: Option<&'a dyn Elsewhere>,
    pub clock: &'a TokioClock,
    /// Whether a user's auto-bidder needs a confirmed phone.
    pub phones: PhoneVerification,
    /// The runtime's store, for a finished auction (no actor) only: to delete it.
    pub store: &'a PgStore,
    /// Every user's wins (a deleted auction's win is forgotten).
    pub wins: &'a WinBook,
    pub effects: &'a dyn Effects,
}

/// The answer for an auction that has no actor: 409 `auction_finished` when it is finished, 404
/// `auction_not_found` when there is no such auction.
pub async fn finished_or_missing(pool: &Pool, now: UnixMillis, id: AuctionId) -> Result<AppError, AppError> {
    let client = pool.get().await?;
    Ok(if db::auctions::finished(&client, Some(id.0), 1, now).await?.is_empty() {
        AppError::NotFound(Msg::AuctionNotFound)
    } else {
        AppError::Conflict(Msg::AuctionFinished)
    })
}

impl Handles<'_> {
    /// [`finished_or_missing`] now; with several nodes, 503 `auction_elsewhere` for an auction
    /// that is neither but that no node answered for (it is moving between nodes).
    pub async fn gone(&self, id: AuctionId) -> Result<AppError, AppError> {
        let refused = finished_or_missing(self.pool, self.clock.now(), id).await?;
        if self.elsewhere.is_some()
            && matches!(refused, AppError::NotFound(_))
            && db::leases::active(&self.pool.get().await?, id.0).await?
        {
            return Ok(AppError::Suspended(Msg::AuctionElsewhere));
        }
        Ok(refused)
    }

    /// Sends `msg` to auction `id`'s actor, wherever it runs; an auction without one is finished
    /// or missing ([`Handles::gone`]).
    pub async fn ask<M>(&self, id: AuctionId, msg: M) -> Result<M::Result, AppError>
    where
        M: Remote + Clone + Send + 'static,
        M::Result: Send,
        Actor: actix::Handler<M>,
        <Actor as actix::Actor>::Context: ToEnvelope<Actor, M>,
    {
        match self.reach(id, msg).await? {
            Some(answer) => Ok(answer),
            None => Err(self.gone(id).await?),
        }
    }

    /// Sends `msg` to auction `id`'s actor here or, with several nodes, on the node that runs it
    /// (passed once, never to two nodes: [`Elsewhere`]). `None`: no node runs it.
    /// An owner that took the message and went silent: 503 `outcome_unknown`.
    pub async fn reach<M>(&self, id: AuctionId, msg: M) -> Result<Option<M::Result>, AppError>
    where
        M: Remote + Clone + Send + 'static,
        M::Result: Send,
        Actor: actix::Handler<M>,
        <Actor as actix::Actor>::Context: ToEnvelope<Actor, M>,
    {
        // A node that may have lost its leases without hearing of it yet (it was frozen) asks
        // the owner the lease names, which may be itself, rather than its own actor.
        if self.elsewhere.is_none_or(|e| e.trusts_local(id))
            && let Some(answer) = self.auctions.ask(id, msg.clone()).await
        {
            return Ok(Some(answer));
        }
        let Some(elsewhere) = self.elsewhere else { return Ok(None) };
        // Another message's answer: whether this one was done cannot be told.
        let answer = elsewhere
            .control(id, msg.into_control())
            .await
            .and_then(|answer| M::answer_of(answer).ok_or(Unanswered::Unknown));
        match answer {
            Ok(answer) => Ok(Some(answer)),
            Err(Unanswered::NoOwner) => Ok(None),
            Err(Unanswered::Unknown) => Err(AppError::Suspended(Msg::OutcomeUnknown)),
        }
    }

    /// Every upcoming and live auction: this node's and, with several nodes, the others'.
    pub async fn running(&self) -> Vec<AuctionInfo> {
        match self.elsewhere {
            Some(elsewhere) => elsewhere.running().await,
            None => self.auctions.list().await,
        }
    }
}

/// Creates an upcoming auction starting at `start` (Unix milliseconds), with `bots` assigned in
/// the same write: 404 `bot_not_found` or 409 `bot_inactive` for a bot that cannot bid.
pub async fn create(
    h: &Handles<'_>,
    admin: &CurrentUser,
    details: AuctionDetails,
    start: UnixMillis,
    bots: Vec<BotId>,
) -> Result<AuctionInfo, AppError> {
    let client = h.pool.get().await?;
    for bot in &bots {
        match db::bots::get(&client, bot.0).await? {
            None => return Err(AppError::NotFound(Msg::BotNotFound)),
            Some(b) if !b.is_active => return Err(AppError::Conflict(Msg::BotInactive)),
            Some(_) => {}
        }
    }
    drop(client);
    let new = NewAuction { details, start_time: start, starting_price: Tyiyn(1), bots: bots.clone() };
    let info = h.auctions.create(new).await?;
    let after = Some(form_fields(&info));
    log_after(h.pool, &action(admin, "auction.create", "auction", Some(info.id.0), None, after)).await;
    // Each house bot's assignment is logged as if assigned in Edit.
    for bot in bots {
        let assigned = json!({"auctionId": info.id, "botId": bot, "isActive": true, "bidLimit": 0});
        log_after(h.pool, &action(admin, "bot.assign", "bot", Some(bot.0), None, Some(assigned))).await;
    }
    Ok(info)
}

/// Edits an upcoming auction's details and start time.
pub async fn update(
    h: &Handles<'_>,
    admin: &CurrentUser,
    id: AuctionId,
    details: AuctionDetails,
    start: UnixMillis,
) -> Result<AuctionInfo, AppError> {
    let before = h.ask(id, GetInfo).await?;
    let saved = h.ask(id, UpdateDetails { details, start_time: start }).await??;
    let (was, now) = changes(&form_fields(&before), &form_fields(&saved));
    log_after(h.pool, &action(admin, "auction.update", "auction", Some(id.0), Some(was), Some(now))).await;
    Ok(saved)
}

/// Finishes a live auction now; the leader wins (exactly once).
pub async fn end(h: &Handles<'_>, admin: &CurrentUser, id: AuctionId) -> Result<AuctionInfo, AppError> {
    let auction = h.ask(id, EndNow).await??.auction;
    let before = json!({ "status": "live" });
    let after = json!({
        "status": auction.status,
        "currentPrice": auction.current_price,
        "winner": auction.winner.as_ref().map(|w| &*w.username),
    });
    log_after(h.pool, &action(admin, "auction.end", "auction", Some(id.0), Some(before), Some(after))).await;
    Ok(auction)
}

/// Deletes an auction; every paid bid and pre-bid is refunded through the ledger. A live or
/// upcoming auction's actor refunds and tells each user (`None`); a finished one is deleted
/// through the store, and the answer is how many users got bids back.
pub async fn delete(h: &Handles<'_>, admin: &CurrentUser, id: AuctionId) -> Result<Option<usize>, AppError> {
    if let Some(before) = h.reach(id, GetInfo).await?
        && let Some(result) = h.reach(id, Delete).await?
    {
        result?;
        record_deletion(h.pool, admin, &before).await;
        return Ok(None);
    }
    // No actor: finished (or gone). A finished auction is deleted with the same refunds.
    let client = h.pool.get().await?;
    let Some(before) = db::auctions::finished(&client, Some(id.0), 1, h.clock.now()).await?.pop() else {
        return Err(AppError::NotFound(Msg::AuctionNotFound));
    };
    let refunds = h.store.delete_with_refunds(id).await.map_err(|e| AppError::Unavailable(e.to_string()))?;
    for refund in &refunds {
        h.effects.balance_changed(refund.user, refund.balance);
    }
    // A deleted auction's win no longer bars its winner from beginner or win-limited auctions.
    if let (Some(winner), Some(ended)) = (before.winner.as_ref().filter(|w| !w.is_bot), before.end_time) {
        h.wins.forget(UserId(winner.id), ended);
    }
    record_deletion(h.pool, admin, &before).await;
    Ok(Some(refunds.len()))
}

/// The admin form's fields of an auction (its details and start time), for the audit log.
fn form_fields(auction: &AuctionInfo) -> Value {
    let mut fields = serde_json::to_value(&*auction.details).unwrap_or_default();
    if let Some(map) = fields.as_object_mut() {
        map.insert("startTime".into(), json!(auction.start_time));
    }
    fields
}

async fn record_deletion(pool: &Pool, admin: &CurrentUser, before: &AuctionInfo) {
    let mut was = form_fields(before);
    if let Some(map) = was.as_object_mut() {
        map.insert("status".into(), json!(before.status));
        map.insert("currentPrice".into(), json!(before.current_price));
        map.insert("totalBids".into(), json!(before.total_bids));
    }
    let row = action(admin, "auction.delete", "auction", Some(before.id.0), Some(was), None);
    log_after(pool, &row).await;
}
