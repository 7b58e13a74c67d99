-- Account $1's newest unspent code for number $2, locked: its salt and hash, wrong tries so far,
-- and whether it is still fresh.
select id, salt, code_hash, attempts, expires_at > now() as fresh
from phone_code
where user_id = $1 and phone = $2 and spent_at is null
order by created_at desc
limit 1
for update
