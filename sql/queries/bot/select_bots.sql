-- Open bots (all, or the one with id $1), newest first.
select u.id, u.username, coalesce(u.first_name, ''), coalesce(u.last_name, ''), u.is_active,
       u.created_at
from app_user u
where u.is_bot and u.deleted_at is null and ($1::bigint is null or u.id = $1)
order by u.created_at desc, u.id desc
