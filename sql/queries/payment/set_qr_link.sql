-- A pending QR order's payment link, new or renewed (an expired link is replaced by a new one).
update payment_order
set qr_link = $2, qr_expires_at = $3
where id = $1 and method = 'qr' and state = 'pending'
returning id, user_id, package_id, bids, amount, currency, state, provider, provider_payment_id,
          created_at, paid_at, kind, claim_id, method, qr_link, qr_expires_at,
          provider_fee
