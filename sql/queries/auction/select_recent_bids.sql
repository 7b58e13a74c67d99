select b.id, b.amount, b.user_id, u.username, b.is_bot, b.bot_name, b.is_prebid, b.created_at, b.is_auto
from bid b join app_user u on u.id = b.user_id
where b.auction_id = $1
order by b.id desc
limit $2
