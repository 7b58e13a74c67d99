-- The pending orders of a won item, failed: a new delivery choice replaces them, or the item
-- passed on.
update payment_order
set state = 'failed', failed_at = now()
where claim_id = $1 and state = 'pending'
returning id, user_id, package_id, bids, amount, currency, state, provider, provider_payment_id,
          created_at, paid_at, kind, claim_id, method, qr_link, qr_expires_at,
          provider_fee
