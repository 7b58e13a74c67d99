-- Seconds since the last code to account $1 or to number $2 (null: none in the last hour or
-- window), and how many codes number $2 was sent in the last $3 seconds (whoever asked).
select extract(epoch from now() - max(created_at))::float8 as since_last,
       count(*) filter (where phone = $2 and created_at > now() - make_interval(secs => $3)) as to_number
from phone_code
where (user_id = $1 or phone = $2) and created_at > now() - make_interval(secs => greatest($3, 3600))
