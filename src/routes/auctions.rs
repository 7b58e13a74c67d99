//! `/api/auctions…` and `/api/timers`: live and upcoming auctions are read from their actors,
//! finished ones from PostgreSQL. Bids and pre-bids are messages to the auction's actor, stamped
//! with the runtime clock the moment the request arrives.

use std::collections::BTreeMap;
use std::future::{Ready, ready};

use actix_web::{FromRequest, HttpRequest, HttpResponse, dev::Payload, web};
use serde_json::json;
use tyiyn_actors::auction::{GetInfo, GetView, PlaceBid, PlacePrebid};
use tyiyn_actors::clock::{Clock, UnixMillis};
use tyiyn_actors::ids::{AuctionId, UserId};
use tyiyn_actors::rules::BidRejected;
use tyiyn_actors::state::AuctionStatus;

use crate::auth::CurrentUser;
use crate::db::{self, auctions::FinishedAuction};
use crate::error::ApiError;
use crate::i18n::Msg;
use crate::state::AppState;
use crate::ws::hub::seconds_left;

/// Finished auctions in `GET /api/auctions`.
const FINISHED_LIMIT: i64 = 50;
/// Bids in `GET /api/auctions/{id}/bids`.
const BIDS_LIMIT: i64 = 50;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/auctions", web::get().to(list))
        .route("/auctions/slug/{slug}", web::get().to(by_slug))
        .route("/auctions/{id}", web::get().to(by_id))
        .route("/auctions/{id}/bids", web::get().to(bids))
        .route("/auctions/{id}/stats", web::get().to(stats))
        .route("/auctions/{id}/bid", web::post().to(bid))
        .route("/auctions/{id}/prebid", web::post().to(prebid))
        .route("/timers", web::get().to(timers));
}

/// When the request arrived, on the runtime's clock. Declared first among a handler's
/// arguments, so the stamp precedes session lookup and everything else.
pub struct Arrival(pub UnixMillis);

impl FromRequest for Arrival {
    type Error = ApiError;
    type Future = Ready<Result<Arrival, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(match req.app_data::<web::Data<AppState>>() {
            Some(state) => Ok(Arrival(state.clock.now())),
            None => Err(ApiError::Internal(anyhow::anyhow!("state missing"))),
        })
    }
}

/// The API error for a refused bid or pre-bid.
pub fn rejection(err: BidRejected) -> ApiError {
    match err {
        BidRejected::AuctionNotLive => ApiError::Conflict(Msg::AuctionNotLive),
        BidRejected::AuctionNotUpcoming => ApiError::Conflict(Msg::AuctionNotUpcoming),
        BidRejected::AuctionFinished => ApiError::Conflict(Msg::AuctionFinished),
        BidRejected::DeadlinePassed => ApiError::Conflict(Msg::DeadlinePassed),
        BidRejected::AlreadyLeader => ApiError::Conflict(Msg::AlreadyLeader),
        BidRejected::InsufficientBids => ApiError::Conflict(Msg::InsufficientBids),
        BidRejected::AlreadyPrebid => ApiError::Conflict(Msg::AlreadyPrebid),
        BidRejected::TooFast { retry_after_ms } => ApiError::TooManyRequests {
            msg: Msg::TooFast,
            retry_after_secs: (retry_after_ms.max(1) as u64).div_ceil(1000),
        },
        BidRejected::AuctionNotFound => ApiError::NotFound(Msg::AuctionNotFound),
        BidRejected::StoreUnavailable => ApiError::Unavailable("auction store".into()),
    }
}

async fn finished_one(state: &AppState, id: i64) -> Result<Option<FinishedAuction>, ApiError> {
    let client = state.pool.get().await?;
    Ok(db::auctions::finished(&client, Some(id), 1).await?.pop())
}

/// An auction by id: from its actor when it has one, else the finished row.
async fn auction_json(state: &AppState, id: i64) -> Result<serde_json::Value, ApiError> {
    if let Some(addr) = state.auctions.get(AuctionId(id))
        && let Ok(info) = addr.send(GetInfo).await
    {
        return Ok(json!(info));
    }
    if let Some(done) = finished_one(state, id).await? {
        return Ok(json!(done));
    }
    // Not in memory and not finished: its actor may have died; the registry reloads it.
    match state.auctions.ask(AuctionId(id), GetInfo).await {
        Some(info) => Ok(json!(info)),
        None => Err(ApiError::NotFound(Msg::AuctionNotFound)),
    }
}

