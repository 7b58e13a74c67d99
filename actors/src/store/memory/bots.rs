//! The memory store's bots and their assignments, with the SQL semantics: only an existing, open,
//! active bot is assigned, once per auction; a count is the bot's bids on that auction. Also the
//! users' auto-bidders (one per user per auction).

use super::txn::{Inner, missing};
use crate::autobid::AutoBid;
use crate::bots::BotAssignment;
use crate::ids::UserId;
use crate::ids::{AuctionId, BotAssignmentId, BotId};
use crate::store::types::BotStoreError;
use crate::store::types::StoreError;

impl Inner {
    pub(super) fn save_autobid(&mut self, auction: AuctionId, order: AutoBid) -> Result<(), StoreError> {
        self.check()?;
        let row = self.rows.get_mut(&auction).ok_or_else(|| missing(auction))?;
        row.snap.autobids.retain(|a| a.user != order.user);
        row.snap.autobids.push(order);
        Ok(())
    }

    pub(super) fn delete_autobid(&mut self, auction: AuctionId, user: UserId) -> Result<bool, StoreError> {
        self.check()?;
        let row = self.rows.get_mut(&auction).ok_or_else(|| missing(auction))?;
        let before = row.snap.autobids.len();
        row.snap.autobids.retain(|a| a.user != user);
        Ok(row.snap.autobids.len() != before)
    }

    pub(super) fn assign_bot(
        &mut self,
        auction: AuctionId,
        bot: BotId,
        active: bool,
        bid_limit: u32,
    ) -> Result<BotAssignment, BotStoreError> {
        self.check().map_err(|e| BotStoreError::Unavailable(e.0))?;
        let profile = match self.bots.get(&bot) {
            Some(b) if b.active => b.profile.clone(),
            _ => return Err(BotStoreError::BotUnavailable),
        };
        let id = BotAssignmentId(self.next());
        let row =
            self.rows.get_mut(&auction).ok_or_else(|| BotStoreError::Unavailable(missing(auction).0))?;
        if row.snap.bots.iter().any(|a| a.bot == bot) {
            return Err(BotStoreError::AlreadyAssigned);
        }
        let placed = row.history.iter().filter(|b| b.bidder.id == crate::rules::BidderId::Bot(bot)).count();
        let assignment = BotAssignment {
            id,
            bot,
            profile,
            active,
            bot_active: true,
            bid_limit,
            current_bids: u32::try_from(placed).unwrap_or(u32::MAX),
        };
        row.snap.bots.push(assignment.clone());
        Ok(assignment)
    }

    pub(super) fn update_bot_assignment(
        &mut self,
        auction: AuctionId,
        bot: BotId,
        active: bool,
        bid_limit: u32,
    ) -> Result<(), BotStoreError> {
        self.check().map_err(|e| BotStoreError::Unavailable(e.0))?;
        let row = self.rows.get_mut(&auction).ok_or(BotStoreError::NotAssigned)?;
        let a = row.snap.bots.iter_mut().find(|a| a.bot == bot).ok_or(BotStoreError::NotAssigned)?;
        a.active = active;
        a.bid_limit = bid_limit;
        Ok(())
    }

    pub(super) fn remove_bot_assignment(
        &mut self,
        auction: AuctionId,
        bot: BotId,
    ) -> Result<(), BotStoreError> {
        self.check().map_err(|e| BotStoreError::Unavailable(e.0))?;
        let row = self.rows.get_mut(&auction).ok_or(BotStoreError::NotAssigned)?;
        let before = row.snap.bots.len();
        row.snap.bots.retain(|a| a.bot != bot);
        if row.snap.bots.len() == before { Err(BotStoreError::NotAssigned) } else { Ok(()) }
    }
}
