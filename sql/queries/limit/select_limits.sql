-- $1's limits as they stand now, each with what it has spent in its window and the looser setting
-- still waiting (if any). One row per limit name, set or not.
select n.name,
       limit_now(l.value, l.next_value, l.next_at) as value,
       coalesce(l.next_at > now(), false) as waiting,
       case when l.next_at > now() then l.next_value end as next_value,
       case when l.next_at > now() then l.next_at end as next_at,
       case n.name when 'pause' then 0
                   when 'monthly_spend' then money_spent($1, now() - limit_window(n.name))
                   else bids_spent($1, now() - limit_window(n.name)) end as spent
from unnest(array['daily_bids', 'weekly_bids', 'monthly_bids', 'monthly_spend', 'pause']) as n (name)
left join user_limit l on l.user_id = $1 and l.name = n.name
