update payment_order
set state = 'paid', provider_payment_id = $2, paid_at = now()
where id = $1 and state <> 'paid'
returning id, user_id, package_id, bids, amount, currency, state, provider, provider_payment_id,
          created_at, paid_at
