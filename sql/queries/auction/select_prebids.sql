select p.id, p.user_id, u.username, p.created_at
from prebid p join app_user u on u.id = p.user_id
where p.auction_id = $1
order by p.id
