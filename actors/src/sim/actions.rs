//! The steps of a run: each an action drawn from the seed's generator (performed in `perform`).
//! People bid and pre-bid, time passes (bots bid on their own) or jumps, an admin steers an
//! auction, the store fails or slows down, an actor is killed and reloaded, an auction is created.

use rand::RngExt;
use rand::rngs::StdRng;

use super::world::{BOTS, USERS, World};
use crate::ids::{AuctionId, BotId, UserId};
use crate::snapshot::AuctionStatus;

/// At most this many lots per run (the admin creates some on the way).
const MAX_LOTS: usize = 64;

/// What a step does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Action {
    /// People bid at the same moment (several at once make a batch), each request stamped this
    /// many milliseconds ago (it was in flight).
    Bids(Vec<(AuctionId, UserId, i64)>),
    /// Time passes to this far from the auction's deadline (when still ahead), then a person bids:
    /// the race at the deadline.
    Race(AuctionId, UserId, i64),
    /// A person pre-bids.
    Prebid(AuctionId, UserId),
    /// Time passes normally for this many milliseconds (bots bid, deadlines fire).
    Wait(u64),
    /// The clock jumps this far at once.
    Jump(u64),
    /// The admin finishes a lot now.
    EndNow(AuctionId),
    /// The admin deletes a lot.
    Delete(AuctionId),
    /// The admin moves an upcoming lot's start this far from now (negative: already due).
    Reschedule(AuctionId, i64),
    /// The admin assigns a bot (limit 0: none).
    Assign(AuctionId, BotId, u32),
    /// The admin changes a bot's assignment.
    UpdateBot(AuctionId, BotId, bool, u32),
    /// The admin removes a bot.
    Unassign(AuctionId, BotId),
    /// The store goes down.
    StoreDown,
    /// The store comes back.
    StoreUp,
    /// Bid commits take this long to answer (`None`: at once).
    Latency(Option<u64>),
    /// A lot's actor is killed and reloaded from the store.
    Crash(AuctionId),
    /// The admin creates an auction starting this far from now.
    Create(i64),
}

impl World {
    /// Draws the next action. Most target a lot whose actor runs; a new auction is created
    /// whenever fewer than three run.
    pub(super) fn draw(&mut self) -> Action {
        let running: Vec<AuctionId> = self.lots.iter().filter(|l| l.addr().is_some()).map(|l| l.id).collect();
        let with = |status| -> Vec<AuctionId> {
            self.lots.iter().filter(|l| l.addr().is_some() && l.status == status).map(|l| l.id).collect()
        };
        let (live, upcoming) = (with(AuctionStatus::Live), with(AuctionStatus::Upcoming));
        let all: Vec<AuctionId> = self.lots.iter().map(|l| l.id).collect();
        let down = self.store_is_down();
        let room = self.lots.len() < MAX_LOTS;
        let r = &mut self.rng;
        // Mostly a running lot, and for bids and pre-bids mostly one that takes them.
        let pick = |r: &mut StdRng, fit: &[AuctionId]| {
            let from = if !fit.is_empty() && r.random_bool(0.8) {
                fit
            } else if !running.is_empty() && r.random_bool(0.9) {
                &running
            } else {
                &all
            };
            from[r.random_range(0..from.len())]
        };
        let user = |r: &mut StdRng| UserId(r.random_range(1..=USERS));
        let lot = pick(r, &running);
        let bot = BotId(100 + r.random_range(1..=BOTS));
        if down && r.random_bool(0.3) {
            return Action::StoreUp;
        }
        if room && running.len() < 3 && r.random_bool(0.2) {
            return Action::Create(r.random_range(1_000..20_000));
        }
        match r.random_range(0..100) {
            0..28 => {
                let n = r.random_range(1..=3);
                let lag = |r: &mut StdRng| if r.random_bool(0.8) { 0 } else { r.random_range(1..800) };
                Action::Bids((0..n).map(|_| (pick(r, &live), user(r), lag(r))).collect())
            }
            28..31 => Action::Race(pick(r, &live), user(r), r.random_range(-2..=1)),
            31..38 => Action::Prebid(pick(r, &upcoming), user(r)),
            38..60 => Action::Wait(r.random_range(10..3_000)),
            60..63 => Action::Jump(r.random_range(2_000..40_000)),
            63..66 => Action::EndNow(lot),
            66..67 => Action::Delete(lot),
            67..71 => Action::Reschedule(lot, r.random_range(-2_000..30_000)),
            71..75 => Action::Assign(lot, bot, r.random_range(0..=8)),
            75..78 => Action::UpdateBot(lot, bot, r.random_bool(0.7), r.random_range(0..=8)),
            78..80 => Action::Unassign(lot, bot),
            80..85 => Action::StoreDown,
            85..90 => Action::Latency(r.random_bool(0.6).then(|| r.random_range(1..3_000))),
            90..94 => Action::Crash(lot),
            94..96 if room => Action::Create(r.random_range(1_000..20_000)),
            _ => Action::Wait(r.random_range(10..500)),
        }
    }
}
