-- The order to refund, locked until the transaction ends (a callback for it waits, and a second
-- refund sees the first one's result).
select id, user_id, kind, claim_id, bids, amount, state
from payment_order
where id = $1
for update
