//! The implementation of the use cases' effects port (`crate::app::effects::Effects`):
//! [`LocalHub`] hands each effect to this process's realtime hub (or, with several nodes, to the
//! cluster's uplink in front of it), and stores and pushes the auctions' personal notices.

use std::sync::Arc;

use actix::prelude::*;
use deadpool_postgres::Pool;
use tyiyn_actors::ids::UserId;
use tyiyn_actors::outlets::{BalanceChanged, LobbyUpdate, Notice, NoticeKind, Outlets};

use crate::app::effects::Effects;
use crate::app::provider::Order;
use crate::db;
use crate::db::notifications::Notice as Stored;
use crate::db::notifications::NotificationRow;
use crate::db::outbox::Outbox;
use crate::ws::SocketIoEncoder;
use crate::ws::hub::{Notify, OrderChanged, SignOut};
use crate::ws::notice::{Notification, NotificationKind};

/// Where the effects go: the realtime hub of this process, or the cluster's uplink in front of it.
#[derive(Clone)]
pub struct HubPorts {
    balances: Recipient<BalanceChanged>,
    orders: Recipient<OrderChanged>,
    notices: Recipient<Notify>,
    sign_outs: Recipient<SignOut>,
    lobby: Recipient<LobbyUpdate>,
}

impl HubPorts {
    /// The ports of `actor` (the hub, or the uplink).
    pub fn of<A>(actor: Addr<A>) -> HubPorts
    where
        A: Actor<Context = Context<A>>
            + Handler<BalanceChanged>
            + Handler<OrderChanged>
            + Handler<Notify>
            + Handler<SignOut>
            + Handler<LobbyUpdate>,
    {
        HubPorts {
            balances: actor.clone().recipient(),
            orders: actor.clone().recipient(),
            notices: actor.clone().recipient(),
            sign_outs: actor.clone().recipient(),
            lobby: actor.recipient(),
        }
    }
}

/// [`Effects`] through this process's realtime hub (or the uplink in front of it), and this
/// process's outbox workers.
#[derive(Clone)]
pub struct LocalHub {
    hub: HubPorts,
    outbox: Outbox,
    /// Where the auctions' personal notices go (`super::notices`).
    notices: Recipient<Notice>,
}

impl LocalHub {
    /// Starts the notice desk on the current actix system.
    pub fn new(hub: HubPorts, outbox: Outbox, pool: Pool) -> LocalHub {
        let desk = NoticeDesk { pool, hub: hub.notices.clone(), outbox: outbox.clone(), waiting: Vec::new() }
            .start();
        LocalHub { hub, outbox, notices: desk.recipient() }
    }
}

impl Effects for LocalHub {
    fn balance_changed(&self, user: UserId, balance: i64) {
        self.hub.balances.do_send(BalanceChanged { user, balance });
    }

    fn order_changed(&self, user: UserId, order: Order) {
        self.hub.orders.do_send(OrderChanged { user, order });
    }

    fn notify(&self, notices: &[NotificationRow]) {
        if !notices.is_empty() {
            self.outbox.wake();
        }
        for row in notices {
            if let Some(notification) = crate::notify::view(row) {
                self.hub.notices.do_send(Notify { user: UserId(row.user_id), notification });
            }
        }
    }

    fn outbox(&self) -> &Outbox {
        &self.outbox
    }

    fn signed_out(&self, user: UserId) {
        self.hub.sign_outs.do_send(SignOut { user });
    }

    fn outlets(&self) -> Outlets {
        Outlets {
            lobby: self.hub.lobby.clone(),
            balances: self.hub.balances.clone(),
            notices: self.notices.clone(),
            encoder: Arc::new(SocketIoEncoder),
        }
    }
}

// The auctions' personal notices (`tyiyn_actors::outlets::Notice`), as the effects port receives
// them: a pre-bid's go-live (already stored by the store's go-live transaction) goes to the user's
// open sessions; an outbid (issue 24) is stored first — the notification and its messages on the
// user's channels in one transaction — and then pushed like every stored notice.
//
// The outbid notice is written in a transaction of its own, after the bid that caused it has
// committed and been answered: the bid's commit stays as cheap as it was (docs/rules/notifications.md,
// "Outbid notices"). A crash between the two loses that one courtesy notice, never a bid.

/// How long outbid notices gather before they are stored together (one transaction for all).
const GATHER: std::time::Duration = std::time::Duration::from_millis(200);

/// Receives the auctions' notices (the outlets' `notices`).
struct NoticeDesk {
    pool: Pool,
    hub: Recipient<Notify>,
    outbox: Outbox,
    /// Outbid notices waiting for the next store: (user, auction, notice).
    waiting: Vec<(UserId, i64, Stored)>,
}

impl Actor for NoticeDesk {
    type Context = Context<Self>;
}

impl Handler<Notice> for NoticeDesk {
    type Result = ();

    fn handle(&mut self, msg: Notice, ctx: &mut Context<Self>) {
        match msg.kind {
            NoticeKind::AuctionStarted => {
                let mut notice =
                    Notification::new(None, NotificationKind::AuctionStarted, chrono::Utc::now());
                notice.auction_id = Some(msg.auction);
                notice.title = Some(msg.title.to_string());
                self.hub.do_send(Notify { user: msg.user, notification: notice });
            }
            NoticeKind::Outbid { price } => {
                let stored = Stored::Outbid { title: Some(msg.title.to_string()), price: price.0 };
                self.waiting.push((msg.user, msg.auction.0, stored));
                if self.waiting.len() == 1 {
                    ctx.run_later(GATHER, |desk, ctx| desk.flush(ctx));
                }
            }
        }
    }
}

impl NoticeDesk {
    /// Stores the waiting notices in one transaction, then pushes each to its user's sessions.
    fn flush(&mut self, ctx: &mut Context<Self>) {
        let batch = std::mem::take(&mut self.waiting);
        let (pool, hub, outbox) = (self.pool.clone(), self.hub.clone(), self.outbox.clone());
        ctx.spawn(
            async move {
                match store(&pool, &outbox, &batch).await {
                    Ok(rows) => {
                        outbox.wake();
                        for row in rows {
                            if let Some(notification) = crate::notify::view(&row) {
                                hub.do_send(Notify { user: UserId(row.user_id), notification });
                            }
                        }
                    }
                    Err(e) => tracing::warn!(notices = batch.len(), error = %e, "outbid notices not stored"),
                }
            }
            .into_actor(self),
        );
    }
}

/// Stores notices and their messages in one transaction. Its commit does not wait for the disk
/// (`synchronous_commit = off`): a crash may lose the last fraction of a second of these courtesy
/// notices, which a crash right after the bid would lose anyway, and the bids' own commits do not
/// queue behind their flushes.
async fn store(
    pool: &Pool,
    outbox: &Outbox,
    notices: &[(UserId, i64, Stored)],
) -> anyhow::Result<Vec<db::notifications::NotificationRow>> {
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    tx.batch_execute("set local synchronous_commit = off").await?;
    let batch: Vec<(i64, Option<i64>, &Stored)> =
        notices.iter().map(|(user, auction, notice)| (user.0, Some(*auction), notice)).collect();
    let rows = db::notifications::insert_many(&tx, outbox, &batch).await?;
    crate::app::commit(tx).await?;
    Ok(rows)
}
