-- The reconciliation export: every order paid or refunded in [$1, $2), oldest event first, with
-- the buyer, the provider's reference, the amount, the provider's fee (where its report said) and
-- the refund. At most $3 rows.
select o.id, o.created_at, o.paid_at, o.refunded_at, o.state, o.kind, o.method, o.provider,
       o.provider_payment_id, o.user_id, u.username, o.amount, o.currency, o.provider_fee,
       o.refund_amount
from payment_order o
join app_user u on u.id = o.user_id
where (o.paid_at >= $1 and o.paid_at < $2)
   or (o.refunded_at >= $1 and o.refunded_at < $2)
order by least(coalesce(o.paid_at, o.refunded_at), coalesce(o.refunded_at, o.paid_at)), o.id
limit $3
