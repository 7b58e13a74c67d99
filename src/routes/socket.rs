//! `GET /socket.io/`: the WebSocket upgrade into a realtime session actor (see [`crate::ws`]).

use std::sync::atomic::{AtomicU64, Ordering};

use actix::prelude::*;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;
use tyiyn_actors::ids::UserId;

use crate::auth::MaybeUser;
use crate::error::ApiError;
use crate::state::AppState;
use crate::ws;
use crate::ws::slots::SocketSlots;

/// What a refused upgrade's `Retry-After` says: a closed tab frees its slot at once.
const RETRY_AFTER_SECS: u64 = 5;

/// The Engine.IO handshake query: `EIO=4&transport=websocket`.
#[derive(Deserialize)]
pub struct Handshake {
    #[serde(rename = "EIO")]
    eio: Option<String>,
    transport: Option<String>,
}

/// `GET /socket.io/?EIO=4&transport=websocket`: upgrades to a session actor, or 429 when the
/// client's address holds `server.max_sockets_per_address` sockets already.
pub async fn connect(
    req: HttpRequest,
    body: web::Payload,
    state: web::Data<AppState>,
    user: MaybeUser,
    query: web::Query<Handshake>,
) -> Result<HttpResponse, ApiError> {
    static NEXT_ID: AtomicU64 = AtomicU64::new(1);
    let q = query.into_inner();
    if q.eio.as_deref() != Some("4") {
        return Ok(HttpResponse::BadRequest()
            .json(serde_json::json!({"code": 5, "message": "Unsupported protocol version"})));
    }
    if q.transport.as_deref() != Some("websocket") {
        return Ok(
            HttpResponse::BadRequest().json(serde_json::json!({"code": 0, "message": "Transport unknown"}))
        );
    }
    // Count the socket against its address before upgrading; the slot is freed with the session.
    let slots = req.app_data::<web::Data<SocketSlots>>().cloned();
    let slot = match (slots, crate::client::client_ip(&req)) {
        (Some(slots), Some(ip)) => Some(slots.take(ip).ok_or(ApiError::TooManyRequests {
            msg: crate::i18n::Msg::TooManySockets,
            retry_after_secs: RETRY_AFTER_SECS,
        })?),
        _ => None,
    };
    let (response, session, stream) =
        actix_ws::handle(&req, body).map_err(|_| ApiError::BadRequest(crate::i18n::Msg::BadRequest))?;
    let stream = stream
        .max_frame_size(ws::protocol::MAX_PAYLOAD)
        .aggregate_continuations()
        .max_continuation_size(ws::protocol::MAX_PAYLOAD);
    let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
    let user = user.0.map(|u| UserId(u.id));
    let archive = ws::session::Archive { pool: state.pool.clone(), clock: state.clock.clone() };
    let actor = ws::session::WsSession::new(
        id,
        user,
        state.auctions.clone(),
        archive,
        state.realtime.clone(),
        session,
    )
    .holding(slot);
    ws::session::WsSession::create(|ctx| {
        ctx.add_stream(stream);
        actor
    });
    Ok(response)
}
