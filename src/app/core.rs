//! What the use cases share: the pool, the settings, the auction runtime and its clock, the
//! after-commit effects, the payment provider, the outbox's channels. Built once at start
//! (`startup::wiring`); the edge (`crate::state::AppState`) holds it beside the sessions, the
//! throttles and the sockets, which are the edge's own.

use std::sync::{Arc, RwLock};

use deadpool_postgres::Pool;
use tyiyn_actors::TokioClock;
use tyiyn_actors::fairness::WinBook;

use crate::app::effects::Effects;
use crate::app::provider::Payments;
use crate::config::Settings;
use crate::db::settings::SiteSettings;
use crate::db::store::PgStore;
use crate::i18n::Lang;
use crate::outage::{LastKnown, StoreHealth};
use crate::pace::Pace;
use crate::runtime::Auctions;

/// The handles every use case reaches through.
pub struct Core {
    /// A bcrypt hash of a random password, verified against when a username does not exist so
    /// that a login's timing does not reveal which accounts exist.
    pub dummy_hash: Arc<str>,
    pub pool: Pool,
    pub config: Settings,
    pub site: SiteCache,
    /// The auction runtime: every bid, pre-bid and admin change goes through these actors.
    pub auctions: Auctions,
    /// Every after-commit effect: sockets, notifications, the outbox (`crate::app::effects`).
    pub effects: Arc<dyn Effects>,
    /// With several nodes on a bus: bids, pre-bids, reads and control messages of auctions
    /// running elsewhere, and every node's auctions in the lists (`crate::app::elsewhere`).
    pub elsewhere: Option<Arc<dyn crate::app::elsewhere::Elsewhere>>,
    /// The runtime's one clock: bids are stamped with it when their request arrives.
    pub clock: TokioClock,
    /// The 1-second rule across all of a user's bids and pre-bids.
    pub pace: Pace,
    /// The payment provider that takes payments for bid packages.
    pub payments: Payments,
    /// The server's VAPID key, which browsers subscribe for push with; `None`: push is off.
    pub push_key: Option<Arc<crate::push::vapid::VapidKey>>,
    /// The runtime's store. Handlers call it only for a finished auction, which has no actor: to
    /// delete it (app::auctions) or to stop promoting it (app::promotion). Every
    /// other change a handler makes to an auction goes through its actor.
    pub store: PgStore,
    /// Every user's wins, as the actors read them for beginner and win-limited auctions.
    pub wins: WinBook,
    /// A message sent at once by its request (a phone code; `crate::app::sending`); the outbox's
    /// workers deliver the rest.
    pub sending: Arc<dyn crate::app::sending::SendNow>,
    /// Whether the database answers (the health monitor's view).
    pub health: Arc<StoreHealth>,
    /// The last good answers served while the database is away (the hub keeps balances current).
    pub last_known: Arc<LastKnown>,
}

impl Core {
    /// What the auction use cases need (`crate::app::auctions`).
    pub fn auction_handles(&self) -> crate::app::auctions::Handles<'_> {
        crate::app::auctions::Handles {
            pool: &self.pool,
            auctions: &self.auctions,
            elsewhere: self.elsewhere.as_deref(),
            clock: &self.clock,
            phones: self.config.auth.phone_verification,
            store: &self.store,
            wins: &self.wins,
            effects: self.effects.as_ref(),
        }
    }

    /// What visitors' reads need (`crate::app::listings`).
    pub fn listing_handles(&self) -> crate::app::listings::Handles<'_> {
        crate::app::listings::Handles {
            last_known: &self.last_known,
            auctions: self.auction_handles(),
            bidding: self.bid_handles(),
        }
    }

    /// Every node's running auctions, for a change of bots (`crate::app::bots`).
    pub fn all_auctions(&self) -> crate::app::bots::AllAuctions<'_> {
        crate::app::bots::AllAuctions { auctions: &self.auctions, elsewhere: self.elsewhere.as_deref() }
    }

    /// What bidding needs (`crate::app::bidding`).
    pub fn bid_handles(&self) -> crate::app::bidding::Handles<'_> {
        crate::app::bidding::Handles {
            pool: &self.pool,
            auctions: &self.auctions,
            elsewhere: self.elsewhere.as_deref(),
            clock: &self.clock,
            pace: &self.pace,
            shared_pace: self.config.cluster.leases(),
            phones: self.config.auth.phone_verification,
        }
    }

    /// What the watchlist's requests need (`crate::app::watchlist`).
    pub fn watch_handles(&self) -> crate::app::watchlist::Handles<'_> {
        crate::app::watchlist::Handles {
            pool: &self.pool,
            auctions: &self.auctions,
            elsewhere: self.elsewhere.as_deref(),
            clock: &self.clock,
            settings: &self.config.watchlist,
        }
    }

    /// What sending a phone code needs (`crate::app::phone`).
    pub fn phone_handles(&self) -> crate::app::phone::Handles<'_> {
        crate::app::phone::Handles {
            pool: &self.pool,
            sending: self.sending.as_ref(),
            effects: self.effects.as_ref(),
            auth: &self.config.auth,
            number_limit: (
                self.config.throttle.phone_code_number_max,
                self.config.throttle.phone_code_number_window_secs,
            ),
            sms: &self.config.sms,
        }
    }

    /// What buying needs (`crate::app::payments`, `crate::app::qr`).
    pub fn payment_handles(&self) -> crate::app::payments::Handles<'_> {
        crate::app::payments::Handles {
            pool: &self.pool,
            effects: self.effects.as_ref(),
            payments: &self.payments,
        }
    }

    /// What the won-item use cases need (`crate::app::claims`).
    pub fn claim_handles(&self) -> crate::app::claims::Handles<'_> {
        crate::app::claims::Handles {
            pool: &self.pool,
            effects: self.effects.as_ref(),
            payments: &self.payments,
            settings: &self.config.claims,
            lang: self.site.lang(),
            phones: self.config.auth.phone_verification,
        }
    }
}

/// The site settings, read on every request for the default language; written by the admin.
pub struct SiteCache(RwLock<SiteSettings>);

impl SiteCache {
    pub fn new(settings: SiteSettings) -> SiteCache {
        SiteCache(RwLock::new(settings))
    }

    pub fn get(&self) -> SiteSettings {
        // A poisoned lock only means a writer panicked mid-assignment of a plain value.
        self.0.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    pub fn set(&self, settings: SiteSettings) {
        *self.0.write().unwrap_or_else(|e| e.into_inner()) = settings;
    }

    pub fn lang(&self) -> Lang {
        let guard = self.0.read().unwrap_or_else(|e| e.into_inner());
        Lang::parse(&guard.language).unwrap_or_default()
    }
}
