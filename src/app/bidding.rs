//! Bids and pre-bids: each is a message to the auction's actor, stamped with the runtime clock
//! the moment the request arrived, after the 1-second rule across all of a user's bids
//! (`crate::pace`). The actor answers once the bid is committed. Reading one auction: from its
//! actor when it has one, else its finished row.

use deadpool_postgres::Pool;
use tyiyn_actors::TokioClock;
use tyiyn_actors::auction::{BidAccepted, GetInfo, PlaceBid, PlacePrebid, PrebidAccepted};
use tyiyn_actors::clock::{Clock, UnixMillis};
use tyiyn_actors::errors::BidRejected;
use tyiyn_actors::ids::{AuctionId, UserId};
use tyiyn_actors::remote::{ControlAnswer, Remote};
use tyiyn_actors::view::AuctionInfo;

use super::elsewhere::Elsewhere;
use crate::auth::CurrentUser;
use crate::config::PhoneVerification;
use crate::db;
use crate::error::AppError;
use crate::i18n::Msg;
use crate::pace::{Pace, Ticket};
use crate::runtime::Auctions;

/// What bidding needs: the actors, their clock, the pace of each user, and the pool for
/// finished auctions.
pub struct Handles<'a> {
    pub pool: &'a Pool,
    pub auctions: &'a Auctions,
    /// With several nodes on a bus: the owners of auctions that run elsewhere.
    pub elsewhere: Option<&'a dyn Elsewhere>,
    pub clock: &'a TokioClock,
    pub pace: &'a Pace,
    /// With leases (several nodes may take bids): the rule is also kept in PostgreSQL
    /// (`db::pace`), where every node's requests of one user meet.
    pub shared_pace: bool,
    /// Whether bidding needs a confirmed phone.
    pub phones: PhoneVerification,
}

/// Places one bid of `user` on auction `id`, stamped `stamp` (when the request arrived); answered
/// after the bid is committed.
pub async fn bid(
    h: &Handles<'_>,
    user: &CurrentUser,
    id: AuctionId,
    stamp: UnixMillis,
) -> Result<BidAccepted, AppError> {
    super::phone::require_verified(h.phones, user)?;
    let msg = PlaceBid { user: UserId(user.id), username: user.username.clone(), stamp };
    let in_flight = InFlight::new();
    let placed = paced_send(h, (user.id, id, stamp), place_bid(h, id, msg)).await;
    drop(in_flight);
    if placed.is_ok() {
        crate::figures::bid_accepted();
    }
    placed
}

/// One bid counted in `tyiyn_bids_in_flight` while it lives: also when the wait for its answer
/// is dropped (its client went away), which a decrement after the wait would miss.
struct InFlight(metrics::Gauge);

impl InFlight {
    fn new() -> InFlight {
        let gauge = metrics::gauge!(crate::metrics::BIDS_IN_FLIGHT);
        gauge.increment(1.0);
        InFlight(gauge)
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.decrement(1.0);
    }
}

/// Places `user`'s pre-bid on upcoming auction `id` (one per user; it becomes a bid at go-live).
pub async fn prebid(
    h: &Handles<'_>,
    user: &CurrentUser,
    id: AuctionId,
    stamp: UnixMillis,
) -> Result<PrebidAccepted, AppError> {
    super::phone::require_verified(h.phones, user)?;
    let msg = PlacePrebid { user: UserId(user.id), username: user.username.clone(), stamp };
    paced_send(h, (user.id, id, stamp), place_prebid(h, id, msg)).await
}

/// Places a bid on the actor running auction `id` here, or (several nodes) on its owner.
async fn place_bid(h: &Handles<'_>, id: AuctionId, msg: PlaceBid) -> Result<BidAccepted, BidRejected> {
    let Some(elsewhere) = h.elsewhere else { return h.auctions.place_bid(id, msg).await };
    match h.auctions.get(id).filter(|_| elsewhere.trusts_local(id)) {
        Some(_) => match h.auctions.place_bid(id, msg.clone()).await {
            // It stopped here under the bid (handed over): nothing was placed.
            Err(BidRejected::AuctionNotFound) => elsewhere.bid(id, msg).await,
            placed => placed,
        },
        None => elsewhere.bid(id, msg).await,
    }
}

/// Places a pre-bid on the actor running auction `id` here, or (several nodes) on its owner.
async fn place_prebid(
    h: &Handles<'_>,
    id: AuctionId,
    msg: PlacePrebid,
) -> Result<PrebidAccepted, BidRejected> {
    let Some(elsewhere) = h.elsewhere else { return h.auctions.place_prebid(id, msg).await };
    match h.auctions.get(id).filter(|_| elsewhere.trusts_local(id)) {
        Some(_) => match h.auctions.place_prebid(id, msg.clone()).await {
            Err(BidRejected::AuctionNotFound) => elsewhere.prebid(id, msg).await,
            placed => placed,
        },
        None => elsewhere.prebid(id, msg).await,
    }
}

