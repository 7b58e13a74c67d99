insert into user_session (id_hash, user_id, expires_at) values ($1, $2, $3)
