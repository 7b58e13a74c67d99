-- Adding devices to one account one after the other, so that two at once cannot both pass the
-- cap of devices. An advisory lock, not the user's row: a bid's commit locks that row.
select pg_advisory_xact_lock(hashtextextended('push:' || $1::bigint, 0))
