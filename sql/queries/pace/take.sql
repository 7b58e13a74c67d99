-- Lets user $1 bid on auction $2 at $3 (ms since the epoch) unless their last bid, on another
-- auction, was less than $4 ms before; a bid on the same auction is left to the auction's own
-- check. One row always: whether the stamp was taken, and the last bid before it (taken: the one
-- it replaced, to give back; refused: the one that holds the user back). The row's lock makes two
-- requests of one user, on any nodes, take their turns.
--
-- The insert reads `previous` (the count) so that it is read, and locked, before the row
-- changes: read after, the row this statement replaced would be invisible to it.
with previous as (
  select auction_id, at_ms from user_pace where user_id = $1 for update
), taken as (
  insert into user_pace as p (user_id, auction_id, at_ms)
  select $1, $2, $3 from (select count(*) from previous) as read_first
  on conflict (user_id) do update set auction_id = excluded.auction_id, at_ms = excluded.at_ms
    where p.auction_id = excluded.auction_id or p.at_ms <= excluded.at_ms - $4
  returning 1
)
select exists (select 1 from taken), (select auction_id from previous), (select at_ms from previous)
