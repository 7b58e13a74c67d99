//! The one way out after a commit: every effect a use case or an auction has on the outside world
//! (a user's balance or order on their sockets, the lobby, a notification, closing a user's
//! sockets) goes through [`Effects`]. One implementation today, [`LocalHub`]: the realtime hub of
//! this process. An auction's own frames go to the sessions that joined it, which the auction
//! actor holds (docs/architecture.md); its lobby updates, balances and notices leave through
//! [`Effects::outlets`], the same implementation. Messages to the outside world (e-mail, SMS,
//! Telegram) are rows the transaction itself writes to [`Effects::outbox`]; `notify` after the
//! commit wakes the workers that deliver them.

use std::sync::Arc;

use actix::Addr;
use tyiyn_actors::ids::UserId;
use tyiyn_actors::outlets::{BalanceChanged, Outlets};

use crate::db::notifications::NotificationRow;
use crate::db::outbox::Outbox;
use crate::payments::Order;
use crate::ws::SocketIoEncoder;
use crate::ws::hub::{Hub, Notify, OrderChanged, SignOut};

/// What the server tells the outside world once a change is committed. Each call returns at once:
/// delivery never holds up the caller, and a lost socket frame is recovered by the client's next
/// fetch (the durable copy is in PostgreSQL).
pub trait Effects: Send + Sync {
    /// `user`'s bid balance is now `balance`: `bidBalanceUpdate` to their sessions.
    fn balance_changed(&self, user: UserId, balance: i64);
    /// One of `user`'s payment orders changed: `orderUpdate` to their sessions.
    fn order_changed(&self, user: UserId, order: Order);
    /// Stored notifications, each to its user's sessions; wakes the outbox's workers for the
    /// messages their transaction wrote.
    fn notify(&self, notices: &[NotificationRow]);
    /// Where a transaction writes its messages to the outside world (`db::notifications::insert`
    /// takes it).
    fn outbox(&self) -> &Outbox;
    /// Every session of `user` ended: their sockets close.
    fn signed_out(&self, user: UserId);
    /// Where auction actors send their lobby updates, balances and notices.
    fn outlets(&self) -> Outlets;
}

/// [`Effects`] through this process's realtime hub, and this process's outbox workers.
#[derive(Clone)]
pub struct LocalHub {
    hub: Addr<Hub>,
    outbox: Outbox,
}

impl LocalHub {
    pub fn new(hub: Addr<Hub>, outbox: Outbox) -> LocalHub {
        LocalHub { hub, outbox }
    }
}

impl Effects for LocalHub {
    fn balance_changed(&self, user: UserId, balance: i64) {
        self.hub.do_send(BalanceChanged { user, balance });
    }

    fn order_changed(&self, user: UserId, order: Order) {
        self.hub.do_send(OrderChanged { user, order });
    }

    fn notify(&self, notices: &[NotificationRow]) {
        if !notices.is_empty() {
            self.outbox.wake();
        }
        for row in notices {
            if let Some(notification) = crate::notify::view(row) {
                self.hub.do_send(Notify { user: UserId(row.user_id), notification });
            }
        }
    }

    fn outbox(&self) -> &Outbox {
        &self.outbox
    }

    fn signed_out(&self, user: UserId) {
        self.hub.do_send(SignOut { user });
    }

    fn outlets(&self) -> Outlets {
        Outlets {
            lobby: self.hub.clone().recipient(),
            balances: self.hub.clone().recipient(),
            notices: self.hub.clone().recipient(),
            encoder: Arc::new(SocketIoEncoder),
        }
    }
}
