//! Won items (docs/rules/won-items.md, "Won items"): choosing delivery (which opens the order to pay),
//! declining, the admin's shipping and delivering, and the sweeper that ends lapsed reservations
//! and sends the reminders, by the database's clock. Each is one transaction; the orders it fails
//! and the notifications it stores go out through [`Effects`] after the commit.

use std::sync::Arc;
use std::time::Duration;

use deadpool_postgres::Pool;
use serde_json::json;
use tyiyn_actors::ids::UserId;

use super::audit::action;
use super::effects::Effects;
use crate::app::provider::{Payments, order_view};
use crate::auth::CurrentUser;
use crate::config::ClaimSettings;
use crate::db;
use crate::db::claims::{ClaimRow, Delivery, Locked};
use crate::db::notifications::{Notice, NotificationRow};
use crate::db::payments::OrderRow;
use crate::error::AppError;
use crate::i18n::{Lang, Msg};
use crate::ids::ClaimId;
use crate::statuses::{EndReason, PayMethod};

/// Lapsed offers (and reminders) handled per sweep transaction.
const SWEEP_BATCH: i64 = 50;

/// What the won-item use cases need.
pub struct Handles<'a> {
    pub pool: &'a Pool,
    pub effects: &'a dyn Effects,
    pub payments: &'a Payments,
    pub settings: &'a ClaimSettings,
    /// The site's language, for the order views pushed to sockets.
    pub lang: Lang,
    /// Whether Buy It Now needs a confirmed phone.
    pub phones: crate::config::PhoneVerification,
}

impl Handles<'_> {
    /// Tells the sockets about orders a claim change failed, and delivers its notifications.
    fn announce(&self, failed: &[OrderRow], notices: &[NotificationRow]) {
        for order in failed {
            let view = order_view(order, self.payments, self.lang.code());
            self.effects.order_changed(UserId(order.user_id), view);
        }
        self.effects.notify(notices);
    }
}

/// The caller's own won item, locked, still open and in time.
pub(super) fn open_claim(locked: Option<Locked>, user: i64) -> Result<Locked, AppError> {
    let claim = locked.filter(|c| c.user_id == user).ok_or(AppError::NotFound(Msg::ClaimNotFound))?;
    if !claim.is_open() {
        return Err(AppError::Conflict(Msg::ClaimNotOpen));
    }
    Ok(claim)
}

/// Chooses delivery for `user`'s won item `id` (reserved, or claimed again to change the choice:
/// the earlier pending order fails): the claim and the order paying its price plus delivery.
pub async fn choose_delivery(
    h: &Handles<'_>,
    user: i64,
    ClaimId(id): ClaimId,
    choice: &Delivery,
) -> Result<(ClaimRow, OrderRow), AppError> {
    let mut client = h.pool.get().await?;
    let tx = client.transaction().await?;
    let claim = open_claim(db::claims::lock(&tx, id).await?, user)?;
    if !claim.in_time {
        return Err(AppError::Conflict(Msg::ClaimExpired));
    }
    deliver(h, tx, &claim, choice).await
}

/// Records `choice` on the locked, open `claim` with its new pending order, commits `tx` and
/// tells the sockets of the orders it failed (a won item's delivery and a new Buy It Now alike).
pub(super) async fn deliver(
    h: &Handles<'_>,
    tx: deadpool_postgres::Transaction<'_>,
    claim: &Locked,
    choice: &Delivery,
) -> Result<(ClaimRow, OrderRow), AppError> {
    let provider = h.payments.for_method(choice.pay_by).ok_or(AppError::Suspended(Msg::QrUnavailable))?;
    let (order, failed) = db::claims::choose_delivery(&tx, claim, choice, provider.name()).await?;
    let row = db::claims::get(&tx, claim.id).await?.ok_or(AppError::NotFound(Msg::ClaimNotFound))?;
    super::commit(tx).await?;
    tracing::info!(
        claim = claim.id,
        order = order.id,
        method = choice.method.as_str(),
        amount = order.amount,
        "delivery chosen"
    );
    h.announce(&failed, &[]);
    let order = match order.method {
        PayMethod::Card => order,
        PayMethod::Qr => {
            let buying = super::payments::Handles { pool: h.pool, effects: h.effects, payments: h.payments };
            super::qr::open(&buying, order).await?
        }
    };
    Ok((row, order))
}

/// Declines `user`'s won item `id` (reserved or claimed): it passes at once to the previous
/// participant, or expires when nobody is left; a pending order of it fails.
pub async fn decline(h: &Handles<'_>, user: i64, ClaimId(id): ClaimId) -> Result<ClaimRow, AppError> {
    let mut client = h.pool.get().await?;
    let tx = client.transaction().await?;
    open_claim(db::claims::lock(&tx, id).await?, user)?;
    let passed =
        db::claims::pass_on(&tx, h.effects.outbox(), id, EndReason::Declined, h.settings.reserve_hours)
            .await?
            .ok_or(AppError::Conflict(Msg::ClaimNotOpen))?;
    let row = db::claims::get(&tx, id).await?.ok_or(AppError::NotFound(Msg::ClaimNotFound))?;
    super::commit(tx).await?;
    tracing::info!(claim = id, state = row.state.as_str(), "claim declined");
    h.announce(&passed.failed_orders, &passed.notifications);
    Ok(row)
}

