insert into bid (auction_id, user_id, amount, is_bot, bot_name, is_prebid, created_at)
select $1, b.user_id, b.amount, b.is_bot, b.bot_name, b.is_prebid, b.created_at
from unnest($2::bigint[], $3::bigint[], $4::boolean[], $5::text[], $6::boolean[], $7::timestamptz[])
       with ordinality as b (user_id, amount, is_bot, bot_name, is_prebid, created_at, n)
order by b.n
returning id
