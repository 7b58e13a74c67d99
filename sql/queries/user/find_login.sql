select id, password_hash from app_user
where lower(username) = lower($1) and not is_bot and deleted_at is null
