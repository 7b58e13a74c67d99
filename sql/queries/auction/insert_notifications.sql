-- A notice of kind $2 about auction $3 for each user of $1, its payload $4 with the auction's title
-- (so that the stored notice says what it is about, as the live one does); the rows, for the outbox.
insert into notification (user_id, kind, auction_id, payload)
select t.user_id, $2, $3, $4::jsonb || jsonb_build_object('title', a.title)
from unnest($1::bigint[]) as t (user_id)
join auction a on a.id = $3
returning id, user_id, kind, auction_id, payload, read_at, created_at
