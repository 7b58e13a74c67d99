-- What deleting auction $1 gives back: each participant's paid bids and pre-bids, counted. A
-- participant who holds its item (a won item or a Buy It Now not passed on or expired) is not
-- refunded: their bids won the item, or were credited against its price.
select user_id, count(*)::bigint as n
from (select user_id from bid where auction_id = $1 and not is_bot and not is_prebid
      union all
      select user_id from prebid where auction_id = $1) as spent
where user_id not in (select c.user_id from claim c
                      where c.auction_id = $1 and c.state not in ('passed', 'expired'))
group by user_id
order by user_id
