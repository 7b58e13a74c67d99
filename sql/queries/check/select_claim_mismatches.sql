-- Won items whose orders or siblings contradict their state. Paying writes, in one transaction,
-- the order 'paid' and its claim 'paid'; a second payment for a paid claim is refused. So a claim
-- in paid, shipped or delivered has exactly one paid order; and an auction has at most one open
-- claim (reserved, claimed, paid, shipped or delivered) at a time.
with paid as (
    select claim_id, count(*) as n from payment_order
    where claim_id is not null and state = 'paid' group by claim_id
), open as (
    select auction_id, count(*) as n from claim
    where state not in ('passed', 'expired') and auction_id is not null group by auction_id
)
select c.id, c.auction_id, c.state, coalesce(p.n, 0) as paid_orders, coalesce(o.n, 0) as open_claims,
       count(*) over () as offending
from claim c
left join paid p on p.claim_id = c.id
left join open o on o.auction_id = c.auction_id
where (c.state in ('paid', 'shipped', 'delivered') and coalesce(p.n, 0) <> 1)
   or (c.state not in ('passed', 'expired') and coalesce(o.n, 0) > 1)
order by c.id
limit $1
