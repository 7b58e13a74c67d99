-- A user's newest notifications (at most $2).
select id, user_id, kind, auction_id, payload, read_at, created_at
from notification
where user_id = $1
order by created_at desc, id desc
limit $2
