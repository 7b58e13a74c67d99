//! Realtime: socket.io over WebSocket at `/socket.io/`. The wire format ([`protocol`]), the
//! events as types ([`events`]), one session actor per connection ([`session`]), and the [`hub`]
//! for lobby-wide and per-user news; [`slots`] caps open sockets per address. The upgrade handler
//! lives in `routes::socket`; the use cases' news reaches the hub through `crate::app::effects`.

pub mod archive;
pub mod events;
pub mod hub;
pub mod notice;
pub mod protocol;
pub mod recent;
pub mod relay;
pub mod session;
pub mod slots;
pub mod timers;
pub mod uplink;

use std::sync::Arc;

use actix::Addr;
use tyiyn_actors::outlets::Encoder;
use tyiyn_actors::view::AuctionEvent;

use events::{AuctionUpdate, ServerEvent, Watched};

/// The hub as the socket sessions see it: they register with it and say which auctions they
/// watch. Everything else reaches the hub through `crate::app::effects`.
#[derive(Clone)]
pub struct Realtime {
    pub hub: Addr<hub::Hub>,
    /// With several nodes on a bus: joins pass through it to wherever the auction runs.
    pub relay: Option<Addr<relay::Relay>>,
}

impl Realtime {
    /// Closes every socket of this server (it is stopping); how many there were.
    pub async fn close_all(&self) -> usize {
        self.hub.send(hub::CloseAll).await.unwrap_or(0)
    }
}

/// Encodes auction events as socket.io `auctionUpdate` frames, once per broadcast.
pub struct SocketIoEncoder;

impl Encoder for SocketIoEncoder {
    fn auction_update(&self, event: &AuctionEvent) -> Arc<str> {
        ServerEvent::AuctionUpdate(AuctionUpdate::Auction(Watched(event))).frame()
    }
}
