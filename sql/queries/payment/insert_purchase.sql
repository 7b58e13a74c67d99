-- The ledger row of a paid order; the unique index on order_id makes a second one impossible.
insert into ledger_entry (user_id, delta, reason, order_id) values ($1, $2, 'purchase', $3)
