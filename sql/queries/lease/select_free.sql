-- Upcoming and live auctions nobody holds a live lease on, oldest first, at most $1: each with
-- when its last holder was last known to hold it (null: never leased), in milliseconds since the
-- epoch. $2 is how long a lease lasts: a lease's holder last renewed it that long before it ran
-- out. An auction created less than a lease ago and never leased is its creator's to take.
select a.id,
       (extract(epoch from l.expires_at) * 1000)::bigint - $2 as held_until_ms
from auction a
left join auction_lease l on l.auction_id = a.id
where a.status in ('upcoming', 'live')
  and (l.auction_id is null or l.expires_at <= now())
  and (l.auction_id is not null or a.created_at < now() - $2 * interval '1 millisecond')
order by a.id
limit $1
