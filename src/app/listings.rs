//! What visitors read of the auctions: the three lists, an auction by its slug, an auction's bid
//! history. The API answers them (`routes::auctions`), and the home page's and an auction page's
//! HTML carries them (`routes::spa`).

use serde::Serialize;
use tyiyn_actors::auction::GetView;
use tyiyn_actors::clock::Clock;
use tyiyn_actors::ids::AuctionId;
use tyiyn_actors::record::BidRecord;
use tyiyn_actors::snapshot::AuctionStatus;
use tyiyn_actors::view::AuctionInfo;
use utoipa::ToSchema;

use super::{auctions, bidding};
use crate::db;
use crate::error::AppError;
use crate::i18n::Msg;
use crate::outage::LastKnown;

/// How many finished auctions the lists carry.
const FINISHED_LIMIT: i64 = 50;
/// How many bids a history carries.
const BIDS_LIMIT: i64 = 50;

/// What reading needs: the running auctions' lists, the last finished list read (for while the
/// database is away), and the handles of the auctions and of bidding.
pub struct Handles<'a> {
    pub last_known: &'a LastKnown,
    pub auctions: auctions::Handles<'a>,
    pub bidding: bidding::Handles<'a>,
}

/// `GET /api/auctions`: live by deadline, upcoming by start, finished by end (newest first).
#[derive(Serialize, ToSchema)]
pub struct AuctionLists {
    pub live: Vec<AuctionInfo>,
    pub upcoming: Vec<AuctionInfo>,
    /// At most 50.
    pub finished: Vec<AuctionInfo>,
}

/// Live, upcoming and the latest finished auctions.
pub async fn lists(h: &Handles<'_>) -> Result<AuctionLists, AppError> {
    let mut active = h.auctions.running().await;
    active.sort_by_key(|a| (a.ends_at.unwrap_or(a.start_time), a.start_time));
    let (live, upcoming): (Vec<_>, Vec<_>) =
        active.into_iter().partition(|a| a.status == AuctionStatus::Live);
    let latest = async {
        let client = h.auctions.pool.get().await?;
        Ok::<_, AppError>(
            db::auctions::finished(&client, None, FINISHED_LIMIT, h.auctions.clock.now()).await?,
        )
    };
    let finished = match latest.await {
        Ok(list) => {
            h.last_known.set_finished(&list);
            list
        }
        // Live and upcoming auctions are in memory; the finished ones are as last read
        // (docs/rules/outages.md, "Database outages").
        Err(AppError::Unavailable(_)) => h.last_known.finished(),
        Err(e) => return Err(e),
    };
    Ok(AuctionLists { live, upcoming, finished })
}

/// An auction by its URL slug: 404 `auction_not_found` for a slug that names none.
pub async fn by_slug(h: &Handles<'_>, slug: &str) -> Result<AuctionInfo, AppError> {
    // A slug is lowercase letters, digits and dashes; anything else names no auction.
    if !is_slug(slug) {
        return Err(AppError::NotFound(Msg::AuctionNotFound));
    }
    let found = async {
        let client = h.auctions.pool.get().await?;
        Ok::<_, AppError>(db::auctions::id_by_slug(&client, slug).await?)
    };
    let id = match found.await {
        Ok(id) => id.ok_or(AppError::NotFound(Msg::AuctionNotFound))?,
        // While the database is away, a live or upcoming auction is found among the actors.
        Err(AppError::Unavailable(cause)) => {
            let running = h.auctions.running().await.into_iter().find(|a| a.slug == slug);
            return running.ok_or(AppError::Unavailable(cause));
        }
        Err(e) => return Err(e),
    };
    bidding::auction(&h.bidding, AuctionId(id)).await
}

/// An auction's bid history, newest first, at most 50.
pub async fn recent_bids(h: &Handles<'_>, id: AuctionId) -> Result<Vec<BidRecord>, AppError> {
    if let Some(addr) = h.auctions.auctions.get(id)
        && let Ok(view) = addr.send(GetView).await
    {
        return Ok(view.bids);
    }
    let client = h.auctions.pool.get().await?;
    if db::auctions::finished(&client, Some(id.0), 1, h.auctions.clock.now()).await?.is_empty() {
        // Upcoming or live: from its actor, here (restarted if it died) or on another node.
        return match h.auctions.reach(id, GetView).await? {
            Some(view) => Ok(view.bids),
            None => Err(AppError::NotFound(Msg::AuctionNotFound)),
        };
    }
    Ok(db::snapshot::recent_bids(&client, id, BIDS_LIMIT).await?)
}

/// Whether `s` can be a slug (spec section 5): at most 300 bytes of letters (Latin or Cyrillic),
/// digits and dashes. A NUL byte, a slash or any other character names no auction.
fn is_slug(s: &str) -> bool {
    (1..=300).contains(&s.len())
        && s.chars().all(|c| {
            c.is_ascii_alphanumeric()
                || c == '-'
                || ('а'..='я').contains(&c.to_lowercase().next().unwrap_or(c))
                || c == 'ё'
                || c == 'Ё'
        })
}
