select p.id, a.bid_balance
from prebid p
join app_user a on a.id = p.user_id
where p.auction_id = $1 and p.user_id = $2
