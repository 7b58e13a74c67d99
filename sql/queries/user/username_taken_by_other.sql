select exists (select 1 from app_user where lower(username) = lower($1) and id <> $2)
