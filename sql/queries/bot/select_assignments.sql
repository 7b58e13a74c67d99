-- An auction's assignments with each bot's bid count there (counted, never stored); closed bots'
-- assignments are left out.
select ba.id, ba.bot_id, coalesce(u.first_name, ''), coalesce(u.last_name, ''), u.username,
       ba.is_active, u.is_active, ba.bid_limit,
       (select count(*) from bid b where b.auction_id = ba.auction_id and b.user_id = ba.bot_id)
from bot_assignment ba
join app_user u on u.id = ba.bot_id
where ba.auction_id = $1 and u.deleted_at is null
order by ba.id