async fn list(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let mut active = state.auctions.list().await;
    active.sort_by_key(|a| (a.ends_at.unwrap_or(a.start_time), a.start_time));
    let (live, upcoming): (Vec<_>, Vec<_>) =
        active.into_iter().partition(|a| a.status == AuctionStatus::Live);
    let client = state.pool.get().await?;
    let finished = db::auctions::finished(&client, None, FINISHED_LIMIT).await?;
    Ok(HttpResponse::Ok().json(json!({ "live": live, "upcoming": upcoming, "finished": finished })))
}

async fn by_slug(state: web::Data<AppState>, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let id = {
        let client = state.pool.get().await?;
        db::auctions::id_by_slug(&client, &path).await?
    };
    let id = id.ok_or(ApiError::NotFound(Msg::AuctionNotFound))?;
    Ok(HttpResponse::Ok().json(auction_json(&state, id).await?))
}

async fn by_id(state: web::Data<AppState>, path: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(auction_json(&state, path.into_inner()).await?))
}

async fn bids(state: web::Data<AppState>, path: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = AuctionId(path.into_inner());
    if let Some(addr) = state.auctions.get(id)
        && let Ok(view) = addr.send(GetView).await
    {
        return Ok(HttpResponse::Ok().json(view.bids));
    }
    let client = state.pool.get().await?;
    if db::auctions::finished(&client, Some(id.0), 1).await?.is_empty()
        && state.auctions.lookup(id).await.is_none()
    {
        return Err(ApiError::NotFound(Msg::AuctionNotFound));
    }
    Ok(HttpResponse::Ok().json(db::store::recent_bids(&client, id, BIDS_LIMIT).await?))
}

async fn stats(state: web::Data<AppState>, path: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let client = state.pool.get().await?;
    if finished_one(&state, id).await?.is_none() && state.auctions.lookup(AuctionId(id)).await.is_none() {
        return Err(ApiError::NotFound(Msg::AuctionNotFound));
    }
    let (total, unique) = db::auctions::stats(&client, id).await?;
    Ok(HttpResponse::Ok().json(json!({ "totalBids": total, "uniqueParticipants": unique })))
}

async fn timers(state: web::Data<AppState>) -> HttpResponse {
    let now = state.clock.now();
    let map: BTreeMap<String, i64> = state
        .auctions
        .list()
        .await
        .into_iter()
        .filter(|a| a.status == AuctionStatus::Live)
        .filter_map(|a| Some((a.id.to_string(), seconds_left(a.ends_at?, now))))
        .collect();
    HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(map)
}

/// A bid or pre-bid refused because no actor runs the auction: finished (409) or missing (404).
async fn inactive(state: &AppState, id: i64) -> Result<ApiError, ApiError> {
    Ok(match finished_one(state, id).await? {
        Some(_) => ApiError::Conflict(Msg::AuctionFinished),
        None => ApiError::NotFound(Msg::AuctionNotFound),
    })
}

async fn bid(
    arrival: Arrival,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let msg = PlaceBid { user: UserId(user.id), username: user.username.clone(), stamp: arrival.0 };
    match state.auctions.place_bid(AuctionId(id), msg).await {
        Ok(accepted) => Ok(HttpResponse::Ok().json(json!({
            "auction": accepted.view.auction,
            "bid": accepted.bid,
            "bidBalance": accepted.balance,
        }))),
        Err(BidRejected::AuctionNotFound) => Err(inactive(&state, id).await?),
        Err(other) => Err(rejection(other)),
    }
}

async fn prebid(
    arrival: Arrival,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let msg = PlacePrebid { user: UserId(user.id), username: user.username.clone(), stamp: arrival.0 };
    match state.auctions.place_prebid(AuctionId(id), msg).await {
        Ok(accepted) => Ok(HttpResponse::Created().json(json!({
            "prebid": { "id": accepted.prebid, "auctionId": id },
            "bidBalance": accepted.balance,
            "prebidsCount": accepted.prebids_count,
        }))),
        Err(BidRejected::AuctionNotFound) => Err(inactive(&state, id).await?),
        Err(other) => Err(rejection(other)),
    }
}
