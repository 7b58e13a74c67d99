//! Performing a step's [`Action`]: requests go out without waiting (their answers land in the
//! model), time passes or jumps, the store and the actors are disturbed. Then the world settles.

use std::time::Duration;

use rand::RngExt;

use super::actions::Action;
use super::model::{Actor, Ask, Reply, bot_reply};
use super::world::World;
use crate::auction::{
    BidAccepted, Delete, EndNow, GetView, PlaceBid, PlacePrebid, PrebidAccepted, UnassignBot,
    UpdateBotAssignment, UpdateDetails,
};
use crate::clock::{Clock, UnixMillis};
use crate::errors::{BidRejected, ControlError};
use crate::ids::{AuctionId, Tyiyn, UserId};
use crate::store::{AuctionStore, NewAuction};

impl World {
    /// Performs `action`, then lets the world settle.
    pub(super) async fn perform(&mut self, action: &Action) {
        self.restart_pending().await;
        let now = self.clock.now();
        match *action {
            Action::Bids(ref bids) => {
                for &(id, user, lag) in bids {
                    self.bid(self.index(id), user, now.plus_ms(-lag));
                }
            }
            Action::Race(id, user, offset) => {
                let i = self.index(id);
                if let Some(at) = self.deadline(i).await.map(|d| d.plus_ms(offset)).filter(|&at| at > now) {
                    self.wait(at.ms_since(now).unsigned_abs()).await;
                }
                self.bid(i, user, self.clock.now());
            }
            Action::Prebid(id, user) => {
                let i = self.index(id);
                let msg = PlacePrebid { user, username: format!("user{}", user.0).into(), stamp: now };
                self.model.send(
                    self.lots[i].addr(),
                    Ask::Prebid { auction: id, user, stamp: now },
                    msg,
                    prebid_reply,
                );
            }
            Action::Wait(ms) => return self.wait(ms).await,
            Action::Jump(ms) => return self.jump(ms).await,
            Action::EndNow(id) => self.admin(self.index(id), "end_now", EndNow, control_reply),
            Action::Delete(id) => self.admin(self.index(id), "delete", Delete, control_reply),
            Action::Reschedule(id, offset) => self.reschedule(self.index(id), now.plus_ms(offset)).await,
            Action::Assign(id, bot, limit) => self.assign(self.index(id), bot, limit),
            Action::UpdateBot(id, bot, active, limit) => {
                let msg = UpdateBotAssignment { bot, active: Some(active), bid_limit: Some(limit) };
                self.admin(self.index(id), "update_bot", msg, bot_reply);
            }
            Action::Unassign(id, bot) => {
                self.admin(self.index(id), "unassign", UnassignBot { bot }, bot_reply)
            }
            Action::StoreDown => self.store_down(),
            Action::StoreUp => self.store_up(),
            Action::Latency(ms) => self.store.set_commit_latency(ms.map(Duration::from_millis)),
            Action::Crash(id) => self.crash(self.index(id)).await,
            Action::Create(offset) => self.create(now.plus_ms(offset)).await,
        }
        self.settle().await;
    }

    /// Where lot `id` is in [`World::lots`]. Actions only name lots of this world (and lots are
    /// never removed), so the lookup always finds it.
    fn index(&self, id: AuctionId) -> usize {
        self.lots.iter().position(|l| l.id == id).unwrap_or_default()
    }

    /// A person's bid on lot `i`, stamped `stamp`.
    fn bid(&mut self, i: usize, user: UserId, stamp: UnixMillis) {
        let auction = self.lots[i].id;
        let msg = PlaceBid { user, username: format!("user{}", user.0).into(), stamp };
        self.model.send(self.lots[i].addr(), Ask::Bid { auction, user, stamp }, msg, bid_reply);
    }

    /// Lot `i`'s deadline as its actor shows it (`None` unless live and running).
    async fn deadline(&self, i: usize) -> Option<UnixMillis> {
        let view = self.lots[i].addr()?.send(GetView).await.ok()?;
        view.auction.ends_at
    }

    /// Reloads the actors killed while the store was down, once it is back.
    async fn restart_pending(&mut self) {
        for i in 0..self.lots.len() {
            if self.lots[i].awaiting_restart {
                self.restart(i).await;
            }
        }
    }

    fn admin<M>(&mut self, i: usize, what: &'static str, msg: M, reply: fn(M::Result) -> Reply)
    where
        M: actix::Message + Send + 'static,
        M::Result: Send,
        Actor: actix::Handler<M>,
    {
        let lot = &self.lots[i];
        self.model.send(lot.addr(), Ask::Admin { auction: lot.id, what }, msg, reply);
    }

    async fn reschedule(&mut self, i: usize, start_time: UnixMillis) {
        // The form the admin edits is the stored one.
        let Ok(Some(snap)) = self.store.load(self.lots[i].id).await else { return };
        let mut details = snap.details;
        details.description = format!("starts at {}", start_time.0);
        self.admin(i, "details", UpdateDetails { details, start_time }, control_reply);
    }

    async fn create(&mut self, start_time: UnixMillis) {
        let details = crate::snapshot::AuctionDetails { title: "Created".into(), ..Default::default() };
        let price = Tyiyn(self.rng.random_range(0..100));
        let new = NewAuction { details, start_time, starting_price: price, bots: Vec::new() };
        if let Ok(snap) = self.store.create(new).await {
            self.admit(snap);
        }
    }
}

fn bid_reply(r: Result<BidAccepted, BidRejected>) -> Reply {
    r.map_or_else(|e| Reply::Refused(e.code()), |a| Reply::Bid { id: a.bid.id, amount: a.bid.amount })
}

fn prebid_reply(r: Result<PrebidAccepted, BidRejected>) -> Reply {
    r.map_or_else(|e| Reply::Refused(e.code()), |_| Reply::Done)
}

fn control_reply<T>(r: Result<T, ControlError>) -> Reply {
    r.map_or_else(|e| Reply::Refused(e.code()), |_| Reply::Done)
}
