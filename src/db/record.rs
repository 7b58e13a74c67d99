//! The public record of an auction: every stored bid carries a SHA-256 hash chained to the bid
//! before it in its auction (sql/migrations/0009_record.sql states the rule; `record_link` there
//! is its SQL twin, used for older bids, the demo seed and converted pre-bids). The group committer
//! hashes each bid as it commits it, from the head of its auction's chain, which it keeps in
//! memory ([`Heads`]) and reads from the database on an auction's first batch.
//! `GET /api/auctions/{id}/record` publishes the chain; `tyiyn check` recomputes it.

use std::collections::HashMap;
use std::sync::Mutex;

use deadpool_postgres::GenericClient;
use serde::Serialize;
use sha2::{Digest, Sha256};
use tyiyn_actors::clock::UnixMillis;
use utoipa::ToSchema;

use super::rows::ms;

/// Who placed a bid, as the record tells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum EntryKind {
    /// A person's bid (by hand, or a converted pre-bid).
    Person,
    /// A person's bid placed by their auto-bidder.
    Auto,
    /// A house bot's bid.
    Bot,
}

impl EntryKind {
    fn as_str(self) -> &'static str {
        match self {
            EntryKind::Person => "person",
            EntryKind::Auto => "auto",
            EntryKind::Bot => "bot",
        }
    }

    /// The kind of a bid with these flags.
    pub fn of(is_bot: bool, is_auto: bool) -> EntryKind {
        match (is_bot, is_auto) {
            (true, _) => EntryKind::Bot,
            (false, true) => EntryKind::Auto,
            (false, false) => EntryKind::Person,
        }
    }
}

/// The fields of one bid that its hash covers.
#[derive(Debug, Clone, Copy)]
pub struct Link {
    pub auction: i64,
    /// Its place in the auction, from 1.
    pub seq: i64,
    pub at: UnixMillis,
    /// The price it made, in tyiyn.
    pub amount: i64,
    pub kind: EntryKind,
    /// The bidder's user id (bots are users too).
    pub user: i64,
}

/// Where auction `auction`'s chain starts.
pub fn genesis(auction: i64) -> String {
    hex::encode(Sha256::digest(format!("tyiyn record v1\n{auction}")))
}

/// The hash of `link`, chained to `prev`.
pub fn link(prev: &str, l: &Link) -> String {
    let text = format!(
        "{prev}\n{}\n{}\n{}\n{}\n{}\n{}",
        l.auction,
        l.seq,
        l.at.0,
        l.amount,
        l.kind.as_str(),
        l.user
    );
    hex::encode(Sha256::digest(text))
}

/// Each live auction's chain head (the hash of its last committed bid), as the committer last
/// wrote it, with the fence it wrote it under (`None`: one node, no leases). An auction missing
/// here is read from the database; so is one held under another fence now (several nodes: it ran
/// elsewhere meanwhile, and the bids placed there moved its chain on); one whose commit's outcome
/// is unknown is forgotten, so that it is read again.
#[derive(Default)]
pub struct Heads {
    heads: Mutex<HashMap<i64, (Option<i64>, String)>>,
}

impl Heads {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<i64, (Option<i64>, String)>> {
        self.heads.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The heads of `auctions`, each with the fence its bids commit under now, reading the ones
    /// not in memory under that fence with one query on `db`.
    pub async fn get(
        &self,
        db: &impl GenericClient,
        auctions: &[(i64, Option<i64>)],
    ) -> Result<HashMap<i64, String>, tokio_postgres::Error> {
        let (mut known, missing) = {
            let heads = self.lock();
            let mut known = HashMap::with_capacity(auctions.len());
            let mut missing = Vec::new();
            for &(a, fence) in auctions {
                match heads.get(&a) {
                    Some((under, h)) if *under == fence => {
                        known.insert(a, h.clone());
                    }
                    _ => missing.push(a),
                }
            }
            (known, missing)
        };
        if !missing.is_empty() {
            let stmt =
                db.prepare_cached(include_str!("../../sql/queries/bid/select_record_heads.sql")).await?;
            for row in db.query(&stmt, &[&missing]).await? {
                let auction: i64 = row.get(0);
                let head: Option<String> = row.get(1);
                known.insert(auction, head.unwrap_or_else(|| genesis(auction)));
            }
        }
        Ok(known)
    }

    /// Remembers the head after a successful commit under `fence`.
    pub fn set(&self, auction: i64, fence: Option<i64>, head: String) {
        self.lock().insert(auction, (fence, head));
    }

    /// Forgets auctions whose head is not known for sure (a failed commit may have committed).
    pub fn forget(&self, auctions: impl IntoIterator<Item = i64>) {
        let mut heads = self.lock();
        for a in auctions {
            heads.remove(&a);
        }
    }
}

/// One entry of the record, as published.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordEntry {
    /// Its place in the auction, from 1.
    pub seq: i64,
    /// The bid's id (as in the bid history).
    pub bid_id: i64,
    /// When the server received it.
    pub at: UnixMillis,
    /// The price it made, in tyiyn.
    pub amount: i64,
    /// The bidder's public name now (a closed account shows its anonymous name).
    pub bidder: String,
    /// The bidder's id, which the hash covers (names may change; the id does not).
    pub bidder_id: i64,
    /// `person`, `auto` (the person's auto-bidder placed it) or `bot` (a house bot).
    pub kind: EntryKind,
    /// Whether it was a pre-bid, converted when the auction started.
    pub is_prebid: bool,
    /// SHA-256 (hex) over the previous entry's hash (the auction's genesis for the first) and
    /// this entry's auction id, seq, arrival in ms, amount, kind and bidder id, one per line.
    pub hash: String,
}

/// Reads every bid of `auction` in order, as record entries.
pub async fn entries(
    db: &impl GenericClient,
    auction: i64,
) -> Result<Vec<RecordEntry>, tokio_postgres::Error> {
    let stmt = db.prepare_cached(include_str!("../../sql/queries/bid/select_record.sql")).await?;
    let rows = db.query(&stmt, &[&auction]).await?;
    Ok(rows
        .iter()
        .map(|r| RecordEntry {
            seq: r.get(0),
            bid_id: r.get(1),
            at: ms(r.get(2)),
            amount: r.get(3),
            bidder: r.get(4),
            bidder_id: r.get(5),
            kind: EntryKind::of(r.get(6), r.get(9)),
            is_prebid: r.get(7),
            hash: r.get::<_, Option<String>>(8).unwrap_or_default(),
        })
        .collect())
}

/// Recomputes `entries`' chain for `auction`: the seq of the first entry whose stored hash does
/// not match, if any.
pub fn first_broken(auction: i64, entries: &[RecordEntry]) -> Option<i64> {
    let mut prev = genesis(auction);
    for (i, e) in entries.iter().enumerate() {
        let expected = link(
            &prev,
            &Link { auction, seq: i as i64 + 1, at: e.at, amount: e.amount, kind: e.kind, user: e.bidder_id },
        );
        if e.seq != i as i64 + 1 || e.hash != expected {
            return Some(i as i64 + 1);
        }
        prev = expected;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chain_is_the_documented_text() {
        assert_eq!(genesis(7), hex::encode(Sha256::digest("tyiyn record v1\n7")));
        let l = Link {
            auction: 7,
            seq: 1,
            at: UnixMillis(1_700_000_000_123),
            amount: 2,
            kind: EntryKind::Bot,
            user: 9,
        };
        let text = format!("{}\n7\n1\n1700000000123\n2\nbot\n9", genesis(7));
        assert_eq!(link(&genesis(7), &l), hex::encode(Sha256::digest(text)));
    }
}
