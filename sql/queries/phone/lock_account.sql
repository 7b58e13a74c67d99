-- An open account, locked for a change to its confirmation: when it was confirmed (null: not yet).
select u.phone_verified_at
from app_user u
where u.id = $1 and u.deleted_at is null and not u.is_bot
for update
