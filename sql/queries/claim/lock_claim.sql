-- A won item locked until the transaction ends, with whether its reservation still runs (by the
-- database's clock). Its latest order is read after, in a statement of its own
-- (`select_latest_order`): read here, it would come from the snapshot taken before waiting for the
-- lock, and miss an order that the lock's previous holder (a new delivery choice) just added.
select id, user_id, state, delivery_method, price, package_bids, reserved_until > now()
from claim
where id = $1
for update
