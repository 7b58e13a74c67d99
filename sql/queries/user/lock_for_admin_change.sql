-- Locks the target account and every open admin account, in id order (the order bid commits lock
-- users in, so the two never deadlock): while an admin change runs, no admin can be demoted or
-- closed under it and the target's balance cannot move.
select id, role, is_bot, deleted_at is not null as closed
from app_user
where id = $1 or (role = 'admin' and not is_bot and deleted_at is null)
order by id
for update
