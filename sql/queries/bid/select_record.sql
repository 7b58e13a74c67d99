-- Every bid of an auction in order, with its place, public bidder name and stored chain hash.
select row_number() over (order by b.id)::bigint, b.id, b.created_at, b.amount,
       case when b.is_bot then coalesce(b.bot_name, u.username) else u.username end,
       b.user_id, b.is_bot, b.is_prebid, b.record_hash, b.is_auto
from bid b
join app_user u on u.id = b.user_id
where b.auction_id = $1
order by b.id
