-- Spend limits and a pause, set by the user (issue 13, part 4; docs/decisions.md, "Spend limits").
--
-- One row per limit a user has ever set. `value` is the limit in force (`null`: none): bids for
-- `daily_bids`, `weekly_bids` and `monthly_bids`, tyiyn for `monthly_spend`, and for `pause` the
-- end of the pause in milliseconds since 1970. A stricter setting replaces `value` at once; a
-- looser one (a higher limit, no limit, an earlier end of a pause) waits in `next_value` until
-- `next_at`, 24 hours after it was asked for, and is folded in lazily: `limit_now` reads the row
-- as it stands at `now()`, so nothing has to run at the 24th hour.
--
-- Windows roll: a day is the last 24 hours, a week the last 7 days, a month the last 30 days.
-- Bids spent are the ledger's `bid` and `prebid` debits in the window; money spent is the
-- package orders paid in the window plus those still pending from the last 24 hours.

create table user_limit (
    user_id     bigint not null references app_user (id) on delete cascade,
    name        text not null check (name in ('daily_bids', 'weekly_bids', 'monthly_bids', 'monthly_spend', 'pause')),
    value       bigint check (value >= 0),
    next_value  bigint check (next_value >= 0),
    next_at     timestamptz,
    updated_at  timestamptz not null default now(),
    primary key (user_id, name)
);

create index ledger_entry_spent_idx on ledger_entry (user_id, created_at) where reason in ('bid', 'prebid');

create function limit_now(p_value bigint, p_next bigint, p_next_at timestamptz) returns bigint
language sql stable as $$
    select case when p_next_at is not null and p_next_at <= now() then p_next else p_value end
$$;

create function limit_window(p_name text) returns interval
language sql immutable as $$
    select case p_name when 'daily_bids' then interval '24 hours' when 'weekly_bids' then interval '7 days'
                       else interval '30 days' end
$$;

create function bids_spent(p_user bigint, p_since timestamptz) returns bigint
language sql stable as $$
    select coalesce(-sum(delta), 0)::bigint from ledger_entry
    where user_id = p_user and reason in ('bid', 'prebid') and created_at > p_since
$$;

create function money_spent(p_user bigint, p_since timestamptz) returns bigint
language sql stable as $$
    select coalesce(sum(amount), 0)::bigint from payment_order
    where user_id = p_user and kind = 'package'
      and ((state = 'paid' and paid_at > p_since) or (state = 'pending' and created_at > now() - interval '24 hours'))
$$;

-- Why `p_user` may not spend `p_bids` more bids and `p_money` more tyiyn now: 'paused',
-- 'limit_reached', or null when they may. A user who never set a limit costs one index probe.
create function spend_block(p_user bigint, p_bids bigint, p_money bigint) returns text
language plpgsql stable as $$
declare
    l record;
begin
    for l in select name, limit_now(value, next_value, next_at) as v from user_limit
             where user_id = p_user order by name = 'pause' desc loop
        continue when l.v is null;
        if l.name = 'pause' then
            if l.v > floor(extract(epoch from now()) * 1000) then
                return 'paused';
            end if;
        elsif l.name = 'monthly_spend' then
            if p_money > 0 and money_spent(p_user, now() - limit_window(l.name)) + p_money > l.v then
                return 'limit_reached';
            end if;
        elsif p_bids > 0 and bids_spent(p_user, now() - limit_window(l.name)) + p_bids > l.v then
            return 'limit_reached';
        end if;
    end loop;
    return null;
end;
$$;

-- The group commit learns the limits: a batch fails for a bidder who is paused or over a limit
-- as it does for one who cannot pay, and says why for each user (`short_why`, parallel to
-- `short_users`: 'paused', 'limit_reached' or 'insufficient_bids').
drop function commit_bid_groups(int[], bigint[], bigint[], boolean[], text[], timestamptz[], text[], boolean[],
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
) returns table (batch int, bid_id bigint, balance bigint, short_users bigint[], short_why text[])
language plpgsql as $$
declare
    owed_ids bigint[];
    owed_n   bigint[];
    short    bigint[];
    why      text[];
    failed   int[];
begin
    select array_agg(s.u order by s.u), array_agg(s.c order by s.u) into owed_ids, owed_n
    from (select t.u, count(*) as c from unnest(p_users, p_bots) as t (u, bot)
          where not t.bot group by t.u) as s;

    if owed_ids is not null then
        perform 1 from app_user a where a.id = any(owed_ids) order by a.id for update;
        select array_agg(s.id order by s.id), array_agg(s.w order by s.id) into short, why
        from (select o.id,
                     coalesce(case when exists (select 1 from user_limit l where l.user_id = o.id)
                                   then spend_block(o.id, o.n, 0) end,
                              case when a.bid_balance < o.n then 'insufficient_bids' end) as w
              from unnest(owed_ids, owed_n) as o (id, n) join app_user a on a.id = o.id) as s
        where s.w is not null;
    end if;
    short := coalesce(short, '{}');

    select coalesce(array_agg(distinct t.b), '{}') into failed
    from unnest(p_batch, p_users, p_bots) as t (b, u, bot)
    where not t.bot and t.u = any(short);

    return query
    select f.b, null::bigint, null::bigint,
           (select array_agg(distinct t.u order by t.u)
            from unnest(p_batch, p_users) as t (b, u) where t.b = f.b and t.u = any(short)),
           (select array_agg(s.w order by s.u)
            from unnest(short, why) as s (u, w)
            where s.u in (select t.u from unnest(p_batch, p_users) as t (b, u) where t.b = f.b))
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
    select k.b::int, ins.id, case when ins.is_bot then null else a.bid_balance end, null::bigint[], null::text[]
    from ins
    join app_user a on a.id = ins.user_id
    join unnest(t_auctions) with ordinality as k (auction, b) on k.auction = ins.auction_id
    order by ins.id;
end;
$$;

-- Sets one of `p_user`'s limits (`p_value`: the limit, `null` for none; for `pause`, the end of
-- the pause in milliseconds since 1970, `null` to end it). Stricter or equal: at once, dropping
-- any looser setting still waiting. Looser: waits 24 hours (asking again for the same looser value
-- keeps its first wait).
create function set_limit(p_user bigint, p_name text, p_value bigint) returns void
language plpgsql as $$
declare
    cur      bigint;
    waiting  bigint;
    wait_at  timestamptz;
    now_ms   bigint := floor(extract(epoch from now()) * 1000);
    stricter boolean;
begin
    select limit_now(l.value, l.next_value, l.next_at), l.next_value, l.next_at into cur, waiting, wait_at
    from user_limit l where l.user_id = p_user and l.name = p_name for update;
    if wait_at <= now() then
        wait_at := null;
    end if;
    if p_name = 'pause' then
        if cur <= now_ms then
            cur := null;  -- a pause that is over is no pause
        end if;
        stricter := (p_value is null and cur is null) or (p_value > now_ms and (cur is null or p_value >= cur));
    else
        stricter := p_value is not distinct from cur or (p_value is not null and (cur is null or p_value <= cur));
    end if;
    if stricter then
        insert into user_limit (user_id, name, value) values (p_user, p_name, p_value)
        on conflict (user_id, name) do update
        set value = excluded.value, next_value = null, next_at = null, updated_at = now();
    elsif wait_at is null or waiting is distinct from p_value then
        insert into user_limit (user_id, name, value, next_value, next_at)
        values (p_user, p_name, cur, p_value, now() + interval '24 hours')
        on conflict (user_id, name) do update
        set value = excluded.value, next_value = excluded.next_value, next_at = excluded.next_at,
            updated_at = now();
    end if;
end;
$$;
