insert into user_session (id_hash, user_id, created_at, last_seen_at) values ($1, $2, $3, $3)
