select p.id, a.title, a.status, p.created_at
from prebid p
join auction a on a.id = p.auction_id
where p.user_id = $1
order by p.id desc
limit $2
