-- A pending order paying for a won item (its price plus delivery), priced by the server.
insert into payment_order (user_id, kind, claim_id, bids, amount, currency, provider, method)
values ($1, 'claim', $2, $3, $4, 'KGS', $5, $6)
returning id, user_id, package_id, bids, amount, currency, state, provider, provider_payment_id,
          created_at, paid_at, kind, claim_id, method, qr_link, qr_expires_at,
          provider_fee
