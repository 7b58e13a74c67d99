//! The hub: every connected socket registers here. It sends the once-a-second `timerUpdate`,
//! the compact per-auction price/leader/deadline updates (coalesced to at most one per auction
//! per [`LOBBY_FLUSH`]) to everyone on the auction lists, and `bidBalanceUpdate` and `orderUpdate`
//! to a user's own sessions only. It never touches a socket: sessions receive ready frames.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use actix::prelude::*;
use tyiyn_actors::clock::{Clock, TokioClock};
use tyiyn_actors::ids::{AuctionId, UserId};
use tyiyn_actors::outlets::{BalanceChanged, LobbyUpdate, Push};
use tyiyn_actors::registry::ListViews;

use super::events::{BidBalanceType, BidBalanceUpdate, ServerEvent, TimerUpdate, TimersType};
use super::notice::Notification;
use super::recent::RecentLobby;
use super::timers::timers;
use crate::outage::LastKnown;

mod frames;
mod messages;

use frames::lobby_batch_frame;
pub use frames::{lobby_frame, notice_frame, order_frame};
pub use messages::*;

/// How often coalesced lobby updates go out.
pub const LOBBY_FLUSH: Duration = Duration::from_millis(100);
/// How often `timerUpdate` goes out.
pub const TIMER_TICK: Duration = Duration::from_secs(1);

struct Member {
    user: Option<UserId>,
    socket: Recipient<ToSocket>,
    watching: Vec<AuctionId>,
    /// Whether it gets lobby frames (`watchLobby`).
    lobby: bool,
    /// Whether they come as one `lobbyUpdates` frame per flush (`batchLobby`).
    batched: bool,
}

impl Member {
    /// Whether a lobby frame about `auction` goes to this session: it asks for them and does not
    /// watch that auction (which sends it its own).
    fn wants_lobby(&self, auction: AuctionId) -> bool {
        self.lobby && !self.watching.contains(&auction)
    }
}

pub struct Hub {
    members: HashMap<u64, Member>,
    by_user: HashMap<UserId, Vec<u64>>,
    dirty: HashMap<AuctionId, LobbyUpdate>,
    registry: Recipient<ListViews>,
    clock: TokioClock,
    /// Balances for the answers served while the database is away.
    last_known: Option<Arc<LastKnown>>,
    /// Each auction's latest lobby frame of the last minutes, for `lobbySince`.
    recent: RecentLobby,
}

impl Hub {
    pub fn new(registry: Recipient<ListViews>, clock: TokioClock) -> Hub {
        Hub {
            members: HashMap::new(),
            by_user: HashMap::new(),
            dirty: HashMap::new(),
            registry,
            recent: RecentLobby::new(clock.now()),
            clock,
            last_known: None,
        }
    }

    /// Keeps `last_known`'s balances current, for the answers served while the database is away.
    pub fn with_last_known(mut self, last_known: Arc<LastKnown>) -> Hub {
        self.last_known = Some(last_known);
        self
    }

    /// Pushes a notification to the user's sessions (its messages by e-mail, SMS or Telegram are
    /// outbox rows its transaction wrote: `crate::outbox` delivers them).
    fn notify_user(&mut self, user: UserId, notification: Notification) {
        self.push_user(user, notice_frame(notification));
    }

    fn push_all(&mut self, frame: Arc<str>) {
        self.members.retain(|_, m| {
            m.socket.try_send(ToSocket::Push(Push { frame: frame.clone() })).is_ok() || m.socket.connected()
        });
    }

    fn flush_lobby(&mut self) {
        if self.dirty.is_empty() {
            return;
        }
        let now = self.clock.now();
        let dirty: Vec<(AuctionId, LobbyUpdate)> = self.dirty.drain().collect();
        // Each auction's frame is made once (and kept for `lobbySince`), and one batch of them
        // all when a first socket needs it (a socket that joined one of them gets a batch of its
        // own without it).
        let each: Vec<Arc<str>> = dirty.iter().map(|(_, u)| lobby_frame(u, now)).collect();
        for ((id, _), frame) in dirty.iter().zip(&each) {
            self.recent.note(*id, now, frame.clone());
        }
        let mut batch: Option<Arc<str>> = None;
        for m in self.members.values().filter(|m| m.lobby) {
            if m.batched {
                let frame = if dirty.iter().any(|(id, _)| m.watching.contains(id)) {
                    let wanted = dirty.iter().filter(|(id, _)| !m.watching.contains(id));
                    match lobby_batch_frame(wanted.map(|(_, u)| u), now) {
                        Some(frame) => frame,
                        None => continue,
                    }
                } else {
                    match &batch {
                        Some(frame) => frame.clone(),
                        None => match lobby_batch_frame(dirty.iter().map(|(_, u)| u), now) {
                            Some(frame) => batch.insert(frame).clone(),
                            None => continue,
                        },
                    }
                };
                let _ = m.socket.try_send(ToSocket::Push(Push { frame }));
                continue;
            }
            for (k, (id, _)) in dirty.iter().enumerate() {
                if m.wants_lobby(*id) {
                    let frame = each[k].clone();
                    let _ = m.socket.try_send(ToSocket::Lobby(LobbyFrame { auction: *id, frame }));
                }
            }
        }
    }
}

impl Handler<UserFrame> for Hub {
    type Result = ();
    fn handle(&mut self, msg: UserFrame, _: &mut Context<Self>) {
        self.push_user(msg.user, msg.frame);
    }
}

