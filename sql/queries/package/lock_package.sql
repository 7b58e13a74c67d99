-- One package, locked until the transaction ends (an edit reads what it replaces).
select id, bids, price, original_price, popular, active, position
from bid_package
where id = $1
for update
