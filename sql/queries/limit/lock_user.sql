-- Locks user $1 until the transaction ends: every check of their spend limits that is followed by
-- a write (a package order) takes turns on it. A statement of its own, so that the check that
-- follows (`block_order`) reads what the previous holder committed: read in the same statement as
-- the lock, it would see the snapshot taken before waiting (PostgreSQL's READ COMMITTED re-checks
-- only the locked row), and two orders at once could both pass a limit of one.
select id from app_user where id = $1 for update
