-- A pending order priced from the catalogue (never from the client).
insert into payment_order (user_id, package_id, bids, amount, currency, provider, method)
select $1, p.id, p.bids, p.price, 'KGS', $3, $4
from bid_package p
where p.id = $2 and p.active
returning id, user_id, package_id, bids, amount, currency, state, provider, provider_payment_id,
          created_at, paid_at, kind, claim_id, method, qr_link, qr_expires_at,
          provider_fee
