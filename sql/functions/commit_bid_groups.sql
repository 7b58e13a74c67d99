-- commit_bid_groups: one group commit of many auctions' bid batches (src/db/group_commit.rs).
-- The current text; the migration runner re-applies this file whenever it changes (a repeatable
-- migration, docs/operations.md, "Database functions"). Its history is in sql/migrations/0002,
-- 0009, 0010, 0011 and 0015, the last of which this text was taken from; 0023 dropped it to add
-- the batches' fences.
--
-- Every bid's bidder pays one bid (bots pay nothing): the balance goes down, and the `bid` row is
-- the debit (migration 0027, the view `ledger`). Bidders are locked in id order (house bots only
-- `for key share`), then the auctions (`for no key update`: inserts that reference them are not
-- blocked); every one of them must exist, which is the check the `bid` insert's reference trigger
-- would make (migration 0025), so the insert tells the trigger it is done
-- (`tyiyn.bid_references`); so does the auctions' update to the leader trigger
-- (`tyiyn.auction_leaders`, migration 0028). A bidder whose bids in the group together cost more
-- than they may spend (balance, a bid limit, a closed account) has their batches pass in queue order while
-- their share lasts; the rest fail and are returned first, naming the short bidders and why. Then
-- come the stored bids, with each person's balance after them. A batch whose auction's row was taken under
-- another lease than the one it names (`t_fences`, issue 25: the node lost the auction) is
-- refused whole before anyone pays, returned with `short_why` = '{lease_lost}'; a group without
-- fences (one node, no leases) checks nothing. A committed auto-bid uses one of its
-- auto-bidder's bids. A group of at most 32 bids runs its statements on their cached generic
-- plans (`plan_cache_mode`, for this call only): planning them anew for a few rows cost more than
-- running them (about 300 µs of a one-bid group's 950, docs/performance.md, "Group commit"); a larger group
-- keeps PostgreSQL's choice, whose plans for its sizes are cheaper. The group's token
-- (`p_token`, migration 0029) is written first into `commit_mark`: should the answer be lost, the
-- server finds out from it whether the group committed (src/db/doubt.rs); a group whose token was
-- written off as not committed fails on its primary key. A change of the arguments or of the result's columns needs a versioned
-- migration that drops this function first (`create or replace` cannot change them).
create or replace function commit_bid_groups(
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
    t_totals    bigint[],
    t_fences    bigint[],
    p_token     bigint
) returns table (batch int, bid_id bigint, balance bigint, short_users bigint[], short_why text[])
language plpgsql as $$
declare
    owed_ids bigint[];
    owed_n   bigint[];
    short    bigint[];
    why      text[];
    share    bigint[];
    used     bigint[];
    failed   int[] := '{}';
    fenced   int[] := '{}';
    over_b   int[] := '{}';
    over_u   bigint[] := '{}';
    bot_ids  bigint[];
    needed   bigint[];
    paid_ids bigint[];
    paid_now bigint[];
    v_n      bigint;
    v_limits boolean;
    v_set    text;
    v_b      int;
    v_fits   boolean;
    v_k      bigint;
    v_r      record;
    v_plans  text := current_setting('plan_cache_mode');
begin
    insert into commit_mark (token, committed) values (p_token, true);
    if cardinality(p_users) <= 32 then
        v_set := set_config('plan_cache_mode', 'force_generic_plan', true);
    end if;
    if t_fences is not null then
        select coalesce(array_agg(k.b::int order by k.b), '{}') into fenced
        from unnest(t_auctions, t_fences) with ordinality as k (auction, fence, b)
        join auction x on x.id = k.auction
        where k.fence is not null and x.lease_fence is distinct from k.fence;
        failed := fenced;
    end if;

    -- Who pays how many bids, and the house bots (they pay nothing).
    select array_agg(s.u order by s.u) filter (where not s.bot), array_agg(s.c order by s.u) filter (where not s.bot),
           array_agg(s.u order by s.u) filter (where s.bot)
    into owed_ids, owed_n, bot_ids
    from (select t.u, t.bot, count(*) as c from unnest(p_batch, p_users, p_bots) as t (b, u, bot)
          where not t.b = any(fenced) group by t.u, t.bot) as s;

    if owed_ids is not null then
        -- `no key update`: the strongest lock that an update of the balance needs. A plain
        -- `for update` also blocks the key-share locks that inserts referencing these users take
        -- (a notice, a ledger row written by another transaction), and a transaction that
        -- inserted outbid notices for several users deadlocked with this one (issue 26, §21).
        -- The rows come back locked and current, so who is short is read in the same statement,
        -- unless someone has set a limit of their own: spend_block reads their spending, which
        -- must be read after the lock (a statement of its own, below). Whether they have one is
        -- read as of the statement's start: a limit set while this group waited for the lock is
        -- as if set just after it (setting a limit does not take the user's lock either).
        select count(*), array_agg(s.id order by s.id) filter (where s.w is not null),
               array_agg(s.w order by s.id) filter (where s.w is not null), bool_or(s.limited)
        into v_n, short, why, v_limits
        from (select o.id, x.limited,
                     coalesce(case when x.deleted_at is not null then 'closed' end,
                              case when x.bid_balance < o.n then 'insufficient_bids' end) as w
              from unnest(owed_ids, owed_n) as o (id, n)
              join (select a.id, a.bid_balance, a.deleted_at,
                           exists (select 1 from user_limit l where l.user_id = a.id) as limited
                    from app_user a where a.id = any(owed_ids) order by a.id for no key update) as x
                on x.id = o.id) as s;
        if v_n <> cardinality(owed_ids) then
            raise foreign_key_violation using message =
                'insert or update on table "bid" violates foreign key constraint "bid_user_id_fkey"';
        end if;
        if v_limits then
            select array_agg(s.id order by s.id), array_agg(s.w order by s.id) into short, why
            from (select o.id,
                         coalesce(case when a.deleted_at is not null then 'closed' end,
                                  case when exists (select 1 from user_limit l where l.user_id = o.id)
                                       then spend_block(o.id, o.n, 0) end,
                                  case when a.bid_balance < o.n then 'insufficient_bids' end) as w
                  from unnest(owed_ids, owed_n) as o (id, n) join app_user a on a.id = o.id) as s
            where s.w is not null;
        end if;
    end if;
    short := coalesce(short, '{}');

    if cardinality(short) > 0 then
        -- Each short bidder's share: the most bids they may spend now, fewer than they owe.
        share := array_fill(0::bigint, array[cardinality(short)]);
        used := share;
        for i in 1 .. cardinality(short) loop
            select a.bid_balance, a.deleted_at is not null as closed into v_r from app_user a where a.id = short[i];
            continue when v_r.closed;
            v_k := least(v_r.bid_balance, owed_n[array_position(owed_ids, short[i])] - 1);
            while v_k > 0 and exists (select 1 from user_limit l where l.user_id = short[i])
                  and spend_block(short[i], v_k, 0) is not null loop
                v_k := v_k - 1;
            end loop;
            share[i] := greatest(v_k, 0);
        end loop;
        -- Batches in queue order: one passes if every short bidder in it still has the share for
        -- their bids in it; otherwise it fails, naming the bidders who had not.
        for v_b in select distinct t.b from unnest(p_batch, p_users, p_bots) as t (b, u, bot)
                   where not t.bot and t.u = any(short) and not t.b = any(fenced) order by 1 loop
            v_fits := true;
            for v_r in select t.u, count(*) as n from unnest(p_batch, p_users, p_bots) as t (b, u, bot)
                       where t.b = v_b and not t.bot and t.u = any(short) group by t.u loop
                v_k := array_position(short, v_r.u);
                if used[v_k] + v_r.n > share[v_k] then
                    v_fits := false;
                    over_b := over_b || v_b;
                    over_u := over_u || v_r.u;
                end if;
            end loop;
            if v_fits then
                for v_r in select t.u, count(*) as n from unnest(p_batch, p_users, p_bots) as t (b, u, bot)
                           where t.b = v_b and not t.bot and t.u = any(short) group by t.u loop
                    v_k := array_position(short, v_r.u);
                    used[v_k] := used[v_k] + v_r.n;
                end loop;
            else
                failed := failed || v_b;
            end if;
        end loop;
    end if;

    if cardinality(fenced) > 0 then
        return query
        select f.b, null::bigint, null::bigint, '{}'::bigint[], '{lease_lost}'::text[]
        from unnest(fenced) as f (b);
    end if;

    if cardinality(failed) > cardinality(fenced) then
        return query
        select f.b, null::bigint, null::bigint,
               (select array_agg(distinct o.u order by o.u)
                from unnest(over_b, over_u) as o (b, u) where o.b = f.b),
               (select array_agg(s.w order by s.u)
                from unnest(short, why) as s (u, w)
                where s.u in (select o.u from unnest(over_b, over_u) as o (b, u) where o.b = f.b))
        from unnest(failed) as f (b)
        where not f.b = any(fenced);
    end if;

    -- The balances after, for the answers.
    with paid as (
        update app_user a set bid_balance = a.bid_balance - o.n, updated_at = now()
        from (select t.u as id, count(*) as n
              from unnest(p_batch, p_users, p_bots) as t (b, u, bot)
              where not t.bot and not t.b = any(failed)
              group by t.u) as o
        where a.id = o.id
        returning a.id, a.bid_balance
    )
    select array_agg(paid.id), array_agg(paid.bid_balance) into paid_ids, paid_now from paid;

    -- House bots pay nothing and were not locked above: they need only exist until the commit.
    if bot_ids is not null then
        select count(*) into v_n
        from (select 1 from app_user a where a.id = any(bot_ids) order by a.id for key share) as s;
        if v_n <> cardinality(bot_ids) then
            raise foreign_key_violation using message =
                'insert or update on table "bid" violates foreign key constraint "bid_user_id_fkey"';
        end if;
    end if;

    -- The auctions of the batches that stand must exist (a group names each auction once).
    if cardinality(failed) = 0 then
        needed := t_auctions;
    else
        select coalesce(array_agg(k.auction), '{}') into needed
        from unnest(t_auctions) with ordinality as k (auction, b) where not k.b::int = any(failed);
    end if;
    select count(*) filter (where s.id = any(needed)) into v_n
    from (select x.id from auction x where x.id = any(t_auctions) order by x.id for no key update) as s;
    if v_n <> cardinality(needed) then
        raise foreign_key_violation using message =
            'insert or update on table "bid" violates foreign key constraint "bid_auction_id_fkey"';
    end if;
    -- A lease taken between the check above and these locks: nothing of this group may stand.
    if t_fences is not null and exists (
        select 1 from unnest(t_auctions, t_fences) with ordinality as k (auction, fence, b)
        join auction x on x.id = k.auction
        where k.fence is not null and x.lease_fence is distinct from k.fence and not k.b::int = any(failed)
    ) then
        raise exception 'lease_lost: an auction of this group was taken over during its commit';
    end if;
    -- Every leader is one of the bidders locked above (a batch's last): the leader trigger may skip
    -- this one statement (migration 0028). A leader outside them (none is) would be checked.
    v_set := set_config('tyiyn.auction_leaders',
                        case when t_leaders <@ (owed_ids || bot_ids) then 'held' else '' end, true);
    update auction x
    set current_price = k.price, leader_id = k.leader, ends_at = k.ends_at, total_bids = k.total,
        updated_at = now()
    from unnest(t_auctions, t_prices, t_leaders, t_ends_at, t_totals)
           with ordinality as k (auction, price, leader, ends_at, total, b)
    where x.id = k.auction and x.status = 'live' and not k.b::int = any(failed);
    v_set := set_config('tyiyn.auction_leaders', '', true);

    -- Each committed auto-bid uses one of its auto-bidder's bids; the last one stops it.
    if true = any(p_autos) then
        update autobid ab
        set bids_left = greatest(ab.bids_left - o.n, 0), active = ab.active and ab.bids_left - o.n > 0,
            updated_at = now()
        from (select t_auctions[t.b] as auction, t.u as user_id, count(*) as n
              from unnest(p_batch, p_users, p_autos) as t (b, u, auto)
              where t.auto and not t.b = any(failed)
              group by 1, 2) as o
        where ab.auction_id = o.auction and ab.user_id = o.user_id;
    end if;

    -- Every bidder and auction of the insert exists and is locked (above): the reference trigger
    -- may skip this one statement.
    v_set := set_config('tyiyn.bid_references', 'held', true);
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
    select k.b::int, ins.id, case when ins.is_bot then null else p.balance end, null::bigint[], null::text[]
    from ins
    left join unnest(paid_ids, paid_now) as p (id, balance) on p.id = ins.user_id
    join unnest(t_auctions) with ordinality as k (auction, b) on k.auction = ins.auction_id
    order by ins.id;
    v_set := set_config('tyiyn.bid_references', '', true);
    v_set := set_config('plan_cache_mode', v_plans, true);
end;
$$;
