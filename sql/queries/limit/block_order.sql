-- Why $1 may not order package $2 now ('paused', 'limit_reached', or null), under a lock on the
-- user so that two orders at once cannot both pass a spend limit; no row when the package is not
-- on sale.
select spend_block(a.id, 0, p.price)
from app_user a, bid_package p
where a.id = $1 and p.id = $2 and p.active
for update of a
