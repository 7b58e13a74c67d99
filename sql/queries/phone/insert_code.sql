-- A new code for account $1 and number $2, valid for $6 seconds.
insert into phone_code (user_id, phone, salt, code_hash, ip_address, expires_at)
values ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))
returning id
