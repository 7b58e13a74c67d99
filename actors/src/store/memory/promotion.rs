//! The memory store's promoted flag: at most one auction has it.

use super::txn::{Inner, missing};
use crate::ids::AuctionId;
use crate::store::types::StoreError;

impl Inner {
    pub(super) fn set_promoted(
        &mut self,
        auction: AuctionId,
        promoted: bool,
    ) -> Result<Option<AuctionId>, StoreError> {
        self.check()?;
        if !self.rows.contains_key(&auction) {
            return Err(missing(auction));
        }
        let mut previous = None;
        for (id, row) in &mut self.rows {
            if *id == auction {
                row.snap.promoted = promoted;
            } else if promoted && row.snap.promoted {
                row.snap.promoted = false;
                previous = Some(*id);
            }
        }
        Ok(previous)
    }
}
