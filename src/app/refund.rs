//! Refunding a paid order (docs/rules/payments.md, "Refunds"): which orders may be refunded, what is
//! given back (the order's credited bids still unspent are taken back, and the money returned is
//! the share of the amount those bids paid for), and [`refund`], which applies it in a
//! transaction through `db::admin_orders`.

use deadpool_postgres::GenericClient;

use crate::statuses::{ClaimState, OrderState};

use crate::db;

/// What a refund takes back and returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Terms {
    /// Bids taken back from the buyer's balance (a `purchase_refund` ledger row when above 0).
    pub bids: i32,
    /// Money to return to the buyer, in tyiyn.
    pub amount: i64,
}

/// The terms for an order that credited `bids` (0 for a won item without bids) and cost `amount`
/// tyiyn, when its buyer's balance is now `balance`: at most the credited bids, at most the
/// balance; the amount × taken / credited, rounded down to the tyiyn (all unspent: the whole
/// amount). An order that credited no bids returns its whole amount.
pub fn terms(bids: i32, amount: i64, balance: i64) -> Terms {
    if bids <= 0 {
        return Terms { bids: 0, amount };
    }
    let taken = i64::from(bids).min(balance.max(0));
    // i128: amount × taken cannot overflow however large the order.
    let returned = i128::from(amount) * i128::from(taken) / i128::from(bids);
    Terms { bids: i32::try_from(taken).unwrap_or(bids), amount: i64::try_from(returned).unwrap_or(amount) }
}

/// Whether an order in `state` that credited `bids` (0: a won item without bids), paying for a
/// won item in `claim_state` (if any), may be refunded: only `paid` orders, and a won item
/// without bids only until it has been shipped or delivered.
pub fn refundable(state: OrderState, bids: i32, claim_state: Option<ClaimState>) -> bool {
    state == OrderState::Paid
        && !(bids == 0 && matches!(claim_state, Some(ClaimState::Shipped | ClaimState::Delivered)))
}

/// What became of a refund.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refund {
    /// No such order.
    NotFound,
    /// Not refundable (see [`refundable`]).
    NotRefundable,
    /// Refunded.
    Done {
        /// The buyer.
        user: i64,
        /// What was taken back and is returned.
        terms: Terms,
        /// The buyer's balance after the bids were taken back; `None` when none were.
        balance: Option<i64>,
        /// The won item that became `expired` (its paid order was refunded).
        expired_claim: Option<i64>,
    },
}

/// Refunds order `id` by `admin` in the caller's transaction (the order, its won item and its
/// buyer stay locked until it ends, so a second refund or a callback waits and then finds it
/// refunded).
pub async fn refund(db: &impl GenericClient, id: i64, admin: i64) -> Result<Refund, tokio_postgres::Error> {
    let Some(order) = db::admin_orders::lock_for_refund(db, id).await? else {
        return Ok(Refund::NotFound);
    };
    if !refundable(order.state, order.bids, order.claim_state) {
        return Ok(Refund::NotRefundable);
    }
    let terms = terms(order.bids, order.amount, order.balance);
    let recorded = db::admin_orders::record_refund(db, &order, terms.bids, terms.amount, admin).await?;
    Ok(Refund::Done {
        user: order.user,
        terms,
        balance: recorded.balance,
        expired_claim: recorded.expired_claim,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unspent_bids_return_the_whole_amount() {
        assert_eq!(terms(100, 150_000, 105), Terms { bids: 100, amount: 150_000 });
        assert_eq!(terms(100, 150_000, 100), Terms { bids: 100, amount: 150_000 });
    }

    #[test]
    fn spent_bids_are_kept_and_their_share_of_the_money_too() {
        assert_eq!(terms(100, 150_000, 40), Terms { bids: 40, amount: 60_000 });
        // 1 of 3 bids of a 100.00 som order: 33.33 som, rounded down.
        assert_eq!(terms(3, 10_000, 1), Terms { bids: 1, amount: 3_333 });
    }

    #[test]
    fn all_spent_returns_nothing() {
        assert_eq!(terms(50, 75_000, 0), Terms { bids: 0, amount: 0 });
    }

    #[test]
    fn only_paid_orders_are_refunded_and_won_items_without_bids_until_they_ship() {
        use crate::statuses::ClaimState as Claim;
        use crate::statuses::OrderState::{Paid, Pending, Refunded};
        assert!(refundable(Paid, 50, None));
        assert!(!refundable(Pending, 50, None));
        assert!(!refundable(Refunded, 50, None));
        assert!(refundable(Paid, 0, Some(Claim::Paid)));
        assert!(refundable(Paid, 0, Some(Claim::Passed)));
        assert!(!refundable(Paid, 0, Some(Claim::Shipped)));
        assert!(!refundable(Paid, 0, Some(Claim::Delivered)));
        assert!(refundable(Paid, 100, Some(Claim::Delivered)));
    }

    #[test]
    fn a_won_item_without_bids_returns_its_whole_amount() {
        assert_eq!(terms(0, 1_020_000, 7), Terms { bids: 0, amount: 1_020_000 });
    }
}
