-- Takes the user's watchlist for this transaction, so that two stars pressed at once are counted
-- one after the other against the cap. An advisory lock, not the user's row: a bid's commit locks
-- that row, and a star must never wait for one (nor hold one up).
select pg_advisory_xact_lock(hashtextextended('watch:' || $1::bigint, 0))
