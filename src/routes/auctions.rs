//! `/api/auctions…` and `/api/timers`: live and upcoming auctions are read from their actors,
//! finished ones from PostgreSQL. Bids and pre-bids are messages to the auction's actor, stamped
//! with the runtime clock the moment the request arrives.

use std::future::{Ready, ready};
use std::time::Instant;

use actix_web::{FromRequest, HttpRequest, HttpResponse, dev::Payload, get, post, web};
use serde::Serialize;
use tyiyn_actors::auction::BidAccepted;
use tyiyn_actors::clock::{Clock, UnixMillis};
use tyiyn_actors::ids::{AuctionId, PrebidId};
use tyiyn_actors::record::BidRecord;
use tyiyn_actors::snapshot::AuctionStatus;
use tyiyn_actors::view::AuctionInfo;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use super::{BidAnswer, bid_body, counted};
use crate::app::bidding;
use crate::app::listings::{self, AuctionLists};
use crate::auth::CurrentUser;
use crate::db;
use crate::error::{AppError, ErrorBody};
use crate::i18n::Msg;
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(auctions)
        .service(by_slug)
        .service(by_id)
        .service(bids)
        .service(auction_stats)
        .service(record)
        .service(bid)
        .service(prebid)
        .service(timers);
}

/// An auction's bid statistics.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuctionStats {
    pub total_bids: i64,
    pub unique_participants: i64,
}

/// The new pre-bid.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PrebidRef {
    pub id: PrebidId,
    pub auction_id: AuctionId,
}

/// An accepted pre-bid: it, the user's balance after the debit and the auction's pre-bid count.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PrebidAnswer {
    pub prebid: PrebidRef,
    pub bid_balance: i64,
    pub prebids_count: usize,
}

/// When the request arrived, on the runtime's clock. Declared first among a handler's
/// arguments, so the stamp precedes session lookup and everything else.
pub struct Arrival(pub UnixMillis);

impl FromRequest for Arrival {
    type Error = AppError;
    type Future = Ready<Result<Arrival, AppError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(match req.app_data::<web::Data<AppState>>() {
            Some(state) => Ok(Arrival(state.core.clock.now())),
            None => Err(AppError::Internal(anyhow::anyhow!("state missing"))),
        })
    }
}

/// Live, upcoming and the latest finished auctions.
#[utoipa::path(tag = "auctions", responses((status = 200, description = "The three lists", body = AuctionLists)))]
#[get("/auctions")]
async fn auctions(state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    Ok(HttpResponse::Ok().json(listings::lists(&state.core.listing_handles()).await?))
}

/// An auction by its URL slug (the display id ends it).
#[utoipa::path(
    tag = "auctions",
    params(("slug" = String, Path, description = "e.g. `iphone-15-pro-ty-2026-00012`")),
    responses(
        (status = 200, description = "The auction", body = AuctionInfo),
        (status = 404, description = "`auction_not_found`", body = ErrorBody),
        (status = 503, description = "`auction_elsewhere`: another node runs it (several nodes); try again", body = ErrorBody),
    )
)]
#[get("/auctions/slug/{slug}")]
async fn by_slug(state: web::Data<AppState>, path: web::Path<String>) -> Result<HttpResponse, AppError> {
    Ok(HttpResponse::Ok().json(listings::by_slug(&state.core.listing_handles(), &path).await?))
}

/// An auction by id.
#[utoipa::path(
    tag = "auctions",
    params(("id" = i64, Path, description = "Auction id")),
    responses(
        (status = 200, description = "The auction", body = AuctionInfo),
        (status = 404, description = "`auction_not_found`", body = ErrorBody),
        (status = 503, description = "`auction_elsewhere`: another node runs it (several nodes); try again", body = ErrorBody),
    )
)]
#[get("/auctions/{id}")]
async fn by_id(state: web::Data<AppState>, path: web::Path<AuctionId>) -> Result<HttpResponse, AppError> {
    Ok(HttpResponse::Ok().json(bidding::auction(&state.core.bid_handles(), path.into_inner()).await?))
}

