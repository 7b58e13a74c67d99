-- An auction's auto-bidders with their owners' names, in the order they were set.
select a.user_id, u.username, a.bids, a.bids_left, a.max_price, a.active, a.created_at
from autobid a
join app_user u on u.id = a.user_id
where a.auction_id = $1
order by a.created_at, a.user_id
