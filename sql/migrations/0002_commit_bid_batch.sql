-- One round trip per batch of bids: the auction actor calls this function once per batch.
-- In one statement (one transaction): lock the paying users in id order (so batches on different
-- auctions cannot deadlock), refuse the whole batch if any user lacks the bids they owe (raising
-- 'insufficient_bids' with the user ids in DETAIL, which rolls everything back), debit them, write
-- one ledger row per paid bid, insert the bids in order, and update the auction's tally.
-- Returns each new bid's id with its bidder's balance after the batch (null for bots).
create function commit_bid_batch(
    p_auction   bigint,
    p_users     bigint[],
    p_amounts   bigint[],
    p_bots      boolean[],
    p_bot_names text[],
    p_stamps    timestamptz[],
    p_price     bigint,
    p_leader    bigint,
    p_ends_at   timestamptz,
    p_total     bigint
) returns table (bid_id bigint, balance bigint)
language plpgsql as $$
declare
    owed_ids bigint[];
    owed_n   bigint[];
    short    bigint[];
begin
    select array_agg(s.u order by s.u), array_agg(s.c order by s.u) into owed_ids, owed_n
    from (select t.u, count(*) as c from unnest(p_users, p_bots) as t (u, bot)
          where not t.bot group by t.u) as s;

    if owed_ids is not null then
        perform 1 from app_user a where a.id = any(owed_ids) order by a.id for update;

        select array_agg(a.id order by a.id) into short
        from unnest(owed_ids, owed_n) as o (id, n) join app_user a on a.id = o.id
        where a.bid_balance < o.n;
        if short is not null then
            raise exception 'insufficient_bids' using detail = array_to_string(short, ',');
        end if;

        update app_user a set bid_balance = a.bid_balance - o.n, updated_at = now()
        from unnest(owed_ids, owed_n) as o (id, n) where a.id = o.id;
    end if;

    insert into ledger_entry (user_id, delta, reason, auction_id)
    select t.u, -1, 'bid', p_auction
    from unnest(p_users, p_bots) with ordinality as t (u, bot, n)
    where not t.bot
    order by t.n;

    update auction
    set current_price = p_price, leader_id = p_leader, ends_at = p_ends_at, total_bids = p_total,
        updated_at = now()
    where id = p_auction and status = 'live';

    return query
    with ins as (
        insert into bid (auction_id, user_id, amount, is_bot, bot_name, is_prebid, created_at)
        select p_auction, t.u, t.amount, t.bot, t.bot_name, false, t.stamp
        from unnest(p_users, p_amounts, p_bots, p_bot_names, p_stamps)
               with ordinality as t (u, amount, bot, bot_name, stamp, n)
        order by t.n
        returning id, user_id, is_bot
    )
    select ins.id, case when ins.is_bot then null else a.bid_balance end
    from ins join app_user a on a.id = ins.user_id
    order by ins.id;
end;
$$;
