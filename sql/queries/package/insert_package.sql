insert into bid_package (id, bids, price, original_price, popular, active, position)
select coalesce(max(id), 0) + 1, $1, $2, $3, $4, $5, $6
from bid_package
returning id, bids, price, original_price, popular, active, position
