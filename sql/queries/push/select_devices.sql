-- An account's devices, the newest first.
select endpoint, device, created_at from push_device where user_id = $1 order by id desc
