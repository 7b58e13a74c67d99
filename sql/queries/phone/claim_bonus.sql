-- The free bids ($3) for number $1, to account $2 (locked by the caller), unless that number ever
-- had them or the account got them at registration (before numbers were confirmed, or with
-- confirmation off): recorded, written to the ledger and credited. A row back (the new balance)
-- means they were credited.
with claimed as (
    insert into phone_bonus (phone, user_id)
    select $1, $2
    where not exists (select 1 from ledger_entry where user_id = $2 and reason = 'signup_bonus')
    on conflict (phone) do nothing
    returning user_id
), entry as (
    insert into ledger_entry (user_id, delta, reason)
    select user_id, $3, 'signup_bonus' from claimed
)
update app_user u
set bid_balance = u.bid_balance + $3, updated_at = now()
from claimed
where u.id = claimed.user_id
returning u.bid_balance
