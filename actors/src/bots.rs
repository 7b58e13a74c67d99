//! Automatic bidders: what a bot assignment is, the global bot settings and how actors share them,
//! and the pure decisions the auction actor's bot driver takes (`auction::bots`): which bots take
//! part, how long to wait, where the deadline clips the wait.
//!
//! A bot is a user row flagged `is_bot` ([`BotId`] is its id). It bids through the same rules,
//! commit and broadcast as a person, as a [`Bidder::bot`](crate::rules::Bidder::bot): never
//! charged, and every bid it places is recorded as automatic with its display name.

use std::sync::{Arc, RwLock};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::clock::UnixMillis;
use crate::errors::ControlError;
use crate::ids::{AuctionId, BotAssignmentId, BotId};
use crate::rules::BidderId;

/// A bot bid is clipped to land at least this long before the deadline, so a timer that fires a
/// little late still stamps the bid in time.
pub const DEADLINE_MARGIN_MS: i64 = 300;

/// The global bot settings (one row, edited by admins; spec section 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BotSettings {
    /// Whether any bot bids at all.
    pub enabled: bool,
    /// The shortest wait before a bot answers, in seconds (1–10).
    #[schema(minimum = 1, maximum = 10, example = 5)]
    pub min_delay: u32,
    /// The longest wait before a bot answers, in seconds (1–10, ≥ `minDelay`).
    #[schema(minimum = 1, maximum = 10, example = 6)]
    pub max_delay: u32,
    /// How many of an auction's bots take part at most (0–5).
    #[schema(minimum = 0, maximum = 5, example = 2)]
    pub active_bots: u32,
}

impl Default for BotSettings {
    /// The defaults of the `bot_setting` row.
    fn default() -> Self {
        BotSettings { enabled: true, min_delay: 5, max_delay: 6, active_bots: 2 }
    }
}

/// The settings every auction actor reads when it decides, shared and cheap to read. The server
/// writes it through the registry ([`BotNews::Settings`]), which then tells every actor.
#[derive(Debug, Clone, Default)]
pub struct SharedBotSettings(Arc<RwLock<BotSettings>>);

impl SharedBotSettings {
    /// A cell holding `settings`.
    pub fn new(settings: BotSettings) -> Self {
        SharedBotSettings(Arc::new(RwLock::new(settings)))
    }

    /// The current settings.
    pub fn get(&self) -> BotSettings {
        // A poisoned lock only means a writer panicked while assigning a `Copy` value.
        *self.0.read().unwrap_or_else(|e| e.into_inner())
    }

    /// Replaces the settings.
    pub fn set(&self, settings: BotSettings) {
        *self.0.write().unwrap_or_else(|e| e.into_inner()) = settings;
    }
}

/// What every auction actor needs to run its bots.
#[derive(Debug, Clone)]
pub struct BotConfig {
    /// The global settings, read at decision time.
    pub settings: SharedBotSettings,
    /// How many milliseconds one "second" of a bot delay lasts (1000; tests shorten it).
    pub second_ms: i64,
    /// The seed of every actor's random source (`None`: from entropy). Each actor derives its own
    /// generator from it and its auction id, so a seeded run is reproducible.
    pub seed: Option<u64>,
}

impl Default for BotConfig {
    fn default() -> Self {
        BotConfig { settings: SharedBotSettings::default(), second_ms: 1_000, seed: None }
    }
}

impl BotConfig {
    /// The random source of one auction's actor.
    pub fn rng_for(&self, auction: AuctionId) -> StdRng {
        match self.seed {
            Some(seed) => StdRng::seed_from_u64(seed ^ auction.0 as u64),
            None => rand::make_rng(),
        }
    }

    /// A delay drawn uniformly from `[min_delay, max_delay]` seconds, in milliseconds.
    pub fn draw_delay_ms(&self, settings: &BotSettings, rng: &mut StdRng) -> i64 {
        let low = settings.min_delay.min(settings.max_delay);
        let high = settings.max_delay.max(low);
        let second = self.second_ms.max(1);
        rng.random_range(i64::from(low) * second..=i64::from(high) * second)
    }
}

/// When a bot drawn to bid `delay_ms` after `now` should bid: never after the deadline. A wake-up
/// that would land later than [`DEADLINE_MARGIN_MS`] before `ends_at` is moved there (or to now,
/// when less than that remains).
pub fn bid_time(now: UnixMillis, delay_ms: i64, ends_at: UnixMillis) -> UnixMillis {
    let latest = ends_at.plus_ms(-DEADLINE_MARGIN_MS).max(now);
    now.plus_ms(delay_ms).min(latest)
}

