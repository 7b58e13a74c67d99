select b.id, b.amount, b.is_bot, b.bot_name, b.is_prebid, b.created_at,
       a.id, a.title, a.display_id, a.status, a.leader_id, a.winner_id
from bid b
join auction a on a.id = b.auction_id
where b.user_id = $1
order by b.id desc
limit $2
