//! Bots on auctions: messages to the auction's actor (on whichever node runs it), which persists
//! each change before it re-plans its bots; the audit row follows the actor's answer. A finished
//! auction has no actor: its assignments are read from PostgreSQL and no longer change.

use actix_web::{HttpResponse, delete, get, patch, post, web};
use futures_util::future::join_all;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tyiyn_actors::auction::ListBots;
use tyiyn_actors::bots::BotAssignment;
use tyiyn_actors::ids::{AuctionId, BotId};
use tyiyn_actors::snapshot::AuctionStatus;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use super::BotRemoved;
use crate::app::assignments;
use crate::auth::AdminUser;
use crate::error::{AppError, ErrorBody};
use crate::i18n::Msg;
use crate::input::numbers;
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(admin_bots_auction_status)
        .service(admin_list_auction_bots)
        .service(admin_assign_bot)
        .service(admin_update_auction_bot)
        .service(admin_unassign_bot);
}

/// One live or upcoming auction and its bots.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuctionBots {
    pub auction_id: AuctionId,
    pub auction_title: String,
    pub status: AuctionStatus,
    pub bots: Vec<BotAssignment>,
}

/// A bot to put on an auction.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AssignForm {
    /// Required: an active bot.
    #[schema(value_type = Option<i64>, example = 12)]
    bot_id: Option<Value>,
    /// Whole number ≥ 0, default 0 (no limit).
    #[schema(value_type = Option<i64>, example = 0)]
    bid_limit: Option<Value>,
    /// Default `true`.
    is_active: Option<bool>,
}

/// A change of a bot on an auction; absent fields keep their value.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AssignmentPatch {
    is_active: Option<bool>,
    /// Whole number ≥ 0 (0 = no limit).
    #[schema(value_type = Option<i64>)]
    bid_limit: Option<Value>,
}

/// The largest bid limit accepted (the column is an `integer`).
const MAX_BID_LIMIT: i64 = 1_000_000;

/// Every live and upcoming auction with its bots, on every node.
#[utoipa::path(
    tag = "admin",
    responses(
        (status = 200, description = "The auctions and their bots, by auction id", body = Vec<AuctionBots>),
        (status = 503, description = super::CONTROL_UNAVAILABLE, body = ErrorBody),
    )
)]
#[get("/admin/bots/auction-status")]
async fn admin_bots_auction_status(
    _admin: AdminUser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    let mut auctions = state.core.auction_handles().running().await;
    auctions.retain(|a| a.status != AuctionStatus::Finished);
    let h = state.core.auction_handles();
    let bots = join_all(auctions.iter().map(|a| h.reach(a.id, ListBots))).await;
    let mut rows = Vec::with_capacity(auctions.len());
    for (a, bots) in auctions.into_iter().zip(bots) {
        // An auction that finished in between has no actor to answer: it is no longer listed.
        if let Some(bots) = bots? {
            let auction_title = a.details.title.clone();
            rows.push(AuctionBots { auction_id: a.id, auction_title, status: a.status, bots });
        }
    }
    Ok(HttpResponse::Ok().json(rows))
}

/// An auction's bots (a finished auction's as they were).
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "Auction id")),
    responses(
        (status = 200, description = "Its bots, by assignment id", body = Vec<BotAssignment>),
        (status = 404, description = "`auction_not_found`", body = ErrorBody),
        (status = 503, description = super::CONTROL_UNAVAILABLE, body = ErrorBody),
    )
)]
#[get("/admin/auctions/{id}/bots")]
async fn admin_list_auction_bots(
    _admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<AuctionId>,
) -> Result<HttpResponse, AppError> {
    let bots = assignments::list(&state.core.auction_handles(), path.into_inner()).await?;
    Ok(HttpResponse::Ok().json(bots))
}

