-- Group commit across auctions: one call commits the bid batches of many auctions together, in
-- one statement and one transaction, so that many quiet auctions cost one commit instead of one
-- each. Per bid: its batch number (p_batch, 1-based, batches in order), bidder, price, bot flag,
-- bot name, arrival stamp. Per batch: auction id and its tally afterwards.
-- A batch containing a user who cannot pay everything they owe in this group fails as a unit
-- (nothing of it is written) and is reported with those users; every other batch commits.
-- Paying users are locked in id order, so concurrent calls cannot deadlock.
-- Returns one row per committed bid (batch, bid id, the bidder's balance after the group; null
-- for bots) and one row per failed batch (batch, null, null, the users who could not pay).
create function commit_bid_groups(
    p_batch     int[],
    p_users     bigint[],
    p_amounts   bigint[],
    p_bots      boolean[],
    p_bot_names text[],
    p_stamps    timestamptz[],
    t_auctions  bigint[],
    t_prices    bigint[],
    t_leaders   bigint[],
    t_ends_at   timestamptz[],
    t_totals    bigint[]
) returns table (batch int, bid_id bigint, balance bigint, short_users bigint[])
language plpgsql as $$
declare
    owed_ids bigint[];
    owed_n   bigint[];
    short    bigint[];
    failed   int[];
begin
    select array_agg(s.u order by s.u), array_agg(s.c order by s.u) into owed_ids, owed_n
    from (select t.u, count(*) as c from unnest(p_users, p_bots) as t (u, bot)
          where not t.bot group by t.u) as s;

    if owed_ids is not null then
        perform 1 from app_user a where a.id = any(owed_ids) order by a.id for update;
        select array_agg(a.id order by a.id) into short
        from unnest(owed_ids, owed_n) as o (id, n) join app_user a on a.id = o.id
        where a.bid_balance < o.n;
    end if;
    short := coalesce(short, '{}');

    select coalesce(array_agg(distinct t.b), '{}') into failed
    from unnest(p_batch, p_users, p_bots) as t (b, u, bot)
    where not t.bot and t.u = any(short);

    return query
    select f.b, null::bigint, null::bigint,
           (select array_agg(distinct t.u order by t.u)
            from unnest(p_batch, p_users) as t (b, u) where t.b = f.b and t.u = any(short))
    from unnest(failed) as f (b);

    update app_user a set bid_balance = a.bid_balance - o.n, updated_at = now()
    from (select t.u as id, count(*) as n
          from unnest(p_batch, p_users, p_bots) as t (b, u, bot)
          where not t.bot and not t.b = any(failed)
          group by t.u) as o
    where a.id = o.id;

    insert into ledger_entry (user_id, delta, reason, auction_id)
    select t.u, -1, 'bid', t_auctions[t.b]
    from unnest(p_batch, p_users, p_bots) with ordinality as t (b, u, bot, n)
    where not t.bot and not t.b = any(failed)
    order by t.n;

    update auction x
    set current_price = k.price, leader_id = k.leader, ends_at = k.ends_at, total_bids = k.total,
        updated_at = now()
    from unnest(t_auctions, t_prices, t_leaders, t_ends_at, t_totals)
           with ordinality as k (auction, price, leader, ends_at, total, b)
    where x.id = k.auction and x.status = 'live' and not k.b::int = any(failed);

    return query
    with ins as (
        insert into bid (auction_id, user_id, amount, is_bot, bot_name, is_prebid, created_at)
        select t_auctions[t.b], t.u, t.amount, t.bot, t.bot_name, false, t.stamp
        from unnest(p_batch, p_users, p_amounts, p_bots, p_bot_names, p_stamps)
               with ordinality as t (b, u, amount, bot, bot_name, stamp, n)
        where not t.b = any(failed)
        order by t.n
        returning id, auction_id, user_id, is_bot
    )
    select k.b::int, ins.id, case when ins.is_bot then null else a.bid_balance end, null::bigint[]
    from ins
    join app_user a on a.id = ins.user_id
    join unnest(t_auctions) with ordinality as k (auction, b) on k.auction = ins.auction_id
    order by ins.id;
end;
$$;
