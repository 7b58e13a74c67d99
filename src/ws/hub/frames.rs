//! The frames the hub sends, made once and shared by every session they go to.

use std::sync::Arc;

use tyiyn_actors::outlets::LobbyUpdate;

use super::super::events::{
    AuctionUpdate, LobbyBatchType, LobbyType, LobbyUpdate as LobbyPayload, LobbyUpdates, OrderType,
    OrderUpdate, ServerEvent,
};
use super::super::notice::Notification;
use crate::app::provider::Order;

/// The compact lobby frame of `u`, made at `now`.
pub fn lobby_frame(u: &LobbyUpdate, now: tyiyn_actors::clock::UnixMillis) -> Arc<str> {
    ServerEvent::AuctionUpdate(AuctionUpdate::Lobby(lobby_payload(u, now))).frame()
}

/// The compact lobby payload of `u`, made at `now`.
fn lobby_payload(u: &LobbyUpdate, now: tyiyn_actors::clock::UnixMillis) -> LobbyPayload {
    LobbyPayload {
        kind: LobbyType::Lobby,
        auction_id: u.auction,
        status: u.status,
        current_price: u.price,
        last_bidder: u.leader.clone(),
        last_bidder_is_bot: u.leader_is_bot,
        ends_at: u.ends_at,
        server_time: now,
        total_bids: u.total_bids,
        deleted: u.deleted,
        paused: u.paused,
    }
}

/// The `lobbyUpdates` frame of `updates` made at `now`; `None` when there are none.
pub(super) fn lobby_batch_frame<'a>(
    updates: impl Iterator<Item = &'a LobbyUpdate>,
    now: tyiyn_actors::clock::UnixMillis,
) -> Option<Arc<str>> {
    let updates: Vec<LobbyPayload> = updates.map(|u| lobby_payload(u, now)).collect();
    if updates.is_empty() {
        return None;
    }
    Some(ServerEvent::LobbyUpdates(LobbyUpdates { kind: LobbyBatchType::LobbyBatch, updates }).frame())
}

/// The `orderUpdate` frame of `order`.
pub fn order_frame(order: Order) -> Arc<str> {
    ServerEvent::OrderUpdate(OrderUpdate { kind: OrderType::Order, order }).frame()
}

/// The `notification` frame of `notification`.
pub fn notice_frame(notification: Notification) -> Arc<str> {
    ServerEvent::Notification(notification).frame()
}
