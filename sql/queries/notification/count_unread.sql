select count(*) from notification where user_id = $1 and read_at is null
