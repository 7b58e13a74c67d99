select count(*) from app_user where not is_bot and deleted_at is null
