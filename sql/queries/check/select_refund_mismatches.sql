-- Refunds whose ledger does not match what the order records. Refunding writes, in one
-- transaction, state 'refunded', refund_bids, and (when refund_bids > 0) exactly one
-- 'purchase_refund' ledger row naming the order: −refund_bids to its buyer, never more than the
-- order credited. An order that is not refunded has no such row.
select o.id, o.user_id, u.username, o.state, o.bids, o.refund_bids, coalesce(l.n, 0) as ledger_rows,
       coalesce(l.total, 0)::bigint as taken, coalesce(l.users, '{}') as taken_from,
       count(*) over () as offending
from payment_order o
join app_user u on u.id = o.user_id
left join (select order_id, count(*) as n, -sum(delta) as total,
                  array_agg(distinct user_id) as users
           from ledger_entry where reason = 'purchase_refund' group by order_id) as l
       on l.order_id = o.id
where (o.state = 'refunded'
       and (o.refund_bids is null or o.refund_bids > o.bids
            or coalesce(l.total, 0) <> o.refund_bids or coalesce(l.n, 0) > 1
            or (l.n is not null and l.users <> array[o.user_id])))
   or (o.state <> 'refunded' and coalesce(l.n, 0) <> 0)
order by o.id
limit $1
