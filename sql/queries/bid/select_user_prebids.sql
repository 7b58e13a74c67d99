select p.id, p.created_at, p.bid_id, a.id, a.title, a.display_id, a.status, a.start_time, a.image_url
from prebid p
join auction a on a.id = p.auction_id
where p.user_id = $1
order by p.id desc
limit $2
