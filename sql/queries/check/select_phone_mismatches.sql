-- Confirmed numbers that are not their account's phone: one confirmed number, one account, and it
-- is the number the account shows (the profile cannot change it; an admin's change moves the
-- confirmation; closing an account frees it). Each row: the number, its owner as recorded, the
-- number the owner shows and whether the owner is closed.
select po.phone, po.user_id, u.username, u.phone as shown, u.deleted_at is not null as closed,
       count(*) over () as offending
from phone_owner po
join app_user u on u.id = po.user_id
where u.phone is distinct from po.phone or u.deleted_at is not null
order by po.user_id
limit $1
