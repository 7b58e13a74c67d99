//! `GET /socket.io/`: the WebSocket upgrade into a realtime session actor (see [`crate::ws`]).

use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use actix::prelude::*;
use actix_web::{HttpRequest, HttpResponse, ResponseError, web};
use serde::{Deserialize, Serialize};
use tyiyn_actors::auction::BidAccepted;
use tyiyn_actors::clock::Clock;
use tyiyn_actors::ids::UserId;

use super::{bid_body, counted};
use crate::app::bidding;
use crate::auth::MaybeUser;
use crate::auth::session::{self, Sessions, TokenHash};
use crate::error::{AppError, ErrorBody};
use crate::i18n::Lang;
use crate::state::AppState;
use crate::ws;
use crate::ws::session::PlaceBids;
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
) -> Result<HttpResponse, AppError> {
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
        (Some(slots), Some(ip)) => Some(slots.take(ip).ok_or(AppError::TooManyRequests {
            msg: crate::i18n::Msg::TooManySockets,
            retry_after_secs: RETRY_AFTER_SECS,
        })?),
        _ => None,
    };
    let (response, session, stream) =
        actix_ws::handle(&req, body).map_err(|_| AppError::BadRequest(crate::i18n::Msg::BadRequest))?;
    let stream = stream
        .max_frame_size(ws::protocol::MAX_PAYLOAD)
        .aggregate_continuations()
        .max_continuation_size(ws::protocol::MAX_PAYLOAD);
    let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
    let lang = Lang::of_request(&req, state.core.site.lang());
    let login =
        user.0.as_ref().and(session::token_hash(&req)).zip(req.app_data::<web::Data<Sessions>>().cloned());
    let bids = bids(state.clone(), login, lang);
    let user = user.0.map(|u| UserId(u.id));
    let archive = ws::session::Archive { pool: state.core.pool.clone(), clock: state.core.clock.clone() };
    let actor = ws::session::WsSession::new(
        id,
        user,
        state.core.auctions.clone(),
        archive,
        state.realtime.clone(),
        session,
        bids,
    )
    .holding(slot);
    ws::session::WsSession::create(|ctx| {
        ctx.add_stream(stream);
        actor
    });
    Ok(response)
}

/// How this socket places bids (`placeBid`): as its handshake's session, asked again for each bid
/// (a session ended since answers 401), through the same use case and metrics as `POST
/// /api/auctions/{id}/bid`; a socket without a session answers 401 to every bid.
fn bids(
    state: web::Data<AppState>,
    login: Option<(TokenHash, web::Data<Sessions>)>,
    lang: Lang,
) -> PlaceBids {
    Rc::new(move |auction, asked| {
        let stamp = state.core.clock.now();
        let lang = asked.and_then(Lang::parse).unwrap_or(lang);
        let (state, login) = (state.clone(), login.clone());
        Box::pin(async move {
            let started = Instant::now();
            let answer = async {
                let (token, sessions) = login.ok_or(AppError::Unauthorized)?;
                let user = session::resolve_hash(&sessions, token).await?.ok_or(AppError::Unauthorized)?;
                bidding::bid(&state.core.bid_handles(), &user, auction, stamp).await
            };
            let answer = answer.await;
            counted("bid", &answer);
            metrics::histogram!(crate::metrics::BID_SECONDS).record(started.elapsed().as_secs_f64());
            ack(answer, lang)
        })
    })
}

/// A `placeBid` ack: the status and JSON body `POST /api/auctions/{id}/bid` would have answered,
/// and its `Retry-After` seconds.
fn ack(answer: Result<BidAccepted, AppError>, lang: Lang) -> String {
    match answer {
        Ok(accepted) => format!("{{\"status\":200,\"body\":{}}}", bid_body(&accepted)),
        Err(err) => {
            err.log();
            let refused = Refused {
                status: err.status_code().as_u16(),
                body: err.body(lang),
                retry_after: err.retry_after_secs(),
            };
            // Plain structs: serializing cannot fail.
            serde_json::to_string(&refused).unwrap_or_default()
        }
    }
}

/// A refused `placeBid`'s ack.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Refused {
    status: u16,
    body: ErrorBody,
    #[serde(skip_serializing_if = "Option::is_none")]
    retry_after: Option<u64>,
}
