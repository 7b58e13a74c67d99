-- Every unspent code of account $1 is void: only the newest code counts.
update phone_code set spent_at = now() where user_id = $1 and spent_at is null
