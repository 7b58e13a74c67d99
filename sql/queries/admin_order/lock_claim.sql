-- The won item a claim order paid for, locked (lock order: the claim, then its order, then the
-- buyer, as the payment callback takes them).
select state
from claim
where id = $1
for update
