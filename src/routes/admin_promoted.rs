//! `PUT /api/admin/auctions/{id}/promoted`: the promoted auction (the home page's hero), at most
//! one (`crate::app::promotion`).

use actix_web::{HttpResponse, put, web};
use serde::Deserialize;
use tyiyn_actors::ids::AuctionId;
use tyiyn_actors::view::AuctionInfo;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::app::promotion;
use crate::auth::AdminUser;
use crate::error::{AppError, ErrorBody};
use crate::i18n::Msg;
use crate::state::AppState;

pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(admin_set_promoted);
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
        (status = 503, description = super::CONTROL_UNAVAILABLE, body = ErrorBody),
    )
)]
#[put("/admin/auctions/{id}/promoted")]
async fn admin_set_promoted(
    admin: AdminUser,
    state: web::Data<AppState>,
    path: web::Path<AuctionId>,
    body: web::Json<PromotedBody>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let promoted = body.promoted.ok_or_else(|| AppError::invalid("promoted", Msg::Required))?;
    let auction =
        promotion::set(&state.core.auction_handles(), &state.core.store, &admin.0, id, promoted).await?;
    Ok(HttpResponse::Ok().json(auction))
}
