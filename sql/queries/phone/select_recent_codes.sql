-- Seconds since the last code account $1 asked for (null: none in the last hour or window), and
-- how many codes account $1 had sent to number $2 in the last $3 seconds. Only the account's own
-- requests count: other accounts asking for the same number never hold its owner back.
select extract(epoch from now() - max(created_at))::float8 as since_last,
       count(*) filter (where phone = $2 and created_at > now() - make_interval(secs => $3)) as to_number
from phone_code
where user_id = $1 and created_at > now() - make_interval(secs => greatest($3, 3600))
