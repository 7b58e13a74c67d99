-- Why $1 may not order package $2 now ('paused', 'limit_reached', or null); no row when the
-- package is not on sale. Run after `lock_user`, in the same transaction as the order's insert;
-- the package is held (`for share`) until then, so the order is inserted at the price checked
-- here even if an admin edits it at the same moment.
select spend_block($1, 0, p.price)
from bid_package p
where p.id = $2 and p.active
for share of p
