select id from app_user where id = any($1::bigint[]) order by id for no key update