/// Sends a bid or pre-bid once the user's pace lets it go; a refusal gives the pace tickets back.
async fn paced_send<T>(
    h: &Handles<'_>,
    (user, id, stamp): (i64, AuctionId, UnixMillis),
    send: impl Future<Output = Result<T, BidRejected>>,
) -> Result<T, AppError> {
    let ticket = paced(h, user, id, stamp)?;
    let shared = match shared_paced(h, user, id, stamp).await {
        Ok(shared) => shared,
        Err(e) => {
            h.pace.give_back(ticket);
            return Err(e);
        }
    };
    match send.await {
        Ok(accepted) => Ok(accepted),
        Err(err) => {
            h.pace.give_back(ticket);
            if let Some(shared) = shared {
                give_back_shared(h, shared).await;
            }
            Err(refused(h, id, err).await)
        }
    }
}

/// The 1-second rule across all of the user's bids and pre-bids on this node (`crate::pace`): a
/// ticket to bid now, or the same 429 `too_fast` the auction itself answers.
fn paced(h: &Handles<'_>, user: i64, auction: AuctionId, stamp: UnixMillis) -> Result<Ticket, AppError> {
    let taken = h.pace.take(UserId(user), auction, stamp);
    taken.map_err(|retry_after_ms| AppError::from(BidRejected::TooFast { retry_after_ms }))
}

/// The same rule across the nodes (`db::pace`), when several may take this user's bids: `None`
/// on a single node.
async fn shared_paced(
    h: &Handles<'_>,
    user: i64,
    AuctionId(auction): AuctionId,
    UnixMillis(stamp): UnixMillis,
) -> Result<Option<db::pace::Ticket>, AppError> {
    let interval_ms = h.pace.interval_ms();
    if !h.shared_pace || interval_ms == 0 {
        return Ok(None);
    }
    let taken = db::pace::take(&h.pool.get().await?, user, auction, stamp, interval_ms).await?;
    match taken {
        Ok(ticket) => Ok(Some(ticket)),
        Err(retry_after_ms) => Err(AppError::from(BidRejected::TooFast { retry_after_ms })),
    }
}

/// Gives a refused bid's shared ticket back. When the database does not answer, the refused bid
/// holds the user back for the rest of its second, no more.
async fn give_back_shared(h: &Handles<'_>, ticket: db::pace::Ticket) {
    let given = async { db::pace::give_back(&h.pool.get().await?, ticket).await.map_err(AppError::from) };
    if let Err(e) = given.await {
        tracing::debug!("pace: giving a ticket back: {e:?}");
    }
}

/// The API error for a refused bid or pre-bid. When no actor runs the auction here, it is
/// finished (409), missing (404), or running on another node, which has its lease or is about to
/// take it (503 `auction_elsewhere`, nothing charged): only PostgreSQL can tell.
async fn refused(h: &Handles<'_>, id: AuctionId, err: BidRejected) -> AppError {
    if err != BidRejected::AuctionNotFound {
        return AppError::from(err);
    }
    match finished_one(h, id).await {
        Ok(Some(_)) => AppError::Conflict(Msg::AuctionFinished),
        Ok(None) => match elsewhere(h, id).await {
            Ok(true) => AppError::Suspended(Msg::AuctionElsewhere),
            Ok(false) => AppError::NotFound(Msg::AuctionNotFound),
            Err(e) => e,
        },
        Err(e) => e,
    }
}

/// Whether auction `id` is upcoming or live though no actor runs it here (another node's).
async fn elsewhere(h: &Handles<'_>, AuctionId(id): AuctionId) -> Result<bool, AppError> {
    Ok(db::leases::active(&h.pool.get().await?, id).await?)
}

/// Finished auction `id`, if it is one.
pub async fn finished_one(
    h: &Handles<'_>,
    AuctionId(id): AuctionId,
) -> Result<Option<AuctionInfo>, AppError> {
    let client = h.pool.get().await?;
    Ok(db::auctions::finished(&client, Some(id), 1, h.clock.now()).await?.pop())
}

/// An auction by id: from its actor when it has one, else the finished row.
pub async fn auction(h: &Handles<'_>, id: AuctionId) -> Result<AuctionInfo, AppError> {
    if let Some(addr) = h.auctions.get(id)
        && let Ok(info) = addr.send(GetInfo).await
    {
        return Ok(info);
    }
    if let Some(done) = finished_one(h, id).await? {
        return Ok(done);
    }
    // Not in memory and not finished: it runs on another node (several nodes), or its actor died
    // and the registry reloads it.
    if let Some(elsewhere) = h.elsewhere
        && let Ok(ControlAnswer::GetInfo(info)) = elsewhere.control(id, GetInfo.into_control()).await
    {
        return Ok(info);
    }
    match h.auctions.ask(id, GetInfo).await {
        Some(info) => Ok(info),
        None if elsewhere(h, id).await? => Err(AppError::Suspended(Msg::AuctionElsewhere)),
        None => Err(AppError::NotFound(Msg::AuctionNotFound)),
    }
}
