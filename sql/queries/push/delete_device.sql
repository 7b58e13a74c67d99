-- One of an account's devices removed (by its owner).
delete from push_device where user_id = $1 and endpoint = $2
