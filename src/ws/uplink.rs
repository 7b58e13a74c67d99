//! The effects port across nodes (issue 25): with a bus, what a use case or an auction tells the
//! outside world reaches the sessions on every node. The [`Uplink`] stands where the realtime hub
//! stands on one node: it hands each effect to this node's hub and publishes it for the others,
//! whose [`downlink`] hands it to theirs. A user's balance, orders, notices and sign-outs go on
//! `tyiyn.user.{id}`; the auctions' lobby updates are gathered like the hub gathers them and go on
//! `tyiyn.lobby` as ready frames.

use std::collections::HashMap;
use std::sync::Arc;

use actix::prelude::*;
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use tyiyn_actors::TokioClock;
use tyiyn_actors::clock::Clock;
use tyiyn_actors::ids::{AuctionId, UserId};
use tyiyn_actors::outlets::{BalanceChanged, LobbyUpdate};

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

/// A lobby frame, as it crosses the bus.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Lobby {
    auction: i64,
    frame: String,
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
            let lobby = Lobby { auction: id.0, frame: hub::lobby_frame(&update, now).to_string() };
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
                    Ok(Lobby { auction, frame }) => hub.do_send(RemoteLobby(LobbyFrame {
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