/// An auction's bid history, newest first, at most 50.
#[utoipa::path(
    tag = "auctions",
    params(("id" = i64, Path, description = "Auction id")),
    responses((status = 200, description = "The bids", body = Vec<BidRecord>), (status = 404, description = "`auction_not_found`", body = ErrorBody))
)]
#[get("/auctions/{id}/bids")]
async fn bids(state: web::Data<AppState>, path: web::Path<AuctionId>) -> Result<HttpResponse, AppError> {
    Ok(HttpResponse::Ok()
        .json(listings::recent_bids(&state.core.listing_handles(), path.into_inner()).await?))
}

/// An auction's bid count and distinct bidders.
#[utoipa::path(
    tag = "auctions",
    params(("id" = i64, Path, description = "Auction id")),
    responses((status = 200, description = "The statistics", body = AuctionStats), (status = 404, description = "`auction_not_found`", body = ErrorBody))
)]
#[get("/auctions/{id}/stats")]
async fn auction_stats(
    state: web::Data<AppState>,
    path: web::Path<AuctionId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let client = state.core.pool.get().await?;
    // Upcoming or live: it runs here (restarted if it died) or on another node.
    if bidding::finished_one(&state.core.bid_handles(), id).await?.is_none()
        && state.core.auctions.running_or_restarted(id).await.is_none()
        && !db::leases::active(&client, id.0).await?
    {
        return Err(AppError::NotFound(Msg::AuctionNotFound));
    }
    let (total, unique) = db::auctions::stats(&client, id.0).await?;
    Ok(HttpResponse::Ok().json(AuctionStats { total_bids: total, unique_participants: unique }))
}

/// An auction's public record: every bid in order with its SHA-256 chain, and how it ended.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuctionRecord {
    /// The auction now.
    pub auction: AuctionInfo,
    /// Where the chain starts: SHA-256 (hex) of `tyiyn record v1`, a newline and the auction id.
    pub genesis: String,
    /// Every bid, oldest first.
    pub entries: Vec<db::record::RecordEntry>,
    /// How it ended; `null` until it finished.
    #[schema(required)]
    pub finish: Option<RecordFinish>,
}

/// The end of a finished auction, as its record states it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordFinish {
    /// When it ended.
    pub at: UnixMillis,
    /// The final price, in tyiyn.
    pub price: i64,
    /// The winner's public name; `null` when nobody bid.
    #[schema(required)]
    pub winner: Option<String>,
    /// The winner's id (the last entry's `bidderId`); `null` when nobody bid.
    #[schema(required)]
    pub winner_id: Option<i64>,
}

/// An auction's public record: every bid ever placed on it, oldest first, each with its server
/// arrival time, the bidder's public name and kind (`person` or `bot`), and a SHA-256 hash chained
/// to the entry before it (the rule: sql/migrations/0009_record.sql); then how it ended. Anyone
/// may read it and recompute the chain: changing any stored bid breaks it.
#[utoipa::path(
    tag = "auctions",
    params(("id" = i64, Path, description = "Auction id")),
    responses((status = 200, description = "The record", body = AuctionRecord), (status = 404, description = "`auction_not_found`", body = ErrorBody))
)]
#[get("/auctions/{id}/record")]
async fn record(state: web::Data<AppState>, path: web::Path<AuctionId>) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let info = bidding::auction(&state.core.bid_handles(), id).await?;
    let client = state.core.pool.get().await?;
    let entries = db::record::entries(&client, id.0).await?;
    let finish = (info.status == AuctionStatus::Finished).then(|| RecordFinish {
        at: info.end_time.unwrap_or(info.start_time),
        price: info.current_price.0,
        winner: info.winner.as_ref().map(|w| w.username.to_string()),
        winner_id: info.winner.as_ref().map(|w| w.id),
    });
    let name = format!("attachment; filename=\"tyiyn-record-{id}.json\"");
    Ok(HttpResponse::Ok().insert_header(("Content-Disposition", name)).json(AuctionRecord {
        auction: info,
        genesis: db::record::genesis(id.0),
        entries,
        finish,
    }))
}

