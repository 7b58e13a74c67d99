update app_user set password_hash = $2 where id = $1 and deleted_at is null
