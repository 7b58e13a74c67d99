-- A bid is its own debit (issue 26, goal 2). Every bid a person placed on a live auction wrote two
-- rows in the group commit: the `bid` row and a ledger row of −1 (reason 'bid') saying the same
-- thing again. From now on the ledger of a user is their `ledger_entry` rows and, for each of their
-- paid bids (`not is_bot and not is_prebid`: a bot pays nothing, a bid made from a pre-bid was paid
-- by the pre-bid's own 'prebid' row), a debit of one: the view `ledger` below. One heap row, two
-- index entries and one statement fewer per bid; `bid_balance` = the sum of `ledger`.
--
-- A bid row that goes (its auction deleted, or a direct `delete`) keeps its debit: the trigger
-- below writes one 'deleted_bids' row of −n per user and auction in the same statement, so the
-- money that moved stays in the ledger (deleting an auction then refunds with a 'refund' row, as
-- before). A user deleted outright takes their bids and ledger rows with them, as before.

-- What was written so far: each (user, auction)'s 'bid' rows said −1 per paid bid row. Those of
-- bids that still exist are now said by the bids; the rest (the bids of deleted auctions) become
-- one 'deleted_bids' row per user and auction, of the same sum. A user with more paid bids on an
-- auction than debits for them has a balance that never matched its ledger: the migration stops.
do $$
declare
    v_bad record;
begin
    select b.user_id, b.auction_id, coalesce(d.spent, 0) as spent, b.n into v_bad
    from (select user_id, auction_id, count(*) as n from bid where not is_bot and not is_prebid
          group by user_id, auction_id) as b
    left join (select l.user_id, l.auction_id, -sum(l.delta) as spent from ledger_entry l
               where l.reason = 'bid' group by l.user_id, l.auction_id) as d
           on d.user_id = b.user_id and d.auction_id = b.auction_id
    where b.n > coalesce(d.spent, 0)
    order by b.user_id, b.auction_id
    limit 1;
    if found then
        raise exception 'user % has % paid bids on auction % but % debits for them: run `tyiyn check` and mend the ledger first',
            v_bad.user_id, v_bad.n, v_bad.auction_id, v_bad.spent;
    end if;
end;
$$;

alter table ledger_entry drop constraint ledger_entry_reason_check;

insert into ledger_entry (user_id, delta, reason, auction_id, created_at)
select d.user_id, -(d.spent - coalesce(b.n, 0)), 'deleted_bids', d.auction_id, d.last_at
from (select l.user_id, l.auction_id, -sum(l.delta) as spent, max(l.created_at) as last_at from ledger_entry l
      where l.reason = 'bid' group by l.user_id, l.auction_id) as d
left join (select user_id, auction_id, count(*) as n from bid where not is_bot and not is_prebid
           group by user_id, auction_id) as b on b.user_id = d.user_id and b.auction_id = d.auction_id
where d.spent > coalesce(b.n, 0)
order by d.last_at;

delete from ledger_entry where reason = 'bid';

-- 'bid' rows are refused from now on: a node still running the old group commit during a rolling
-- upgrade fails its group (no bid of it is acknowledged) instead of charging a bid twice.
alter table ledger_entry add constraint ledger_entry_reason_check check (reason in
    ('signup_bonus', 'purchase', 'admin_adjustment', 'prebid', 'refund', 'purchase_refund', 'deleted_bids'));

-- A user's whole ledger: their rows, and −1 for each paid bid. `bid_balance` equals its sum.
create view ledger as
    select l.user_id, l.delta, l.reason, l.auction_id, l.created_at from ledger_entry l
    union all
    select b.user_id, -1::bigint, 'bid'::text, b.auction_id, b.created_at from bid b
    where not b.is_bot and not b.is_prebid;

-- Deleted bids keep their debits (above). The user's row must still exist: a user deleted outright
-- is deleting their ledger too (user_deletes_bids, migration 0025).
create function bid_deletion_keeps_debits() returns trigger
language plpgsql as $$
begin
    insert into ledger_entry (user_id, delta, reason, auction_id, created_at)
    select g.user_id, -count(*), 'deleted_bids', g.auction_id, max(g.created_at)
    from gone g
    where not g.is_bot and not g.is_prebid and exists (select 1 from app_user u where u.id = g.user_id)
    group by g.user_id, g.auction_id
    order by g.user_id, g.auction_id;
    return null;
end;
$$;
create trigger bid_deletion_keeps_debits after delete on bid
    referencing old table as gone for each statement execute function bid_deletion_keeps_debits();

-- A bid's debit is its bidder's for good: an update that would move it to someone else, or make
-- it free or paid after the fact (bidder, bot, pre-bid), is refused. Nothing updates these (the
-- public record updates `record_hash`); this keeps the ledger whole against a hand-typed one.
create function bid_debit_stays() returns trigger
language plpgsql as $$
begin
    if (new.user_id, new.is_bot, new.is_prebid) is distinct from (old.user_id, old.is_bot, old.is_prebid) then
        raise check_violation using message = format(
            'bid %s: its bidder, is_bot and is_prebid do not change (the bid is its bidder''s debit)', old.id);
    end if;
    return new;
end;
$$;
create trigger bid_debit_stays before update of user_id, is_bot, is_prebid on bid
    for each row execute function bid_debit_stays();

-- The group commit checks the references of the bids it inserts itself, under the locks it takes
-- anyway (sql/functions/commit_bid_groups.sql: every bidder and auction of the group exists and is
-- locked, in id order), and says so for its one insert with the transaction-local setting
-- `tyiyn.bid_references` = 'held', cleared right after. Every other insert is checked as before.
drop trigger bid_references_insert on bid;
create trigger bid_references_insert after insert on bid
    referencing new table as added for each statement
    when (current_setting('tyiyn.bid_references', true) is distinct from 'held')
    execute function bid_references_hold();
