-- Fewer index entries per bid (issue 26): each bid wrote seven B-tree entries, four for its `bid`
-- row and three for its ledger debit; now five, and one BRIN summary that changes once per range
-- of pages.
--
-- `bid.created_at` served only range scans over recent time (the operator's bids per minute, the
-- fairness page's bids of the last days). Bids are appended in rising arrival time, so a BRIN
-- index (one summary per 32 pages of the table) finds the same recent pages for a fraction of a
-- B-tree's upkeep: most inserts leave the summary as it is.
drop index bid_created_idx;
create index bid_created_brin on bid using brin (created_at) with (pages_per_range = 32, autosummarize = on);

-- The ledger had two indexes led by the user: every entry in `(user_id)` and the bid and pre-bid
-- debits again in `(user_id, created_at)` (the spend limits' windows). One `(user_id, created_at)`
-- index serves both: the user's entries, and a window of them, where the few purchases and refunds
-- in it are read and skipped.
create index ledger_entry_user_time_idx on ledger_entry (user_id, created_at);
drop index ledger_entry_user_idx;
drop index ledger_entry_spent_idx;

-- The references of a bid (its auction and bidder) and of a ledger entry (its user) are checked
-- once per statement instead of once per row (issue 26). A foreign key checks each inserted row
-- with a query of its own, locking the referenced row `for key share`: three such queries per
-- durable bid, 27 % of PostgreSQL's CPU in the group commit (docs/benchmarks.md §22). The triggers
-- below keep what the foreign keys guaranteed, for every writer:
-- * an inserted or updated row's auction and user exist, and are locked `for key share` (in id
--   order) until the transaction ends, so no one deletes them meanwhile; otherwise the statement
--   fails with SQLSTATE 23503 (foreign_key_violation), as before;
-- * deleting an auction deletes its bids, and deleting a user their bids and ledger entries (the
--   foreign keys' `on delete cascade`). Ids never change (`generated always`).
-- The group commit has already locked these auctions and its paying bidders more strongly, so for
-- them the statement's lock costs nothing; only house bots' rows are locked here.
alter table bid drop constraint bid_auction_id_fkey;
alter table bid drop constraint bid_user_id_fkey;
alter table ledger_entry drop constraint ledger_entry_user_id_fkey;

-- Locks the rows of `p_parent` ('auction' or 'app_user') with ids `p_ids` (distinct) `for key
-- share`, in id order; raises 23503 naming `p_table`'s old constraint when one does not exist.
create function references_hold(p_parent text, p_ids bigint[], p_table text, p_constraint text) returns void
language plpgsql as $$
declare
    v_found bigint;
begin
    if p_parent = 'auction' then
        select count(*) into v_found
        from (select 1 from auction x where x.id = any(p_ids) order by x.id for key share) as s;
    else
        select count(*) into v_found
        from (select 1 from app_user u where u.id = any(p_ids) order by u.id for key share) as s;
    end if;
    if v_found <> cardinality(p_ids) then
        raise foreign_key_violation using message = format(
            'insert or update on table "%s" violates foreign key constraint "%s"', p_table, p_constraint);
    end if;
end;
$$;

-- Inserts: once per statement, over its rows. An update naming a reference (none does today; the
-- public record updates `record_hash`) is checked row by row.
create function bid_references_hold() returns trigger
language plpgsql as $$
begin
    if tg_level = 'STATEMENT' then
        perform references_hold('auction', array(select distinct n.auction_id from added n), 'bid', 'bid_auction_id_fkey');
        perform references_hold('app_user', array(select distinct n.user_id from added n), 'bid', 'bid_user_id_fkey');
    else
        perform references_hold('auction', array[new.auction_id], 'bid', 'bid_auction_id_fkey');
        perform references_hold('app_user', array[new.user_id], 'bid', 'bid_user_id_fkey');
    end if;
    return null;
end;
$$;
create trigger bid_references_insert after insert on bid
    referencing new table as added for each statement execute function bid_references_hold();
create trigger bid_references_update after update of auction_id, user_id on bid
    for each row execute function bid_references_hold();

create function ledger_entry_references_hold() returns trigger
language plpgsql as $$
begin
    if tg_level = 'STATEMENT' then
        perform references_hold('app_user', array(select distinct n.user_id from added n), 'ledger_entry',
                                'ledger_entry_user_id_fkey');
    else
        perform references_hold('app_user', array[new.user_id], 'ledger_entry', 'ledger_entry_user_id_fkey');
    end if;
    return null;
end;
$$;
create trigger ledger_entry_references_insert after insert on ledger_entry
    referencing new table as added for each statement execute function ledger_entry_references_hold();
create trigger ledger_entry_references_update after update of user_id on ledger_entry
    for each row execute function ledger_entry_references_hold();

create function auction_deletes_bids() returns trigger
language plpgsql as $$
begin
    delete from bid where auction_id = old.id;
    return null;
end;
$$;
create trigger auction_deletes_bids after delete on auction
    for each row execute function auction_deletes_bids();

create function user_deletes_bids() returns trigger
language plpgsql as $$
begin
    delete from bid where user_id = old.id;
    delete from ledger_entry where user_id = old.id;
    return null;
end;
$$;
create trigger user_deletes_bids after delete on app_user
    for each row execute function user_deletes_bids();
