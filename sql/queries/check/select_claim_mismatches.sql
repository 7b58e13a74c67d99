-- Won items whose orders or siblings contradict their state. Paying writes, in one transaction,
-- the order 'paid' and its claim 'paid'; a second payment for a paid claim is refused. So a claim
-- in paid, shipped or delivered has exactly one paid order; and an auction has at most one open
-- won-item claim (reserved, claimed, paid, shipped or delivered) at a time, and never more open
-- Buy It Now claims than its stock. A new delivery choice fails the pending orders before it, so a
-- claim has at most one pending order (the one that may pay it).
with paid as (
    select claim_id, count(*) as n from payment_order
    where claim_id is not null and state = 'paid' group by claim_id
), pending as (
    select claim_id, count(*) as n from payment_order
    where claim_id is not null and state = 'pending' group by claim_id
), open as (
    select auction_id, count(*) filter (where kind = 'won') as n,
           count(*) filter (where kind = 'buy_now') as bought
    from claim
    where state not in ('passed', 'expired') and auction_id is not null group by auction_id
)
select c.id, c.auction_id, c.state, coalesce(p.n, 0) as paid_orders, coalesce(o.n, 0) as open_claims,
       coalesce(q.n, 0) as pending_orders, count(*) over () as offending
from claim c
left join paid p on p.claim_id = c.id
left join pending q on q.claim_id = c.id
left join open o on o.auction_id = c.auction_id
left join auction a on a.id = c.auction_id
where (c.state in ('paid', 'shipped', 'delivered') and coalesce(p.n, 0) <> 1)
   or coalesce(q.n, 0) > 1
   or (c.state not in ('passed', 'expired') and coalesce(o.n, 0) > 1)
   or (c.kind = 'buy_now' and c.state not in ('passed', 'expired')
       and coalesce(o.bought, 0) > coalesce(a.buy_now_stock, 0))
order by c.id
limit $1
