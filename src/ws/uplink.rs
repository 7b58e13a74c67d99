//! The effects port across nodes (issue 25): with a bus, what a use case or an auction tells the
//! outside world reaches the sessions on every node. The [`Uplink`] stands where the realtime hub
//! stands on one node: it hands each effect to this node's hub and publishes it for the others,
//! whose [`downlink`] hands it to theirs. A user's balance, orders, notices and sign-outs go on
//! `tyiyn.user.{id}`; the auctions' lobby updates are gathered like the hub gathers them and go on
//! `tyiyn.lobby`, each as its change (which the other nodes' hubs gather with their own auctions',
//! so a list socket that batches gets one frame per flush from every node's auctions) and as a
//! ready frame (which a node from before the change sends on as it is).

use std::collections::HashMap;
use std::sync::Arc;

use actix::prelude::*;
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use tyiyn_actors::TokioClock;
use tyiyn_actors::clock::{Clock, UnixMillis};
use tyiyn_actors::ids::{AuctionId, Tyiyn, UserId};
use tyiyn_actors::outlets::{BalanceChanged, LobbyUpdate};
use tyiyn_actors::snapshot::AuctionStatus;
use tyiyn_actors::view::Pause;

use super::hub::{self, Hub, LOBBY_FLUSH, LobbyFrame, Notify, OrderChanged, RemoteLobby, SignOut, UserFrame};
use crate::cluster::bus::{self, Bus};

/// A user's news, as it crosses the bus.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
enum UserEvent {
    Balance {
        user: i64,
        balance: i64,
    },
    /// A ready frame for the user's sessions (an order, a notification).
    Frame {
        user: i64,
        frame: String,
    },
    SignOut {
        user: i64,
    },
}

/// An auction's lobby update, as it crosses the bus: its change and its ready frame. A node that
/// reads the change gathers it with its own auctions' (`lobbyUpdates`); one from before the change
/// reads only the frame, and a node from before it sends only the frame (rolling upgrades).
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Lobby {
    auction: i64,
    frame: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    change: Option<Change>,
}

/// What changed on an auction, for the lists (`LobbyUpdate`, in plain numbers).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Change {
    status: AuctionStatus,
    /// In tyiyn.
    price: i64,
    leader: Option<String>,
    leader_is_bot: bool,
    /// Unix milliseconds.
    ends_at: Option<i64>,
    total_bids: i64,
    deleted: bool,
    paused: Option<Pause>,
}

impl Change {
    fn of(u: &LobbyUpdate) -> Change {
        Change {
            status: u.status,
            price: u.price.0,
            leader: u.leader.as_deref().map(str::to_owned),
            leader_is_bot: u.leader_is_bot,
            ends_at: u.ends_at.map(|at| at.0),
            total_bids: u.total_bids,
            deleted: u.deleted,
            paused: u.paused,
        }
    }

    fn update(self, auction: AuctionId) -> LobbyUpdate {
        LobbyUpdate {
            auction,
            status: self.status,
            price: Tyiyn(self.price),
            leader: self.leader.map(Arc::from),
            leader_is_bot: self.leader_is_bot,
            ends_at: self.ends_at.map(UnixMillis),
            total_bids: self.total_bids,
            deleted: self.deleted,
            paused: self.paused,
        }
    }
}

/// This node's hub, and the bus to the others.
pub struct Uplink {
    hub: Addr<Hub>,
    bus: Bus,
    clock: TokioClock,
    dirty: HashMap<AuctionId, LobbyUpdate>,
}

impl Uplink {
    pub fn new(hub: Addr<Hub>, bus: Bus, clock: TokioClock) -> Uplink {
        Uplink { hub, bus, clock, dirty: HashMap::new() }
    }

    fn user(&self, event: &UserEvent) {
        let user = match event {
            UserEvent::Balance { user, .. } | UserEvent::Frame { user, .. } | UserEvent::SignOut { user } => {
                *user
            }
        };
        let payload = serde_json::to_vec(event).unwrap_or_default();
        self.bus.publish(bus::user_subject(user), payload.into());
    }

    fn flush(&mut self) {
        let now = self.clock.now();
        for (id, update) in self.dirty.drain() {
            let lobby = Lobby {
                auction: id.0,
                frame: hub::lobby_frame(&update, now).to_string(),
                change: Some(Change::of(&update)),
            };
            self.bus.publish(bus::LOBBY.to_owned(), serde_json::to_vec(&lobby).unwrap_or_default().into());
        }
    }
}

impl Actor for Uplink {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Context<Self>) {
        ctx.set_mailbox_capacity(4096);
        ctx.run_interval(LOBBY_FLUSH, |uplink, _| uplink.flush());
    }
}

impl Handler<BalanceChanged> for Uplink {
    type Result = ();
    fn handle(&mut self, msg: BalanceChanged, _: &mut Context<Self>) {
        self.hub.do_send(msg);
        self.user(&UserEvent::Balance { user: msg.user.0, balance: msg.balance });
    }
}

