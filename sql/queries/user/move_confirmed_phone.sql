-- The admin gave account $1 the number $2 (null: none). A confirmed number is the account's
-- phone: when the admin changes it, the confirmation moves to the new number on the admin's word
-- (or goes, with no number), so that the account never shows a number as confirmed that another
-- account confirmed. A new number another account confirmed fails on phone_owner_pkey
-- (`phone_taken`).
with old as (delete from phone_owner where user_id = $1 and phone is distinct from $2 returning verified_at)
insert into phone_owner (phone, user_id, verified_at)
select $2, $1, now() from old where $2 is not null
