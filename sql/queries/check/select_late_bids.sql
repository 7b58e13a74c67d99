-- Bids outside their auction's run: stamped after a finished auction's end_time or after a live
-- auction's deadline (ends_at), or placed on an auction that has not gone live.
select b.id, b.auction_id, a.display_id, a.status, b.user_id, u.username, b.created_at,
       case a.status when 'finished' then a.end_time else a.ends_at end as ended,
       count(*) over () as offending
from bid b
join auction a on a.id = b.auction_id
join app_user u on u.id = b.user_id
where a.status = 'upcoming'
   or (a.status = 'live' and b.created_at > a.ends_at)
   or (a.status = 'finished' and b.created_at > a.end_time)
order by b.id
limit $1
