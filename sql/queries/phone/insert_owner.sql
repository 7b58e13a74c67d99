-- Number $1 now belongs to account $2 (fails on phone_owner_pkey when another account has it).
insert into phone_owner (phone, user_id) values ($1, $2)
