-- bids_spent: bids a user spent since `p_since`, for the bid limits (spend_block,
-- sql/migrations/0011_limits.sql): their paid bids (a bid is its own debit, migration 0027), their
-- pre-bids, and the debits of their bids that were deleted since. The current text; the migration
-- runner re-applies this file whenever it changes (docs/operations.md, "Database functions"). Its
-- history is in sql/migrations/0011 (the ledger's 'bid' and 'prebid' rows).
--
-- Each part is one index range: `bid_user_idx` (user_id, created_at desc) and
-- `ledger_entry_user_time_idx` (user_id, created_at).
create or replace function bids_spent(p_user bigint, p_since timestamptz) returns bigint
language sql stable as $$
    select (select count(*) from bid b
            where b.user_id = p_user and b.created_at > p_since and not b.is_bot and not b.is_prebid)
         + (select coalesce(-sum(l.delta), 0) from ledger_entry l
            where l.user_id = p_user and l.created_at > p_since and l.reason in ('prebid', 'deleted_bids'))::bigint
$$;
