delete from user_session where user_id = $1
