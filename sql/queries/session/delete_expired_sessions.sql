delete from user_session where last_seen_at <= $1 or created_at <= $2