/// A bot's public names, as the admin lists show them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BotProfile {
    /// First name.
    #[schema(example = "Эрлан")]
    pub first_name: String,
    /// Last name.
    #[schema(example = "Бейшеев")]
    pub last_name: String,
    /// Username (bots never log in).
    #[schema(example = "bot_erlan")]
    pub username: String,
}

impl BotProfile {
    /// The name shown on the bot's bids: "First Last".
    pub fn display_name(&self) -> Arc<str> {
        format!("{} {}", self.first_name, self.last_name).trim().into()
    }
}

/// One bot assigned to one auction, as the admin API shows it:
/// `{id, botId, bot: {firstName, lastName, username}, isActive, bidLimit, currentBids}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BotAssignment {
    /// The assignment's id.
    pub id: BotAssignmentId,
    /// The bot.
    #[serde(rename = "botId")]
    pub bot: BotId,
    /// The bot's names.
    #[serde(rename = "bot")]
    pub profile: BotProfile,
    /// Whether this assignment bids.
    #[serde(rename = "isActive")]
    pub active: bool,
    /// Whether the bot itself is active (an inactive bot bids nowhere); not part of the wire shape
    /// (read back from it as `false`: the nodes of a cluster carry it beside it).
    #[serde(skip)]
    pub bot_active: bool,
    /// The most bids it may place here (0 = no limit).
    pub bid_limit: u32,
    /// Bids it placed here so far (counted from the stored bids).
    pub current_bids: u32,
}

impl BotAssignment {
    /// Whether it may bid now, with `pending` of its bids accepted but not yet committed.
    pub fn may_bid(&self, pending: u32) -> bool {
        self.active
            && self.bot_active
            && (self.bid_limit == 0 || self.current_bids.saturating_add(pending) < self.bid_limit)
    }
}

/// An auction's bot assignments, ordered by assignment id.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BotRoster {
    list: Vec<BotAssignment>,
}

impl BotRoster {
    /// The roster of `assignments` (in any order).
    pub fn new(mut assignments: Vec<BotAssignment>) -> Self {
        assignments.sort_by_key(|a| a.id);
        BotRoster { list: assignments }
    }

    /// Every assignment, by id.
    pub fn list(&self) -> &[BotAssignment] {
        &self.list
    }

    /// The assignment of `bot`, if it is assigned here.
    pub fn get(&self, bot: BotId) -> Option<&BotAssignment> {
        self.list.iter().find(|a| a.bot == bot)
    }

    /// Adds an assignment (replacing one of the same bot).
    pub fn insert(&mut self, assignment: BotAssignment) {
        self.list.retain(|a| a.bot != assignment.bot);
        let at = self.list.partition_point(|a| a.id < assignment.id);
        self.list.insert(at, assignment);
    }

    /// Removes `bot`'s assignment; `false` if it had none.
    pub fn remove(&mut self, bot: BotId) -> bool {
        let before = self.list.len();
        self.list.retain(|a| a.bot != bot);
        self.list.len() != before
    }

    /// Sets `bot`'s assignment flag and limit; the updated assignment, if assigned.
    pub fn update(&mut self, bot: BotId, active: bool, bid_limit: u32) -> Option<&BotAssignment> {
        let a = self.list.iter_mut().find(|a| a.bot == bot)?;
        a.active = active;
        a.bid_limit = bid_limit;
        Some(a)
    }

    /// Marks the bot itself active or inactive.
    pub fn set_bot_active(&mut self, bot: BotId, active: bool) {
        for a in self.list.iter_mut().filter(|a| a.bot == bot) {
            a.bot_active = active;
        }
    }

    /// Counts one committed bid of `bot`.
    pub fn record_bid(&mut self, bot: BotId) {
        for a in self.list.iter_mut().filter(|a| a.bot == bot) {
            a.current_bids = a.current_bids.saturating_add(1);
        }
    }

    /// Whether `bidder` is one of this auction's bots (active or not).
    pub fn includes(&self, bidder: BidderId) -> bool {
        matches!(bidder, BidderId::Bot(bot) if self.get(bot).is_some())
    }

