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

/// The Engine.IO handshake query: `EIO=4&transport=websocket`.
#[derive(Deserialize)]
pub struct Handshake {
    #[serde(rename = "EIO")]
    eio: Option<String>,
    transport: Option<String>,
}

/// `GET /socket.io/?EIO=4&transport=websocket`: upgrades to a session actor.
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
    let (response, session, stream) =
        actix_ws::handle(&req, body).map_err(|_| ApiError::BadRequest(crate::i18n::Msg::BadRequest))?;
    let stream = stream
        .max_frame_size(ws::protocol::MAX_PAYLOAD)
        .aggregate_continuations()
        .max_continuation_size(ws::protocol::MAX_PAYLOAD);
    let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
    let user = user.0.map(|u| UserId(u.id));
    let actor = ws::session::WsSession::new(id, user, state.auctions.clone(), state.hub.clone(), session);
    ws::session::WsSession::create(|ctx| {
        ctx.add_stream(stream);
        actor
    });
    Ok(response)
}
