-- A won item locked until the transaction ends, with whether its reservation still runs (by the
-- database's clock) and the latest order paying for it.
select id, user_id, state, delivery_method, price, package_bids, reserved_until > now(),
       (select max(o.id) from payment_order o where o.claim_id = claim.id)
from claim
where id = $1
for update
