-- An open account's confirmation, locked for the change: when it was confirmed (null: not yet)
-- and the number it confirmed (null for accounts admitted before numbers were confirmed).
select u.phone_verified_at, o.phone
from app_user u
left join phone_owner o on o.user_id = u.id
where u.id = $1 and u.deleted_at is null and not u.is_bot
for update of u
