select exists (select 1 from app_user where lower(email) = lower($1) and id <> coalesce($2::bigint, -1))
