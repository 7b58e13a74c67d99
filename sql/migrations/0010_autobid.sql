-- Auto-bidders (issue 13, part 1): a user's standing order on one auction, placed by the
-- auction's actor (actors/src/autobid.rs). One per user per auction; `bids_left` goes down in the
-- same transaction as each auto-bid (the group commit below), so a crash never spends one twice
-- nor forgets one spent. An auto-bid is marked on its bid row, and its kind in the public record
-- is `auto`.

create table autobid (
    auction_id  bigint not null references auction (id) on delete cascade,
    user_id     bigint not null references app_user (id) on delete cascade,
    bids        int not null check (bids between 1 and 500),
    bids_left   int not null check (bids_left between 0 and bids),
    max_price   bigint check (max_price > 0),
    active      boolean not null,
    created_at  timestamptz not null,
    updated_at  timestamptz not null default now(),
    primary key (auction_id, user_id)
);
create index autobid_user_idx on autobid (user_id);

alter table bid add column is_auto boolean not null default false;

-- The record's kinds are now `person`, `auto` and `bot` (no bid was automatic before this file).
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

drop function commit_bid_groups(int[], bigint[], bigint[], boolean[], text[], timestamptz[], text[],
    bigint[], bigint[], bigint[], timestamptz[], bigint[]);

create function commit_bid_groups(
    p_batch     int[],
    p_users     bigint[],
    p_amounts   bigint[],
    p_bots      boolean[],
    p_bot_names text[],
    p_stamps    timestamptz[],
    p_hashes    text[],
    p_autos     boolean[],
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

    -- Each committed auto-bid uses one of its auto-bidder's bids; the last one stops it.
    update autobid ab
    set bids_left = ab.bids_left - o.n, active = ab.active and ab.bids_left - o.n > 0, updated_at = now()
    from (select t_auctions[t.b] as auction, t.u as user_id, count(*) as n
          from unnest(p_batch, p_users, p_autos) as t (b, u, auto)
          where t.auto and not t.b = any(failed)
          group by 1, 2) as o
    where ab.auction_id = o.auction and ab.user_id = o.user_id;

    return query
    with ins as (
        insert into bid (auction_id, user_id, amount, is_bot, bot_name, is_prebid, created_at, record_hash,
                         is_auto)
        select t_auctions[t.b], t.u, t.amount, t.bot, t.bot_name, false, t.stamp, t.hash, t.auto
        from unnest(p_batch, p_users, p_amounts, p_bots, p_bot_names, p_stamps, p_hashes, p_autos)
               with ordinality as t (b, u, amount, bot, bot_name, stamp, hash, auto, n)
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
