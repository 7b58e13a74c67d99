-- The active packages, in catalogue order.
select id, bids, price, original_price, popular
from bid_package
where active
order by position, id
