update app_user u
set bid_balance = u.bid_balance + d.n, updated_at = now()
from unnest($1::bigint[], $2::bigint[]) as d (id, n)
where u.id = d.id
returning u.id, u.bid_balance
