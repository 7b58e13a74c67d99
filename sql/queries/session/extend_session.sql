update user_session set expires_at = $2 where id_hash = $1
