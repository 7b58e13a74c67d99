-- How many accounts select_users_page.sql pages through.
select count(*)
from app_user u
where not u.is_bot and u.deleted_at is null
  and ($1::text is null
       or strpos(lower(u.username), lower($1)) > 0
       or strpos(lower(coalesce(u.first_name, '')), lower($1)) > 0
       or strpos(lower(coalesce(u.last_name, '')), lower($1)) > 0
       or strpos(lower(coalesce(u.email, '')), lower($1)) > 0
       or strpos(coalesce(u.phone, ''), $1) > 0)
