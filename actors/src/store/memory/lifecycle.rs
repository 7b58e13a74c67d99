//! The memory store's auction-level transactions: finish (idempotent), edit, delete with
//! refunds, load and create.

use super::row::Row;
use super::txn::{Inner, missing};
use crate::clock::UnixMillis;
use crate::ids::AuctionId;
use crate::record::Winner;
use crate::snapshot::{AuctionDetails, AuctionSnapshot, AuctionStatus};
use crate::store::types::*;

impl Inner {
    pub(super) fn finish(&mut self, record: FinishRecord) -> Result<Finished, StoreError> {
        self.check()?;
        self.stats.finish_calls += 1;
        let row = self.rows.get_mut(&record.auction).ok_or_else(|| missing(record.auction))?;
        if row.snap.status == AuctionStatus::Finished {
            let winner = row.snap.leader.as_ref().map(Winner::from_bidder);
            return Ok(Finished { newly: false, winner, honest_numbers: None });
        }
        let winner = record.winner.as_ref().map(Winner::from_bidder);
        row.snap.status = AuctionStatus::Finished;
        row.snap.leader = record.winner;
        row.snap.price = record.final_price;
        row.snap.ended_at = Some(record.ended_at);
        self.stats.finished += 1;
        Ok(Finished { newly: true, winner, honest_numbers: None })
    }

    pub(super) fn resume(&mut self, auction: AuctionId, ends_at: UnixMillis) -> Result<(), StoreError> {
        self.check()?;
        let row = self.rows.get_mut(&auction).ok_or_else(|| missing(auction))?;
        if row.snap.status == AuctionStatus::Live {
            row.snap.ends_at = Some(ends_at);
            self.stats.resumes += 1;
        }
        Ok(())
    }

    pub(super) fn update_details(
        &mut self,
        auction: AuctionId,
        details: AuctionDetails,
        start_time: UnixMillis,
    ) -> Result<(), StoreError> {
        self.check()?;
        let row = self.rows.get_mut(&auction).ok_or_else(|| missing(auction))?;
        row.snap.details = details;
        row.snap.start_time = start_time;
        Ok(())
    }

    pub(super) fn delete_with_refunds(&mut self, auction: AuctionId) -> Result<Vec<Refund>, StoreError> {
        self.check()?;
        let row = self.rows.remove(&auction).ok_or_else(|| missing(auction))?;
        let mut refunds: Vec<Refund> = row
            .paid
            .iter()
            .map(|(&user, &n)| {
                let balance = self.balance(user) + n;
                self.balances.insert(user, balance);
                Refund { user, balance }
            })
            .collect();
        refunds.sort_by_key(|r| r.user);
        self.stats.deletes += 1;
        Ok(refunds)
    }

    pub(super) fn load_active(&self) -> Result<Vec<AuctionSnapshot>, StoreError> {
        self.check()?;
        let mut all: Vec<_> = self
            .rows
            .values()
            .filter(|r| r.snap.status != AuctionStatus::Finished)
            .map(Row::snapshot)
            .collect();
        all.sort_by_key(|s| s.id);
        Ok(all)
    }

    pub(super) fn load(&self, auction: AuctionId) -> Result<Option<AuctionSnapshot>, StoreError> {
        self.check()?;
        Ok(self.rows.get(&auction).map(Row::snapshot))
    }

    pub(super) fn create(&mut self, new: NewAuction) -> Result<AuctionSnapshot, StoreError> {
        self.check()?;
        if new.bots.iter().any(|b| !self.bots.get(b).is_some_and(|b| b.active)) {
            return Err(StoreError("a house bot is closed or inactive".into()));
        }
        let id = AuctionId(self.next());
        let snap =
            AuctionSnapshot::upcoming(id, new.details, new.start_time, new.starting_price, new.start_time);
        self.rows.insert(id, Row::new(snap));
        for bot in new.bots {
            self.assign_bot(id, bot, true, 0).map_err(|e| StoreError(e.to_string()))?;
        }
        Ok(self.rows[&id].snap.clone())
    }
}