impl Handler<LobbyUpdate> for Uplink {
    type Result = ();
    fn handle(&mut self, msg: LobbyUpdate, _: &mut Context<Self>) {
        self.dirty.insert(msg.auction, msg.clone());
        self.hub.do_send(msg);
    }
}

impl Handler<Notify> for Uplink {
    type Result = ();
    fn handle(&mut self, msg: Notify, _: &mut Context<Self>) {
        let frame = hub::notice_frame(msg.notification.clone());
        self.user(&UserEvent::Frame { user: msg.user.0, frame: frame.to_string() });
        self.hub.do_send(msg);
    }
}

impl Handler<OrderChanged> for Uplink {
    type Result = ();
    fn handle(&mut self, msg: OrderChanged, _: &mut Context<Self>) {
        let frame = hub::order_frame(msg.order.clone());
        self.user(&UserEvent::Frame { user: msg.user.0, frame: frame.to_string() });
        self.hub.do_send(msg);
    }
}

impl Handler<SignOut> for Uplink {
    type Result = ();
    fn handle(&mut self, msg: SignOut, _: &mut Context<Self>) {
        self.user(&UserEvent::SignOut { user: msg.user.0 });
        self.hub.do_send(msg);
    }
}

/// Hands the other nodes' user news and lobby frames to this node's hub.
pub fn downlink(bus: Bus, hub: Addr<Hub>) {
    actix_web::rt::spawn(async move {
        let (users, lobby) =
            match (bus.subscribe(bus::USERS.to_owned()).await, bus.subscribe(bus::LOBBY.to_owned()).await) {
                (Ok(u), Ok(l)) => (u, l),
                (Err(e), _) | (_, Err(e)) => {
                    tracing::error!("nats: cannot hear the other nodes' news: {e}");
                    return;
                }
            };
        let mut news = futures_util::stream::select(users, lobby);
        while let Some(msg) = news.next().await {
            if bus.is_mine(&msg) {
                continue;
            }
            if msg.subject.as_str() == bus::LOBBY {
                match serde_json::from_slice::<Lobby>(&msg.payload) {
                    Ok(Lobby { auction, change: Some(change), .. }) => {
                        hub.do_send(change.update(AuctionId(auction)))
                    }
                    Ok(Lobby { auction, frame, change: None }) => hub.do_send(RemoteLobby(LobbyFrame {
                        auction: AuctionId(auction),
                        frame: Arc::from(frame),
                    })),
                    Err(e) => tracing::warn!("nats: a lobby frame that does not parse: {e}"),
                }
                continue;
            }
            match serde_json::from_slice::<UserEvent>(&msg.payload) {
                Ok(UserEvent::Balance { user, balance }) => {
                    hub.do_send(BalanceChanged { user: UserId(user), balance })
                }
                Ok(UserEvent::Frame { user, frame }) => {
                    hub.do_send(UserFrame { user: UserId(user), frame: frame.into() })
                }
                Ok(UserEvent::SignOut { user }) => hub.do_send(SignOut { user: UserId(user) }),
                Err(e) => tracing::warn!("nats: a user event that does not parse: {e}"),
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use tyiyn_actors::view::PauseReason;

    fn update() -> LobbyUpdate {
        LobbyUpdate {
            auction: AuctionId(7),
            status: AuctionStatus::Live,
            price: Tyiyn(1234),
            leader: Some(Arc::from("асель")),
            leader_is_bot: false,
            ends_at: Some(UnixMillis(1_764_000_000_123)),
            total_bids: 1234,
            deleted: false,
            paused: Some(Pause {
                reason: PauseReason::StoreUnavailable,
                since: UnixMillis(1_764_000_000_000),
                remaining_ms: 4_500,
            }),
        }
    }

    #[test]
    fn a_change_crosses_the_bus_whole() {
        let sent = Lobby { auction: 7, frame: "frame".into(), change: Some(Change::of(&update())) };
        let read: Lobby = serde_json::from_slice(&serde_json::to_vec(&sent).unwrap()).unwrap();
        assert_eq!(read.change.map(|c| c.update(AuctionId(read.auction))), Some(update()));
    }

    /// A node from before the change sends only the frame, and reads only the frame.
    #[test]
    fn nodes_from_before_the_change_are_understood_and_understand() {
        let old: Lobby = serde_json::from_str(r#"{"auction":7,"frame":"frame"}"#).unwrap();
        assert_eq!((old.auction, old.frame.as_str(), old.change), (7, "frame", None));

        #[derive(Deserialize)]
        struct Before {
            auction: i64,
            frame: String,
        }
        let sent = Lobby { auction: 7, frame: "frame".into(), change: Some(Change::of(&update())) };
        let before: Before = serde_json::from_slice(&serde_json::to_vec(&sent).unwrap()).unwrap();
        assert_eq!((before.auction, before.frame.as_str()), (7, "frame"));
    }
}
