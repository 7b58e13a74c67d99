-- A page of orders for admins, newest first, with how many match in all. Filters (null: any):
-- $1 state, $2 kind, $3 a case-insensitive part of the buyer's username or the order's id,
-- $6 method (card, qr), $7 provider.
-- Always one row at least: the count, with null order columns when the page is empty.
with matching as (
    select o.id, o.user_id, u.username, o.provider, o.provider_payment_id, o.refund_bids,
           o.refund_amount, o.refunded_at
    from payment_order o
    join app_user u on u.id = o.user_id
    where ($1::text is null or o.state = $1)
      and ($2::text is null or o.kind = $2)
      and ($3::text is null or strpos(lower(u.username), lower($3)) > 0 or o.id::text = $3)
      and ($6::text is null or o.method = $6)
      and ($7::text is null or o.provider = $7)
)
select m.id, m.user_id, m.username, m.provider, m.provider_payment_id, m.refund_bids,
       m.refund_amount, m.refunded_at, t.total
from (select count(*) as total from matching) as t
left join lateral (select * from matching order by id desc limit $4 offset $5) as m on true
order by m.id desc