/// Puts an active bot on a live or upcoming auction (once per auction).
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "Auction id")),
    request_body = AssignForm,
    responses(
        (status = 201, description = "The assignment", body = BotAssignment),
        (status = 400, description = "`bot_and_auction_required` (no `botId`) or `bid_limit_invalid`, with `fields`", body = ErrorBody),
        (status = 404, description = "`bot_not_found` or `auction_not_found`", body = ErrorBody),
        (status = 409, description = "`bot_already_assigned`, `bot_inactive` or `auction_finished`", body = ErrorBody),
        (status = 503, description = super::CONTROL_UNAVAILABLE, body = ErrorBody),
    )
)]
#[post("/admin/auctions/{id}/bots")]
async fn admin_assign_bot(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<AuctionId>,
    body: web::Json<AssignForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let f = body.into_inner();
    let mut errors = Vec::new();
    let bot = match f.bot_id.as_ref().filter(|v| !v.is_null()).map(numbers::whole) {
        Some(Some(bot)) => Some(bot),
        _ => {
            errors.push(("botId", Msg::BotAndAuctionRequired));
            None
        }
    };
    let bid_limit = numbers::count_in(f.bid_limit.as_ref(), 0..=MAX_BID_LIMIT)
        .map_err(|_| errors.push(("bidLimit", Msg::BidLimitInvalid)))
        .ok()
        .flatten()
        .unwrap_or(0);
    AppError::check(errors)?;
    let bot = bot.ok_or(AppError::BadRequest(Msg::BotAndAuctionRequired))?;
    let how = (bid_limit, f.is_active.unwrap_or(true));
    let assigned = assignments::assign(&state.core.auction_handles(), &admin.0, id, bot, how).await?;
    Ok(HttpResponse::Created().json(assigned))
}

/// Changes a bot's assignment on a live or upcoming auction.
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "Auction id"), ("botId" = i64, Path, description = "Bot id")),
    request_body = AssignmentPatch,
    responses(
        (status = 200, description = "The assignment", body = BotAssignment),
        (status = 400, description = "`bid_limit_invalid`, with `fields`", body = ErrorBody),
        (status = 404, description = "`bot_not_assigned` or `auction_not_found`", body = ErrorBody),
        (status = 409, description = "`auction_finished`", body = ErrorBody),
        (status = 503, description = super::CONTROL_UNAVAILABLE, body = ErrorBody),
    )
)]
#[patch("/admin/auctions/{id}/bots/{botId}")]
async fn admin_update_auction_bot(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<(AuctionId, BotId)>,
    body: web::Json<AssignmentPatch>,
) -> Result<HttpResponse, AppError> {
    let (id, bot) = path.into_inner();
    let f = body.into_inner();
    let bid_limit = numbers::count_in(f.bid_limit.as_ref(), 0..=MAX_BID_LIMIT)
        .map_err(|_| AppError::invalid("bidLimit", Msg::BidLimitInvalid))?;
    let at = (id, bot);
    let updated =
        assignments::update(&state.core.auction_handles(), &admin.0, at, f.is_active, bid_limit).await?;
    Ok(HttpResponse::Ok().json(updated))
}

/// Removes a bot from a live or upcoming auction; its bids there stay.
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "Auction id"), ("botId" = i64, Path, description = "Bot id")),
    responses(
        (status = 200, description = "Removed", body = BotRemoved),
        (status = 404, description = "`bot_not_assigned` or `auction_not_found`", body = ErrorBody),
        (status = 409, description = "`auction_finished`", body = ErrorBody),
        (status = 503, description = super::CONTROL_UNAVAILABLE, body = ErrorBody),
    )
)]
#[delete("/admin/auctions/{id}/bots/{botId}")]
async fn admin_unassign_bot(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<(AuctionId, BotId)>,
) -> Result<HttpResponse, AppError> {
    let (id, bot) = path.into_inner();
    assignments::unassign(&state.core.auction_handles(), &admin.0, (id, bot)).await?;
    Ok(HttpResponse::Ok().json(BotRemoved { ok: true }))
}