/// Seconds left of every live auction (auction id → seconds, rounded up).
#[utoipa::path(
    tag = "auctions",
    responses((status = 200, description = "Auction id → seconds left", body = BTreeMap<String, i64>, example = json!({"12": 7})))
)]
#[get("/timers")]
async fn timers(state: web::Data<AppState>) -> HttpResponse {
    let map =
        crate::ws::timers::timers(&state.core.auction_handles().running().await, state.core.clock.now());
    HttpResponse::Ok().insert_header(("Cache-Control", "no-store")).json(map)
}

/// Places one bid (costs one bid; raises the price by 0.01 and resets the countdown). Answered
/// after the bid is committed.
#[utoipa::path(
    tag = "auctions",
    params(("id" = i64, Path, description = "Auction id")),
    responses(
        (status = 200, description = "Committed", body = BidAnswer),
        (status = 401, description = "`unauthorized`: not logged in", body = ErrorBody),
        (status = 403, description = "`phone_not_verified`: this account has not confirmed a phone number yet (`POST /api/auth/phone/code`)", body = ErrorBody),
        (status = 404, description = "`auction_not_found`", body = ErrorBody),
        (status = 409, description = "`auction_not_live`, `auction_finished`, `deadline_passed`, `already_leader` or `insufficient_bids`; `limit_reached` or `paused` (the bidder's own spend limit or pause, `/api/users/limits`)", body = ErrorBody),
        (status = 429, description = "`too_fast`, with `Retry-After` seconds", body = ErrorBody),
        (status = 503, description = "`auction_paused` (the database is down: the countdown is paused, nothing was charged), `service_unavailable` (nothing was charged), `auction_elsewhere` (another node runs it: nothing was charged) or `bid_outcome_unknown` (the auction restarted before answering: check the bid history), with `Retry-After` seconds", body = ErrorBody),
    )
)]
#[post("/auctions/{id}/bid")]
async fn bid(
    arrival: Arrival,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<AuctionId>,
) -> Result<HttpResponse, AppError> {
    let started = Instant::now();
    let answer = bidding::bid(&state.core.bid_handles(), &user, path.into_inner(), arrival.0)
        .await
        .map(|a| bid_answer(&a));
    counted("bid", &answer);
    metrics::histogram!(crate::metrics::BID_SECONDS).record(started.elapsed().as_secs_f64());
    answer
}

/// The answer to an accepted bid, `200` with [`bid_body`].
fn bid_answer(accepted: &BidAccepted) -> HttpResponse {
    HttpResponse::Ok().content_type(actix_web::http::header::ContentType::json()).body(bid_body(accepted))
}

/// Places a pre-bid on an upcoming auction (one per user; costs one bid; becomes a bid at go-live).
#[utoipa::path(
    tag = "auctions",
    params(("id" = i64, Path, description = "Auction id")),
    responses(
        (status = 201, description = "Committed", body = PrebidAnswer),
        (status = 401, description = "`unauthorized`: not logged in", body = ErrorBody),
        (status = 403, description = "`phone_not_verified`: this account has not confirmed a phone number yet (`POST /api/auth/phone/code`)", body = ErrorBody),
        (status = 404, description = "`auction_not_found`", body = ErrorBody),
        (status = 409, description = "`auction_not_upcoming`, `auction_finished`, `already_prebid` or `insufficient_bids`; `limit_reached` or `paused` (the bidder's own spend limit or pause)", body = ErrorBody),
        (status = 429, description = "`too_fast`, with `Retry-After` seconds", body = ErrorBody),
        (status = 503, description = "`service_unavailable` (the database is down) or `auction_elsewhere` (another node runs it); nothing was charged", body = ErrorBody),
    )
)]
#[post("/auctions/{id}/prebid")]
async fn prebid(
    arrival: Arrival,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<AuctionId>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let answer = bidding::prebid(&state.core.bid_handles(), &user, id, arrival.0).await.map(|accepted| {
        HttpResponse::Created().json(PrebidAnswer {
            prebid: PrebidRef { id: accepted.prebid, auction_id: id },
            bid_balance: accepted.balance,
            prebids_count: accepted.prebids_count,
        })
    });
    counted("prebid", &answer);
    answer
}
