-- Payment orders whose ledger does not follow their state. Crediting writes, in one transaction,
-- state 'paid' and, when the order credits bids, exactly one ledger row naming the order: a
-- 'purchase' of the order's bids to its buyer. A refunded order keeps that row (its refund is a
-- separate 'purchase_refund' row, checked by select_refund_mismatches). A paid order of a won item
-- that is not a bid package credits nothing (0 bids) and has no purchase row; a pending or failed
-- order has none. (Purchases without an order, such as the demo seed's, are not orders and are not
-- examined here.)
select o.id, o.user_id, u.username, o.state, o.bids, coalesce(l.n, 0) as ledger_rows,
       coalesce(l.total, 0)::bigint as credited, coalesce(l.users, '{}') as credited_users,
       count(*) over () as offending
from payment_order o
join app_user u on u.id = o.user_id
left join (select order_id, count(*) as n, sum(delta) as total,
                  array_agg(distinct user_id) as users
           from ledger_entry where order_id is not null and reason = 'purchase' group by order_id) as l
       on l.order_id = o.id
where (o.state in ('paid', 'refunded') and o.bids > 0
       and (coalesce(l.n, 0) <> 1 or l.total <> o.bids or l.users <> array[o.user_id]))
   or ((o.state not in ('paid', 'refunded') or o.bids = 0) and coalesce(l.n, 0) <> 0)
order by o.id
limit $1
