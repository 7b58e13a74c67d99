-- The e-mail addresses of open, human accounts among the given users (those without one are left
-- out: they get no mail).
select id, email
from app_user
where id = any($1) and email is not null and email <> '' and not is_bot and deleted_at is null
