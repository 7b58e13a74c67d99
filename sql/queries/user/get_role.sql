select role from app_user where id = $1
