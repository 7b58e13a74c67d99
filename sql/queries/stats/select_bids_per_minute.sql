-- Bids and bot bids in each of the last 60 minutes, oldest first, the current minute last;
-- minutes without bids are zeros.
with recent as (
    select date_trunc('minute', created_at) as minute, is_bot
    from bid
    where created_at >= date_trunc('minute', now()) - interval '59 minutes'
)
select m.minute, count(r.minute), count(r.minute) filter (where r.is_bot)
from generate_series(date_trunc('minute', now()) - interval '59 minutes', date_trunc('minute', now()),
                     interval '1 minute') as m(minute)
left join recent r on r.minute = m.minute
group by m.minute
order by m.minute
