-- The live and upcoming auctions of the bots $1, with each bot's bid count there.
select ba.bot_id, a.id, a.title, ba.bid_limit,
       (select count(*) from bid b where b.auction_id = a.id and b.user_id = ba.bot_id)
from bot_assignment ba
join auction a on a.id = ba.auction_id
where ba.bot_id = any($1) and a.status in ('upcoming', 'live')
order by ba.bot_id, ba.id
