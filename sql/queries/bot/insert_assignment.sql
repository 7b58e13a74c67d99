-- Assigns a bot only if it exists, is open and active. The bot's row is share-locked, so a
-- concurrent close or deactivation either waits for this insert or makes it find no bot. A second
-- assignment of the same bot violates bot_assignment_auction_bot_key.
with bot as (
    select id, coalesce(first_name, '') as first_name, coalesce(last_name, '') as last_name, username
    from app_user
    where id = $2 and is_bot and deleted_at is null and is_active
    for share
), ins as (
    insert into bot_assignment (auction_id, bot_id, is_active, bid_limit)
    select $1, bot.id, $3, $4 from bot
    returning id, bot_id
)
select ins.id, bot.first_name, bot.last_name, bot.username,
       (select count(*) from bid b where b.auction_id = $1 and b.user_id = ins.bot_id)
from ins join bot on bot.id = ins.bot_id
