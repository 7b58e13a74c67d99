select b.user_id, bool_or(b.is_bot), max(b.created_at)
from bid b
where b.auction_id = $1
group by b.user_id
