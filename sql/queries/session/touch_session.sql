update user_session set last_seen_at = $2 where id_hash = $1
