-- The stars whose auction starts within $2 seconds after $1 (the runtime clock's now) and whose
-- "starting" notice is due: never sent, or sent for an earlier start time (the start moved
-- later). At most $3, marked with the start time they are told of, under `skip locked` row locks,
-- so two sweeps at once never mark the same star. Only upcoming auctions of open accounts.
with due as (
    select w.user_id, w.auction_id, a.start_time, a.title
    from watch w
    join auction a on a.id = w.auction_id
    join app_user u on u.id = w.user_id
    where a.status = 'upcoming'
      and a.start_time > $1
      and a.start_time <= $1 + make_interval(secs => $2)
      and (w.reminded_for is null or w.reminded_for < a.start_time)
      and u.deleted_at is null
    order by a.start_time, w.auction_id, w.user_id
    limit $3
    for update of w skip locked
)
update watch w
set reminded_for = due.start_time
from due
where w.user_id = due.user_id and w.auction_id = due.auction_id
returning w.user_id, w.auction_id, due.start_time, due.title
