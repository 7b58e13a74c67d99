-- record_seal: hashes an auction's bids that have none yet into its public record, continuing the
-- chain from the last hashed one (bids are appended, so the unhashed ones are the newest), and
-- returns how many it hashed. The rule is src/db/record.rs's, stated in sql/migrations/0009_record.sql.
-- The current text; the migration runner re-applies this file whenever it changes
-- (docs/operations.md, "Database functions"). Its history is in sql/migrations/0009 and 0010, the
-- last of which this text was taken from unchanged. A bid's kind is `person`, `auto` or `bot`.
create or replace function record_seal(p_auction bigint) returns int
language plpgsql as $$
declare
    r     record;
    prev  text;
    seq   bigint;
    n     int := 0;
begin
    select b.record_hash, (select count(*) from bid c where c.auction_id = p_auction and c.id <= b.id)
      into prev, seq
    from bid b where b.auction_id = p_auction and b.record_hash is not null
    order by b.id desc limit 1;
    prev := coalesce(prev, record_genesis(p_auction));
    seq := coalesce(seq, 0);
    for r in select b.id, b.created_at, b.amount, b.is_bot, b.is_auto, b.user_id from bid b
             where b.auction_id = p_auction and b.record_hash is null order by b.id loop
        seq := seq + 1;
        prev := record_link(prev, p_auction, seq, r.created_at, r.amount,
                            case when r.is_bot then 'bot' when r.is_auto then 'auto' else 'person' end,
                            r.user_id);
        update bid set record_hash = prev where id = r.id;
        n := n + 1;
    end loop;
    return n;
end;
$$;
