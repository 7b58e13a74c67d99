-- The order, locked until the transaction ends: callbacks for one order take turns.
select id, user_id, package_id, bids, amount, currency, state, provider, provider_payment_id,
       created_at, paid_at, kind, claim_id, method, qr_link, qr_expires_at,
          provider_fee
from payment_order
where id = $1
for update
