-- A user's orders, newest first.
select id, user_id, package_id, bids, amount, currency, state, provider, provider_payment_id,
       created_at, paid_at, kind, claim_id, method, qr_link, qr_expires_at,
          provider_fee
from payment_order
where user_id = $1
order by id desc
limit 200
