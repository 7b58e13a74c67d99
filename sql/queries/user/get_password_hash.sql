select password_hash from app_user where id = $1 and not is_bot and deleted_at is null
