-- The refund's ledger row (negative, naming the order; one per order at most) and the balance.
with entry as (
    insert into ledger_entry (user_id, delta, reason, order_id)
    values ($1, -($2::bigint), 'purchase_refund', $3)
)
update app_user
set bid_balance = bid_balance - $2, updated_at = now()
where id = $1
returning bid_balance
