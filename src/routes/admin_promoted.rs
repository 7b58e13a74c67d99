//! `PUT /api/admin/auctions/{id}/promoted`: the promoted auction (the home page's hero), at most
//! one. A live or upcoming auction changes through its actor, which broadcasts `detailsUpdated`;
//! the auction that lost the flag is told after the commit.

use std::sync::OnceLock;

use actix_web::{HttpResponse, put, web};
use serde::Deserialize;
use serde_json::json;
use tokio::sync::Mutex;
use tyiyn_actors::auction::{ForgetPromotion, SetPromoted};
use tyiyn_actors::clock::Clock;
use tyiyn_actors::ids::AuctionId;
use tyiyn_actors::store::AuctionStore;
use tyiyn_actors::view::AuctionInfo;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use super::admin_auctions::control;
use super::admin_audit::{action, record_after};
use crate::auth::AdminUser;
use crate::db;
use crate::error::{ApiError, ErrorBody};
use crate::i18n::Msg;
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(admin_set_promoted);
}

/// One promotion at a time, from the store commit until the previous auction's actor has been
/// told: two overlapping ones could otherwise tell an actor "no longer promoted" after its own
/// newer promotion.
fn one_at_a_time() -> &'static Mutex<()> {
    static LOCK: OnceLock<Mutex<()>> = OnceLock::new();
    LOCK.get_or_init(|| Mutex::new(()))
}

/// `{promoted}`.
#[derive(Deserialize, ToSchema)]
struct PromotedBody {
    /// Promote the auction (clearing any other promoted one), or stop promoting it.
    promoted: Option<bool>,
}

/// Promotes an auction (any other promoted one stops being promoted), or stops promoting it.
#[utoipa::path(
    tag = "admin",
    params(("id" = i64, Path, description = "Auction id")),
    request_body = PromotedBody,
    responses(
        (status = 200, description = "The auction", body = AuctionInfo),
        (status = 400, description = "`required` (no `promoted`), with `fields`", body = ErrorBody),
        (status = 404, description = "`auction_not_found`", body = ErrorBody),
        (status = 409, description = "`auction_finished`: a finished auction cannot be promoted (it can stop being promoted)", body = ErrorBody),
    )
)]
#[put("/admin/auctions/{id}/promoted")]
async fn admin_set_promoted(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<i64>,
    body: web::Json<PromotedBody>,
) -> Result<HttpResponse, ApiError> {
    let id = AuctionId(path.into_inner());
    let promoted = body.promoted.ok_or_else(|| ApiError::invalid("promoted", Msg::Required))?;
    let _turn = one_at_a_time().lock().await;
    let (auction, was) = match state.auctions.ask(id, SetPromoted { promoted }).await {
        Some(answer) => {
            let done = answer.map_err(control)?;
            if let Some(previous) = done.previous.and_then(|p| state.auctions.get(p)) {
                previous.do_send(ForgetPromotion);
            }
            (done.auction, done.was_promoted)
        }
        None => finished(&state, id, promoted).await?,
    };
    let before = json!({ "isPromoted": was });
    let after = json!({ "isPromoted": auction.is_promoted });
    record_after(
        &state,
        &action(&admin.0, "auction.promote", "auction", Some(id.0), Some(before), Some(after)),
    )
    .await;
    Ok(HttpResponse::Ok().json(auction))
}

/// A finished (or missing) auction, which has no actor: it may stop being promoted, through the
/// store like its deletion, but not start.
async fn finished(state: &AppState, id: AuctionId, promoted: bool) -> Result<(AuctionInfo, bool), ApiError> {
    let client = state.pool.get().await?;
    let found = db::auctions::finished(&client, Some(id.0), 1, state.clock.now()).await?.pop();
    let mut auction = found.ok_or(ApiError::NotFound(Msg::AuctionNotFound))?;
    if promoted {
        return Err(ApiError::Conflict(Msg::AuctionFinished));
    }
    let was = auction.is_promoted;
    state.store.set_promoted(id, false).await.map_err(|e| ApiError::Unavailable(e.0))?;
    auction.is_promoted = false;
    Ok((auction, was))
}
