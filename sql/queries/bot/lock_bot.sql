select is_active from app_user where id = $1 and is_bot and deleted_at is null for update
