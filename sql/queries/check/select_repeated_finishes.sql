-- Traces of an auction finished more than once, or half finished. Finishing writes, in one
-- transaction, status 'finished', end_time, ends_at null, winner_id = leader_id, and one
-- 'auction_won' notification to a winner who is a user (none for a bot or without bids).
-- So: at most one such notification per auction (deleted auctions keep theirs), sent to the
-- winner of a finished auction; end_time and winner_id only on finished rows; a finished row
-- has no deadline and its winner is its leader.
with won as (
    select auction_id, count(*) as notices, array_agg(user_id order by id) as users
    from notification
    where kind = 'auction_won' and auction_id is not null
    group by auction_id
)
select coalesce(a.id, won.auction_id) as auction_id, a.display_id, a.status,
       a.end_time is not null as has_end_time, a.ends_at is not null as has_deadline,
       a.winner_id, a.leader_id, coalesce(won.notices, 0) as notices,
       coalesce(won.users, '{}') as notified, count(*) over () as offending
from auction a
full join won on won.auction_id = a.id
where won.notices > 1
   or (a.status = 'finished' and (a.ends_at is not null or a.winner_id is distinct from a.leader_id))
   or (a.status <> 'finished' and (a.end_time is not null or a.winner_id is not null))
   or (won.notices = 1 and a.id is not null
       and (a.status <> 'finished' or a.winner_id is null or won.users <> array[a.winner_id]))
order by 1
limit $1
