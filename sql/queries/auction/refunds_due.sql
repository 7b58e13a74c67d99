select user_id, count(*)::bigint as n
from (select user_id from bid where auction_id = $1 and not is_bot and not is_prebid
      union all
      select user_id from prebid where auction_id = $1) as spent
group by user_id
order by user_id
