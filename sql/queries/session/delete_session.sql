delete from user_session where id_hash = $1
