-- Notifications in one statement (one, or the outbid desk's batch): $1 users, $2 kinds, $3 auctions,
-- $4 payloads, parallel arrays, stored in that order.
insert into notification (user_id, kind, auction_id, payload)
select n.user_id, n.kind, n.auction_id, n.payload
from unnest($1::bigint[], $2::text[], $3::bigint[], $4::jsonb[]) with ordinality as n (user_id, kind, auction_id, payload, i)
order by n.i
returning id, user_id, kind, auction_id, payload, read_at, created_at
