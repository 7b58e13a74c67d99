-- Auctions whose leader, or (once finished) winner, is not the bidder of their last bid row (the
-- highest id: bids are inserted in acceptance order, which their stamps need not follow). An
-- auction without bids has neither a leader nor a winner. Bots' bids name their app_user row.
select a.id, a.display_id, a.status, a.leader_id, l.username, a.winner_id, w.username,
       last.id, last.user_id, u.username, count(*) over () as offending
from auction a
left join lateral (select b.id, b.user_id from bid b where b.auction_id = a.id
                   order by b.id desc limit 1) as last on true
left join app_user l on l.id = a.leader_id
left join app_user w on w.id = a.winner_id
left join app_user u on u.id = last.user_id
where a.leader_id is distinct from last.user_id
   or (a.status = 'finished' and a.winner_id is distinct from last.user_id)
order by a.id
limit $1
