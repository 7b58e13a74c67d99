-- Locks auction $1 until the transaction ends: Buy It Now purchases of one auction take turns on
-- it. A statement of its own, so that what the buyer then reads (`select_offer`) is read after the
-- lock is held. Read in the same statement as the lock, the claims already taken would come from
-- the snapshot taken before waiting for it (PostgreSQL's READ COMMITTED re-checks only the locked
-- row), and two buyers could both take the last one.
select id from auction where id = $1 for update