/// How the admin moves a won item along.
#[derive(Debug, Clone, Copy)]
pub enum Move<'a> {
    /// Shipped (courier or region), with an optional tracking note: `itemShipped`.
    Ship { tracking: Option<&'a str> },
    /// Delivered (shipped, or paid and collected at the office): `itemDelivered`.
    Deliver,
}

/// Moves won item `id` along in one transaction, or 409 when its state does not allow it; the
/// move is audited and its holder is told.
pub async fn advance(
    h: &Handles<'_>,
    admin: &CurrentUser,
    ClaimId(id): ClaimId,
    step: Move<'_>,
) -> Result<ClaimRow, AppError> {
    let code = match step {
        Move::Ship { .. } => "claim.ship",
        Move::Deliver => "claim.deliver",
    };
    let mut client = h.pool.get().await?;
    let tx = client.transaction().await?;
    let before = db::claims::lock(&tx, id).await?.ok_or(AppError::NotFound(Msg::ClaimNotFound))?;
    let moved = match step {
        Move::Ship { tracking } => db::claims::ship(&tx, id, tracking).await?,
        Move::Deliver => db::claims::deliver(&tx, id).await?,
    };
    if !moved {
        return Err(AppError::Conflict(Msg::ClaimStateInvalid));
    }
    let row = db::claims::get(&tx, id).await?.ok_or(AppError::NotFound(Msg::ClaimNotFound))?;
    let after = json!({ "state": row.state, "tracking": row.tracking });
    let audit = action(admin, code, "claim", Some(id), Some(json!({ "state": before.state })), Some(after));
    db::audit::log(&tx, &audit).await?;
    let (title, claim_id, tracking) = (Some(row.title.clone()), id, row.tracking.clone());
    let notice = match step {
        Move::Ship { .. } => Notice::ItemShipped { title, claim_id, tracking },
        Move::Deliver => Notice::ItemDelivered { title, claim_id, tracking },
    };
    let notice =
        db::notifications::insert(&tx, h.effects.outbox(), row.user_id, row.auction_id, &notice).await?;
    super::commit(tx).await?;
    h.effects.notify(&[notice]);
    Ok(row)
}

/// What the sweeper owns: it outlives any request.
pub struct Sweeper {
    pub pool: Pool,
    pub effects: Arc<dyn Effects>,
    pub payments: Payments,
    pub settings: ClaimSettings,
    /// The site's language at each sweep (the admin may change it).
    pub lang: Box<dyn Fn() -> Lang + Send + Sync>,
}

impl Sweeper {
    fn handles(&self) -> Handles<'_> {
        Handles {
            pool: &self.pool,
            effects: self.effects.as_ref(),
            payments: &self.payments,
            settings: &self.settings,
            lang: (self.lang)(),
            // The sweeper passes and reminds; it never starts a Buy It Now.
            phones: crate::config::PhoneVerification::Off,
        }
    }

    /// Starts sweeping: every `sweep_interval_ms` it passes on lapsed offers and sends the due
    /// reminders. What is due is decided by the database's `now()` under row locks (`skip
    /// locked`), so it happens once however many servers sweep, and a restart only delays it.
    pub fn start(self) {
        let me = std::rc::Rc::new(self);
        let every = Duration::from_millis(me.settings.sweep_interval_ms);
        super::every(every, "claim sweep", move || {
            let me = me.clone();
            async move { sweep(&me.handles()).await }
        });
    }
}

/// One sweep: lapsed offers passed on (a batch per transaction until none is left), then the
/// reminders.
pub async fn sweep(h: &Handles<'_>) -> anyhow::Result<()> {
    loop {
        let mut client = h.pool.get().await?;
        let tx = client.transaction().await?;
        let lapsed = db::claims::lock_lapsed(&tx, SWEEP_BATCH).await?;
        let (mut failed, mut notices) = (Vec::new(), Vec::new());
        for claim in &lapsed {
            if let Some(passed) = db::claims::pass_on(
                &tx,
                h.effects.outbox(),
                *claim,
                EndReason::Lapsed,
                h.settings.reserve_hours,
            )
            .await?
            {
                failed.extend(passed.failed_orders);
                notices.extend(passed.notifications);
            }
        }
        super::commit(tx).await?;
        if !lapsed.is_empty() {
            tracing::info!(claims = ?lapsed, "lapsed reservations passed on");
        }
        h.announce(&failed, &notices);
        if (lapsed.len() as i64) < SWEEP_BATCH {
            break;
        }
    }
    let mut client = h.pool.get().await?;
    let tx = client.transaction().await?;
    let reminders = db::claims::remind(&tx, h.effects.outbox(), h.settings.remind_hours, SWEEP_BATCH).await?;
    super::commit(tx).await?;
    h.effects.notify(&reminders);
    Ok(())
}
