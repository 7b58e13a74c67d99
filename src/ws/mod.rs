//! Realtime: socket.io over WebSocket at `/socket.io/`. The wire format ([`protocol`]), one
//! session actor per connection ([`session`]), and the [`hub`] for lobby-wide and per-user news.

pub mod hub;
pub mod protocol;
pub mod session;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use actix::prelude::*;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;
use tyiyn_actors::ids::UserId;
use tyiyn_actors::outlets::Encoder;
use tyiyn_actors::view::AuctionEvent;

use crate::auth::MaybeUser;
use crate::error::ApiError;
use crate::state::AppState;

/// Encodes auction events as socket.io `auctionUpdate` frames, once per broadcast.
pub struct SocketIoEncoder;

impl Encoder for SocketIoEncoder {
    fn auction_update(&self, event: &AuctionEvent) -> Arc<str> {
        // The event types serialize infallibly (plain structs, string map keys).
        protocol::event("auctionUpdate", event).unwrap_or_default().into()
    }
}

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
        .max_frame_size(protocol::MAX_PAYLOAD)
        .aggregate_continuations()
        .max_continuation_size(protocol::MAX_PAYLOAD);
    let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
    let user = user.0.map(|u| UserId(u.id));
    let actor = session::WsSession::new(id, user, state.auctions.clone(), state.hub.clone(), session);
    session::WsSession::create(|ctx| {
        ctx.add_stream(stream);
        actor
    });
    Ok(response)
}
