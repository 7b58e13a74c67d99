-- Takes bot $1's poller lock if no other session holds it: whether it did (see lock_poller.sql).
select pg_try_advisory_lock(hashtextextended('tyiyn telegram poller ' || $1::bigint::text, 0))
