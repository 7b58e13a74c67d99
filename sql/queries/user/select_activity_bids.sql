-- One row per auction the user bid on: its bid count there and the latest bid's time.
select a.id, a.title, count(*) as bids, a.current_price, a.status, max(b.created_at) as last_bid
from bid b
join auction a on a.id = b.auction_id
where b.user_id = $1
group by a.id
order by last_bid desc, a.id desc
limit $2