    /// The bots that take part now: of those that may bid (assignment and bot active, under their
    /// limit counting `pending(bot)` uncommitted bids), the first `active_bots` by assignment id.
    pub fn taking_part(&self, active_bots: u32, pending: impl Fn(BotId) -> u32) -> Vec<&BotAssignment> {
        self.list
            .iter()
            .filter(|a| a.may_bid(pending(a.bot)))
            .take(usize::try_from(active_bots).unwrap_or(usize::MAX))
            .collect()
    }
}

/// Why an admin's bot control message failed (serde form: for the nodes of a cluster).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum BotError {
    /// The auction refused (finished, finishing, deleted) or the store failed.
    #[error(transparent)]
    Control(#[from] ControlError),
    /// This bot is already assigned to this auction.
    #[error("the bot is already assigned to this auction")]
    AlreadyAssigned,
    /// This bot is not assigned to this auction.
    #[error("the bot is not assigned to this auction")]
    NotAssigned,
    /// The bot does not exist, is closed or is inactive.
    #[error("the bot is not available")]
    BotUnavailable,
}

/// A change of bots that concerns every auction: the registry forwards it to every actor, which
/// re-plans its bots. Its serde form carries it to the other nodes of a cluster.
#[derive(Debug, Clone, PartialEq, Eq, actix::Message, Serialize, Deserialize)]
#[rtype(result = "()")]
pub enum BotNews {
    /// The global settings changed (the registry writes them to the shared cell first).
    Settings(BotSettings),
    /// A bot was activated or deactivated: it bids nowhere while inactive.
    BotActive {
        /// Which bot.
        bot: BotId,
        /// Its new state.
        active: bool,
    },
    /// A bot was closed and its assignments' rows removed: forget them.
    BotClosed {
        /// Which bot.
        bot: BotId,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assignment(id: i64, bot: i64) -> BotAssignment {
        BotAssignment {
            id: BotAssignmentId(id),
            bot: BotId(bot),
            profile: BotProfile {
                first_name: "Эрлан".into(),
                last_name: "Бейшеев".into(),
                username: "e".into(),
            },
            active: true,
            bot_active: true,
            bid_limit: 0,
            current_bids: 0,
        }
    }

    #[test]
    fn the_first_eligible_bots_by_assignment_id_take_part() {
        let mut limited = assignment(1, 10);
        limited.bid_limit = 2;
        limited.current_bids = 2;
        let mut off = assignment(2, 11);
        off.active = false;
        let roster =
            BotRoster::new(vec![assignment(5, 14), assignment(3, 12), limited, off, assignment(4, 13)]);

        let ids: Vec<i64> = roster.taking_part(2, |_| 0).iter().map(|a| a.bot.0).collect();

        assert_eq!(ids, [12, 13]);
        assert!(roster.taking_part(0, |_| 0).is_empty());
    }

    #[test]
    fn pending_bids_count_against_the_limit() {
        let mut a = assignment(1, 10);
        a.bid_limit = 3;
        a.current_bids = 2;
        assert!(a.may_bid(0));
        assert!(!a.may_bid(1));
    }

    #[test]
    fn a_bid_time_never_passes_the_deadline() {
        let now = UnixMillis(1_000);
        assert_eq!(bid_time(now, 5_000, UnixMillis(60_000)), UnixMillis(6_000));
        assert_eq!(bid_time(now, 5_000, UnixMillis(4_000)), UnixMillis(4_000 - DEADLINE_MARGIN_MS));
        assert_eq!(bid_time(now, 5_000, UnixMillis(1_100)), now);
    }

    #[test]
    fn seeded_delays_repeat_and_stay_in_range() {
        let cfg = BotConfig { seed: Some(7), ..BotConfig::default() };
        let settings = BotSettings { min_delay: 2, max_delay: 4, ..BotSettings::default() };
        let draw = |rng: &mut StdRng| (0..50).map(|_| cfg.draw_delay_ms(&settings, rng)).collect::<Vec<_>>();
        let first = draw(&mut cfg.rng_for(AuctionId(3)));
        assert_eq!(first, draw(&mut cfg.rng_for(AuctionId(3))));
        assert!(first.iter().all(|d| (2_000..=4_000).contains(d)));
    }

    #[test]
    fn a_bot_shows_its_full_name() {
        assert_eq!(&*assignment(1, 1).profile.display_name(), "Эрлан Бейшеев");
    }
}
