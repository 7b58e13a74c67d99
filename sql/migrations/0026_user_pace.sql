-- The 1-second rule across nodes (issue 25; docs/decisions.md, "One user, one bid a second"):
-- with several nodes, one user's bids reach different nodes, so each node's own memory of the
-- user's last bid is not enough. This table is that memory, shared: the last bid or pre-bid each
-- user placed (its auction, and its arrival stamp in milliseconds since the epoch), taken and
-- replaced in one statement under the row's lock. A single node keeps it in memory and never
-- reads this table.
--
-- Unlogged: nothing here is worth a WAL record. PostgreSQL empties it after a crash, which forgets
-- stamps at most a second old, exactly what a restarted node forgets of its own memory.
create unlogged table user_pace (
  user_id bigint primary key,
  auction_id bigint not null,
  at_ms bigint not null
);
