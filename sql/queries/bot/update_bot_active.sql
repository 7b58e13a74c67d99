update app_user set is_active = $2, updated_at = now() where id = $1 and is_bot
