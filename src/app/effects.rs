//! The one way out after a commit: every effect a use case or an auction has on the outside world
//! (a user's balance or order on their sockets, the lobby, a notification, closing a user's
//! sockets) goes through [`Effects`], a port the use cases own. Its one implementation is outside
//! them, `crate::local_hub::LocalHub`: the realtime hub of this process. An auction's own frames
//! go to the sessions that joined it, which the auction actor holds (docs/architecture.md); its
//! lobby updates, balances and notices leave through [`Effects::outlets`], the same
//! implementation. With several nodes on a bus, `LocalHub` stands over the cluster's uplink
//! instead of the hub: the uplink hands every effect to this node's hub and publishes it to the
//! others' (`crate::ws::uplink`). Messages to the outside world (e-mail, SMS,
//! Telegram) are rows the transaction itself writes to [`Effects::outbox`]; `notify` after the
//! commit wakes the workers that deliver them.

use tyiyn_actors::ids::UserId;
use tyiyn_actors::outlets::Outlets;

use crate::app::provider::Order;
use crate::db::notifications::NotificationRow;
use crate::db::outbox::Outbox;

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
