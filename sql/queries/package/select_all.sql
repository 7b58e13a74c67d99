-- Every package of the catalogue, inactive ones too, in catalogue order.
select id, bids, price, original_price, popular, active, position
from bid_package
order by position, id
