update payment_order
set state = 'paid', provider_payment_id = $2, paid_at = now(), provider_fee = $3
-- Only an open order: a paid one stays paid, a refunded one stays refunded (a repeated callback
-- after a refund credits nothing again).
where id = $1 and state in ('pending', 'failed')
returning id, user_id, package_id, bids, amount, currency, state, provider, provider_payment_id,
          created_at, paid_at, kind, claim_id, method, qr_link, qr_expires_at,
          provider_fee
