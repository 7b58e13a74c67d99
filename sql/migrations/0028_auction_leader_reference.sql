-- An auction's leader is checked by triggers instead of a foreign key (issue 26, goal 3), as the
-- bids' references were in 0025. The foreign key `auction_leader_id_fkey` checked every auction
-- row whose leader changed with a query of its own (`select 1 from app_user ... for key share`):
-- in a group commit of 100 auctions' batches, a fifth to a quarter of PostgreSQL's CPU
-- (docs/benchmarks.md §26). The group commit has locked every bidder of its batches before it
-- updates their auctions, and a batch's leader is its last bidder: it says so for its one update
-- with the transaction-local setting `tyiyn.auction_leaders` = 'held' (only when every leader it
-- names is one of the bidders it locked), cleared right after. For every other writer the triggers
-- keep what the foreign key guaranteed:
-- * an auction inserted with a leader, or updated to another one, names a user who exists, and
--   that user's row is locked `for key share` until the transaction ends, so no one deletes it
--   meanwhile; otherwise the statement fails with SQLSTATE 23503 (foreign_key_violation) naming
--   the old constraint, as before;
-- * deleting a user clears the auctions they lead (the foreign key's `on delete set null`).
alter table auction drop constraint auction_leader_id_fkey;

create function auction_leader_holds() returns trigger
language plpgsql as $$
begin
    perform references_hold('app_user', array[new.leader_id], 'auction', 'auction_leader_id_fkey');
    return null;
end;
$$;
create trigger auction_leader_insert after insert on auction
    for each row when (new.leader_id is not null)
    execute function auction_leader_holds();
create trigger auction_leader_update after update of leader_id on auction
    for each row when (new.leader_id is not null and new.leader_id is distinct from old.leader_id
                       and current_setting('tyiyn.auction_leaders', true) is distinct from 'held')
    execute function auction_leader_holds();

create function user_clears_leads() returns trigger
language plpgsql as $$
begin
    update auction set leader_id = null where leader_id = old.id;
    return null;
end;
$$;
create trigger user_clears_leads after delete on app_user
    for each row execute function user_clears_leads();
