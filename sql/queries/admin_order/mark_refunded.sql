update payment_order
set state = 'refunded', refunded_at = now(), refund_bids = $2, refund_amount = $3, refunded_by = $4
where id = $1 and state = 'paid'
