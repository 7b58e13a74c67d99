//! The watchlist (docs/rules/watchlist.md, "Watchlist"): starring and unstarring an auction, the user's
//! watched auctions as the lobby's cards, and the sweeper that tells each watcher, about
//! `notice_secs` before an auction starts, that it is starting (`auction_starting`). What is due
//! is decided by the runtime clock, the one the auction actors go live by; the stars' marks and
//! `skip locked` row locks make each notice happen once, however many servers sweep.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Duration;

use deadpool_postgres::Pool;
use tyiyn_actors::TokioClock;
use tyiyn_actors::auction::GetInfo;
use tyiyn_actors::clock::{Clock, UnixMillis};
use tyiyn_actors::ids::{AuctionId, UserId};
use tyiyn_actors::view::AuctionInfo;

use super::effects::Effects;
use super::elsewhere::Elsewhere;
use crate::config::WatchlistSettings;
use crate::db;
use crate::db::notifications::Notice;
use crate::db::watchlist::Starred;
use crate::error::AppError;
use crate::i18n::Msg;
use crate::paging::Page;
use crate::runtime::Auctions;

/// Stars marked (and notices stored) per sweep transaction.
const SWEEP_BATCH: i64 = 100;

/// What the watchlist's requests need: the pool, the running auctions and their clock (for the
/// cards), and the cap.
pub struct Handles<'a> {
    pub pool: &'a Pool,
    pub auctions: &'a Auctions,
    /// With several nodes: the running auctions of the others.
    pub elsewhere: Option<&'a dyn Elsewhere>,
    pub clock: &'a TokioClock,
    pub settings: &'a WatchlistSettings,
}

/// Stars auction `id` for `user` (again: nothing changes). 404 for an unknown auction; 409
/// `watchlist_full` when the user already watches `max_watched` auctions. The count and the
/// insert are one step under the user's watchlist lock, so two stars at once cannot pass the cap.
pub async fn watch(
    pool: &Pool,
    settings: &WatchlistSettings,
    user: UserId,
    id: AuctionId,
) -> Result<(), AppError> {
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    match db::watchlist::add(&tx, user.0, id.0, settings.max_watched).await? {
        Starred::Added | Starred::Already => {}
        Starred::Full => return Err(AppError::Conflict(Msg::WatchlistFull)),
        Starred::NoAuction => return Err(AppError::NotFound(Msg::AuctionNotFound)),
    }
    super::commit(tx).await?;
    Ok(())
}

/// Takes `user`'s star off auction `id` (no star: nothing changes); 404 for an unknown auction.
pub async fn unwatch(pool: &Pool, user: UserId, id: AuctionId) -> Result<(), AppError> {
    let client = pool.get().await?;
    if !db::watchlist::remove(&client, user.0, id.0).await?
        && !db::watchlist::auction_exists(&client, id.0).await?
    {
        return Err(AppError::NotFound(Msg::AuctionNotFound));
    }
    Ok(())
}

/// One page of a user's watchlist.
pub struct Watchlist {
    /// The page's auctions, the latest star first, as the lobby shows them.
    pub auctions: Vec<AuctionInfo>,
    /// Every watched auction's id, the latest star first (at most the cap): the stars' state.
    pub ids: Vec<AuctionId>,
}

/// `user`'s watched auctions: every id, and the cards of one page of them. Upcoming and live
/// auctions are read from their actors, finished ones from PostgreSQL in one query.
pub async fn list(h: &Handles<'_>, user: UserId, page: Page) -> Result<Watchlist, AppError> {
    let ids = {
        let client = h.pool.get().await?;
        db::watchlist::watched(&client, user.0).await?
    };
    // At most the cap (200) ids: the page is cut here rather than by a second query.
    let offset = usize::try_from(page.offset).unwrap_or(usize::MAX);
    let wanted: Vec<i64> = ids.iter().skip(offset).take(page.limit as usize).copied().collect();
    let on_page: HashSet<i64> = wanted.iter().copied().collect();
    let running = match h.elsewhere {
        Some(elsewhere) => elsewhere.running().await,
        None => h.auctions.list().await,
    };
    let running = running.into_iter().filter(|a| on_page.contains(&a.id.0));
    let mut found: HashMap<i64, AuctionInfo> = running.map(|a| (a.id.0, a)).collect();
    let missing: Vec<i64> = wanted.iter().filter(|id| !found.contains_key(id)).copied().collect();
    if !missing.is_empty() {
        let client = h.pool.get().await?;
        for done in db::auctions::finished_among(&client, &missing, h.clock.now()).await? {
            found.insert(done.id.0, done);
        }
    }
    let mut auctions = Vec::with_capacity(wanted.len());
    for id in wanted {
        // Neither running nor finished: its actor is being restarted; the registry answers.
        let info = match found.remove(&id) {
            Some(info) => Some(info),
            None => h.auctions.ask(AuctionId(id), GetInfo).await,
        };
        auctions.extend(info);
    }
    Ok(Watchlist { auctions, ids: ids.into_iter().map(AuctionId).collect() })
}

/// What the sweeper owns: it outlives any request.
pub struct Sweeper {
    pub pool: Pool,
    pub effects: Arc<dyn Effects>,
    /// The runtime clock: "now" for what is due.
    pub clock: TokioClock,
    pub settings: WatchlistSettings,
}

impl Sweeper {
    /// Starts sweeping every `sweep_interval_ms`; a failed sweep is logged and the next tick
    /// tries again (nothing is marked unless its notice is stored in the same transaction).
    pub fn start(self) {
        let me = std::rc::Rc::new(self);
        let every = Duration::from_millis(me.settings.sweep_interval_ms);
        super::every(every, "watchlist sweep", move || {
            let me = me.clone();
            async move { sweep(&me.pool, me.effects.as_ref(), &me.settings, me.clock.now()).await.map(|_| ()) }
        });
    }
}

/// One sweep at `now`: every star whose auction is upcoming and starts within `notice_secs`, and
/// whose notice is due, is marked and gets its `auction_starting` notice in the same transaction
/// (a batch per transaction until none is left); each batch is pushed after its commit. Returns
/// how many notices it stored.
pub async fn sweep(
    pool: &Pool,
    effects: &dyn Effects,
    settings: &WatchlistSettings,
    now: UnixMillis,
) -> anyhow::Result<usize> {
    let mut stored = 0;
    loop {
        let mut client = pool.get().await?;
        let tx = client.transaction().await?;
        let due = db::watchlist::mark_due(&tx, now, settings.notice_secs, SWEEP_BATCH).await?;
        let mut notices = Vec::with_capacity(due.len());
        for star in &due {
            let notice =
                Notice::AuctionStarting { title: Some(star.title.clone()), starts_at: star.starts_at };
            let outbox = effects.outbox();
            notices.push(
                db::notifications::insert(&tx, outbox, star.user_id, Some(star.auction_id), &notice).await?,
            );
        }
        super::commit(tx).await?;
        if !due.is_empty() {
            tracing::info!(notices = due.len(), "watchers told their auctions start soon");
        }
        effects.notify(&notices);
        stored += notices.len();
        if (due.len() as i64) < SWEEP_BATCH {
            return Ok(stored);
        }
    }
}
