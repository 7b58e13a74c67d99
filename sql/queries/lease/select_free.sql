-- Upcoming and live auctions nobody holds a live lease on, oldest first, at most $1: each with
-- when its last holder was last known to hold it (null: never leased), in milliseconds since the
-- epoch: when it handed it over, or its last renewal (a lease's length, $2, before it ran out).
-- An auction created less than a lease ago and never leased is its creator's to take. `lapsed`:
-- its last holder stopped renewing it (died or froze), rather than handing it over.
select a.id,
       (extract(epoch from l.expires_at) * 1000)::bigint - case when l.released then 0 else $2::bigint end
           as held_until_ms,
       coalesce(not l.released, false) as lapsed
from auction a
left join auction_lease l on l.auction_id = a.id
where a.status in ('upcoming', 'live')
  and (l.auction_id is null or l.expires_at <= now())
  and (l.auction_id is not null or a.created_at < now() - $2::bigint * interval '1 millisecond')
order by a.id
limit $1
