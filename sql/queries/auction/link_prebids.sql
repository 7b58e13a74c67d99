update prebid p set bid_id = l.bid_id
from unnest($2::bigint[], $3::bigint[]) as l (user_id, bid_id)
where p.auction_id = $1 and p.user_id = l.user_id
