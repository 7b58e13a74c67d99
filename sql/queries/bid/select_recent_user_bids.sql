select b.id, b.auction_id, b.amount, b.created_at
from bid b
where b.user_id = $1
order by b.id desc
limit 10
