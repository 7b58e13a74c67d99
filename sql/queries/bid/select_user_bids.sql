select b.id, b.amount, b.is_bot, b.bot_name, b.is_prebid, b.created_at,
       a.id, a.title, a.display_id, a.status, a.leader_id, a.winner_id,
       -- Until when this user, who lost it, may buy it now ($3 hours after its end).
       case when a.status = 'finished' and a.buy_now_stock > 0 and not a.is_bid_package
                 and a.winner_id is distinct from $1 and not b.is_prebid
                 and a.end_time + make_interval(hours => $3) > now()
            then a.end_time + make_interval(hours => $3) end
from bid b
join auction a on a.id = b.auction_id
where b.user_id = $1
order by b.id desc
limit $2
