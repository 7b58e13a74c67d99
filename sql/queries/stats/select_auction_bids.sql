-- An auction's bids, newest first, with who placed them (a bot by its bot name).
select b.id, case when b.is_bot then coalesce(b.bot_name, u.username) else u.username end,
       u.role, b.is_bot, b.amount, b.created_at
from bid b
join app_user u on u.id = b.user_id
where b.auction_id = $1
order by b.id desc
limit $2
