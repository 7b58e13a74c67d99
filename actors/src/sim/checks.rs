//! The invariants, checked after every step against the store, the actors' views and what the
//! clients were told (see the module docs of [`super`] for the list). Each returns the first
//! violation as a sentence.

use std::collections::BTreeSet;

use super::OUTAGE_RULE;
use super::world::{Lot, USERS, World};
use crate::auction::GetView;
use crate::clock::{Clock, UnixMillis};
use crate::ids::{AuctionId, Tyiyn, UserId};
use crate::rules::{BidderId, Rules};
use crate::snapshot::{AuctionSnapshot, AuctionStatus};
use crate::store::StoredBid;
use crate::view::AuctionView;

type Verdict = Result<(), String>;

impl World {
    /// Every invariant, now. The actors' views are asked first: waiting for them lets the
    /// runtime move on, and the store, read afterwards without waiting, can only be ahead of them.
    pub(super) async fn check(&mut self) -> Verdict {
        let mut views = Vec::with_capacity(self.lots.len());
        for lot in &self.lots {
            // An actor gone meanwhile finished or was deleted: checked against the store.
            let view = match lot.addr() {
                Some(addr) => addr.send(GetView).await.ok(),
                None => None,
            };
            views.push(view);
        }
        let rules = self.rules();
        let mut stored = BTreeSet::new();
        let mut finished = 0;
        for (i, view) in views.into_iter().enumerate() {
            let id = self.lots[i].id;
            let Some(snap) = self.store.snapshot(id) else {
                self.check_deleted(&self.lots[i])?;
                continue;
            };
            stored.insert(id);
            let bids = self.store.bids(id);
            check_price(&snap, &bids, &rules)?;
            self.check_acked(id, &bids)?;
            check_deadlines(id, self.first_deadline(i), &self.resumes(i), &snap, &bids, &rules)?;
            self.check_finish(i, &snap, &bids)?;
            finished += usize::from(snap.status == AuctionStatus::Finished);
            if let Some(view) = view {
                check_view(id, &view, &snap, &bids)?;
            }
        }
        let stats = self.store.stats();
        if stats.finished != finished {
            return Err(format!(
                "the store counts {} finishes for {finished} finished auctions",
                stats.finished
            ));
        }
        self.check_ledger(&stored)?;
        if OUTAGE_RULE { self.check_outages() } else { Ok(()) }
    }

    /// After the last step: the store is back and nobody bids, so every request has its answer
    /// and every auction has finished or was deleted.
    pub(super) fn check_settled(&self) -> Verdict {
        if let Some(ask) = self.model.unanswered().first() {
            return Err(format!("{ask:?} was never answered"));
        }
        for lot in &self.lots {
            if let Some(snap) = self.store.snapshot(lot.id).filter(|s| s.status != AuctionStatus::Finished) {
                return Err(format!("auction {} is still {:?} after the world settled", lot.id, snap.status));
            }
        }
        Ok(())
    }

    fn check_deleted(&self, lot: &Lot) -> Verdict {
        match lot.finished {
            Some(_) => Err(format!("finished auction {} disappeared from the store", lot.id)),
            None => Ok(()),
        }
    }

    /// No acknowledged bid lost: each is stored with its id, bidder, amount and stamp.
    fn check_acked(&self, id: AuctionId, bids: &[StoredBid]) -> Verdict {
        if self.model.deleted.contains(&id) {
            return Err(format!("auction {id} was answered deleted but is still stored"));
        }
        for a in self.model.acked.get(&id).into_iter().flatten() {
            let same = |b: &&StoredBid| {
                b.bidder.id == BidderId::User(a.user) && b.amount == a.amount && b.stamp == a.stamp
            };
            if !bids.iter().filter(|b| b.id == a.id).any(|b| same(&b)) {
                return Err(format!("acknowledged bid {a:?} on auction {id} is not in the store"));
            }
        }
        Ok(())
    }

    /// Finished exactly once, never before the deadline, and frozen from then on.
    fn check_finish(&mut self, i: usize, snap: &AuctionSnapshot, bids: &[StoredBid]) -> Verdict {
        let now = self.clock.now();
        let grace = self.rules().finish_grace_ms;
        let by_admin = self.model.ended_by_admin(self.lots[i].id);
        let lot = &mut self.lots[i];
        let rank = |s: AuctionStatus| s as u8;
        if rank(snap.status) < rank(lot.status) {
            return Err(format!("auction {} went back from {:?} to {:?}", lot.id, lot.status, snap.status));
        }
        lot.status = snap.status;
        if snap.status != AuctionStatus::Finished {
            return Ok(());
        }
        let ended =
            snap.ended_at.ok_or_else(|| format!("auction {} finished without an end time", lot.id))?;
        let late = bids.iter().find(|b| !b.is_prebid && (b.stamp > ended || (!by_admin && b.stamp == ended)));
        if let Some(b) = late {
            return Err(format!(
                "auction {} ended at {} but stored bid {} stamped {}",
                lot.id, ended.0, b.id, b.stamp.0
            ));
        }
        match lot.finished {
            Some(seen) if seen != (ended, bids.len()) => {
                Err(format!("finished auction {} changed: {seen:?} became {:?}", lot.id, (ended, bids.len())))
            }
            Some(_) => Ok(()),
            None if !by_admin && Some(ended) != snap.ends_at => {
                Err(format!("auction {} ended at {} but its deadline is {:?}", lot.id, ended.0, snap.ends_at))
            }
            None if !by_admin && now < ended.plus_ms(grace) => {
                Err(format!("auction {} finished before its deadline {} and grace", lot.id, ended.0))
            }
            None => {
                lot.finished = Some((ended, bids.len()));
                Ok(())
            }
        }
    }

