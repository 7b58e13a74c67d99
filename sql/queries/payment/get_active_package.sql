select id, bids, price, original_price, popular
from bid_package
where id = $1 and active
