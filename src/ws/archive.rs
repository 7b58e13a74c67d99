//! Where a join finds an auction that no actor runs any more: its finished row in PostgreSQL.

use std::sync::Arc;

use deadpool_postgres::Pool;
use tyiyn_actors::TokioClock;
use tyiyn_actors::clock::Clock;
use tyiyn_actors::ids::AuctionId;
use tyiyn_actors::outlets::Encoder;
use tyiyn_actors::view::{AuctionEvent, EventKind};

use crate::db;

/// Bids in a finished auction's snapshot, as many as `GET /api/auctions/{id}/bids` gives.
const SNAPSHOT_BIDS: i64 = 50;

/// Where a join finds an auction that has no actor any more: its finished row in PostgreSQL.
#[derive(Clone)]
pub struct Archive {
    pub pool: Pool,
    pub clock: TokioClock,
}

impl Archive {
    /// The `snapshot` frame of finished auction `id`, or `None` when no finished auction has that
    /// id (or the database does not answer: the page keeps what HTTP gave it).
    pub async fn snapshot(&self, id: AuctionId) -> Option<Arc<str>> {
        let client = self.pool.get().await.ok()?;
        let auction = db::auctions::finished(&client, Some(id.0), 1, self.clock.now()).await.ok()?.pop()?;
        let bids = db::snapshot::recent_bids(&client, id, SNAPSHOT_BIDS).await.ok()?;
        Some(super::SocketIoEncoder.auction_update(&AuctionEvent {
            kind: EventKind::Snapshot,
            auction,
            bids,
        }))
    }
}