    /// Balance = ledger: each user's balance is the initial one minus what the answers charged
    /// on auctions still stored (a delete refunds), give or take their unanswered requests.
    fn check_ledger(&self, stored: &BTreeSet<AuctionId>) -> Verdict {
        for user in (1..=USERS).map(UserId) {
            let (low, high) = self.model.balance_bounds(user, |a| stored.contains(&a));
            let balance = self.store.balance(user);
            if !(low..=high).contains(&balance) {
                return Err(format!("user {user} has {balance} bids, the answers say {low}..={high}"));
            }
        }
        Ok(())
    }

    /// The outage rule: nothing finishes while the store is down, and no deadline finish records
    /// an end inside an outage (the countdown pauses and comes back after it).
    fn check_outages(&self) -> Verdict {
        if let Some(o) = self.outages.last().filter(|o| o.up.is_none()) {
            let finished = self.store.stats().finished;
            if finished != o.finished {
                return Err(format!("{} auctions finished while the store was down", finished - o.finished));
            }
        }
        for lot in self.lots.iter().filter(|l| !self.model.ended_by_admin(l.id)) {
            let Some((ended, _)) = lot.finished else { continue };
            // A deadline at the outage's very start had passed (bids at it are refused): it stands.
            let inside = |o: &&super::world::Outage| o.down < ended && o.up.is_none_or(|up| ended <= up);
            if let Some(o) = self.outages.iter().find(inside) {
                return Err(format!("auction {} finished at {}, inside the outage {o:?}", lot.id, ended.0));
            }
        }
        Ok(())
    }
}

/// The store's row: price = start + increment × bids, one stored bid per counted bid, and each
/// stored bid's amount one increment above the previous.
fn check_price(snap: &AuctionSnapshot, bids: &[StoredBid], rules: &Rules) -> Verdict {
    let id = snap.id;
    if snap.price != price_after(snap.starting_price, rules.increment, snap.total_bids) {
        return Err(format!("auction {id} is priced {:?} after {} bids", snap.price, snap.total_bids));
    }
    if bids.len() as i64 != snap.total_bids {
        return Err(format!("auction {id} counts {} bids but stores {}", snap.total_bids, bids.len()));
    }
    for (n, b) in (1..).zip(bids) {
        if b.amount != price_after(snap.starting_price, rules.increment, n) {
            return Err(format!("auction {id}: bid #{n} ({}) is {:?}", b.id, b.amount));
        }
        // Bid #n came when the auction had taken n - 1 bids: the house rule's moment.
        if b.bidder.is_bot() && !snap.details.house_may_bid(n - 1) {
            return Err(format!("auction {id}: bot bid #{n} ({}) breaks the house rule", b.id));
        }
    }
    Ok(())
}

/// No bid accepted at or after the deadline in force when it came (replayed from the stored
/// bids, from the deadline the countdown `began` with; a resume moves it to the deadline it gave
/// back from the start of its pause, since bids stamped after that were refused until the
/// resume), and the stored deadline is at least the last bid's countdown.
fn check_deadlines(
    id: AuctionId,
    began: Option<UnixMillis>,
    resumes: &[(UnixMillis, UnixMillis)],
    snap: &AuctionSnapshot,
    bids: &[StoredBid],
    rules: &Rules,
) -> Verdict {
    if bids.iter().any(|b| !b.is_prebid) && began.is_none() {
        return Err(format!("auction {id} has bids but never announced a deadline"));
    }
    let mut deadline = began;
    let mut pending = resumes.iter().peekable();
    for b in bids {
        while let Some(&&(since, given)) = pending.peek().filter(|r| !b.is_prebid && r.0 <= b.stamp) {
            let _ = since;
            deadline = Some(deadline.map_or(given, |d| d.max(given)));
            pending.next();
        }
        let opening = snap.details.opening_secs.map_or(rules.start_countdown_ms, |s| i64::from(s) * 1000);
        let countdown = if b.is_prebid { opening } else { rules.bid_countdown_ms };
        if let Some(d) = deadline.filter(|&d| !b.is_prebid && b.stamp >= d) {
            return Err(format!(
                "auction {id}: bid {} stamped {} after the deadline {}",
                b.id, b.stamp.0, d.0
            ));
        }
        let extended = b.stamp.plus_ms(countdown);
        deadline = Some(deadline.map_or(extended, |d| d.max(extended)));
    }
    for &(_, given) in pending {
        deadline = Some(deadline.map_or(given, |d| d.max(given)));
    }
    match (deadline, snap.ends_at) {
        (Some(d), ends_at) if ends_at.is_none_or(|e| e < d) => {
            Err(format!("auction {id}: deadline {ends_at:?} is before the last bid's countdown {}", d.0))
        }
        _ => Ok(()),
    }
}

/// The actor's own view agrees: price = start + increment × bids, no more bids than stored,
/// and every recent bid it shows is stored.
fn check_view(id: AuctionId, view: &AuctionView, snap: &AuctionSnapshot, bids: &[StoredBid]) -> Verdict {
    let info = &view.auction;
    let priced = price_after(info.starting_price, info.bid_increment, info.total_bids);
    if info.current_price != priced {
        return Err(format!("actor {id} shows {:?} after {} bids", info.current_price, info.total_bids));
    }
    if info.total_bids > snap.total_bids {
        return Err(format!("actor {id} shows {} bids, the store {}", info.total_bids, snap.total_bids));
    }
    match view.bids.iter().find(|v| !bids.iter().any(|b| b.id == v.id)) {
        Some(v) => Err(format!("actor {id} shows bid {} that is not stored", v.id)),
        None => Ok(()),
    }
}

fn price_after(start: Tyiyn, increment: Tyiyn, bids: i64) -> Tyiyn {
    Tyiyn(start.0 + increment.0 * bids)
}