impl Handler<RemoteLobby> for Hub {
    type Result = ();
    fn handle(&mut self, RemoteLobby(frame): RemoteLobby, _: &mut Context<Self>) {
        self.recent.note(frame.auction, self.clock.now(), frame.frame.clone());
        for m in self.members.values().filter(|m| m.wants_lobby(frame.auction)) {
            let lobby = LobbyFrame { auction: frame.auction, frame: frame.frame.clone() };
            let _ = m.socket.try_send(ToSocket::Lobby(lobby));
        }
    }
}

impl Actor for Hub {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Context<Self>) {
        ctx.set_mailbox_capacity(4096);
        ctx.run_interval(LOBBY_FLUSH, |hub, _| hub.flush_lobby());
        ctx.run_interval(TIMER_TICK, |hub, ctx| {
            hub.recent.prune(hub.clock.now());
            if hub.members.is_empty() {
                return;
            }
            let clock = hub.clock.clone();
            hub.registry
                .send(ListViews)
                .into_actor(hub)
                .map(move |views, hub, _| {
                    let Ok(views) = views else { return };
                    let now = clock.now();
                    let timers = timers(&views, now);
                    hub.push_all(
                        ServerEvent::TimerUpdate(TimerUpdate { kind: TimersType::Timers, timers }).frame(),
                    );
                })
                .wait(ctx);
        });
    }
}

impl Handler<Connect> for Hub {
    type Result = ();
    fn handle(&mut self, msg: Connect, _: &mut Context<Self>) {
        if let Some(user) = msg.user {
            self.by_user.entry(user).or_default().push(msg.id);
        }
        let member =
            Member { user: msg.user, socket: msg.socket, watching: Vec::new(), lobby: true, batched: false };
        self.members.insert(msg.id, member);
    }
}

impl Handler<Disconnect> for Hub {
    type Result = ();
    fn handle(&mut self, msg: Disconnect, _: &mut Context<Self>) {
        if let Some(m) = self.members.remove(&msg.id)
            && let Some(user) = m.user
            && let Some(ids) = self.by_user.get_mut(&user)
        {
            ids.retain(|id| *id != msg.id);
            if ids.is_empty() {
                self.by_user.remove(&user);
            }
        }
    }
}

impl Handler<SignOut> for Hub {
    type Result = ();
    fn handle(&mut self, msg: SignOut, _: &mut Context<Self>) {
        // Each socket's `Disconnect` removes it from the members when it stops.
        for id in self.by_user.get(&msg.user).into_iter().flatten() {
            if let Some(m) = self.members.get(id) {
                m.socket.do_send(ToSocket::Close(Close { going_away: false }));
            }
        }
    }
}

impl Handler<CloseAll> for Hub {
    type Result = usize;
    fn handle(&mut self, _: CloseAll, _: &mut Context<Self>) -> usize {
        // Each socket's `Disconnect` removes it from the members when it stops.
        for m in self.members.values() {
            m.socket.do_send(ToSocket::Close(Close { going_away: true }));
        }
        self.members.len()
    }
}

impl Handler<Watch> for Hub {
    type Result = ();
    fn handle(&mut self, msg: Watch, _: &mut Context<Self>) {
        if let Some(m) = self.members.get_mut(&msg.id) {
            m.watching.retain(|a| *a != msg.auction);
            if msg.on {
                m.watching.push(msg.auction);
            }
        }
    }
}

impl Handler<Lobby> for Hub {
    type Result = ();
    fn handle(&mut self, msg: Lobby, _: &mut Context<Self>) {
        if let Some(m) = self.members.get_mut(&msg.id) {
            m.lobby = msg.on.unwrap_or(m.lobby);
            m.batched = msg.batched.unwrap_or(m.batched);
        }
    }
}

impl Handler<CatchUp> for Hub {
    type Result = Option<Vec<Arc<str>>>;
    fn handle(&mut self, msg: CatchUp, _: &mut Context<Self>) -> Self::Result {
        // What the next flush would send is sent now, so the answer is complete to this moment.
        self.flush_lobby();
        self.recent.since(msg.since, self.clock.now())
    }
}

impl Handler<LobbyUpdate> for Hub {
    type Result = ();
    fn handle(&mut self, msg: LobbyUpdate, _: &mut Context<Self>) {
        self.dirty.insert(msg.auction, msg);
    }
}

impl Hub {
    /// Sends `frame` to every session of `user`.
    fn push_user(&self, user: UserId, frame: Arc<str>) {
        for id in self.by_user.get(&user).into_iter().flatten() {
            if let Some(m) = self.members.get(id) {
                let _ = m.socket.try_send(ToSocket::Push(Push { frame: frame.clone() }));
            }
        }
    }
}

impl Handler<BalanceChanged> for Hub {
    type Result = ();
    fn handle(&mut self, msg: BalanceChanged, _: &mut Context<Self>) {
        if let Some(known) = &self.last_known {
            known.set_balance(msg.user.0, msg.balance);
        }
        let update = BidBalanceUpdate {
            kind: BidBalanceType::BidBalance,
            user_id: msg.user,
            bid_balance: msg.balance,
        };
        self.push_user(msg.user, ServerEvent::BidBalanceUpdate(update).frame());
    }
}

impl Handler<Notify> for Hub {
    type Result = ();
    fn handle(&mut self, msg: Notify, _: &mut Context<Self>) {
        self.notify_user(msg.user, msg.notification);
    }
}

impl Handler<OrderChanged> for Hub {
    type Result = ();
    fn handle(&mut self, msg: OrderChanged, _: &mut Context<Self>) {
        self.push_user(msg.user, order_frame(msg.order));
    }
}
