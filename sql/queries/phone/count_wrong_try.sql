-- One more wrong try at code $1; at $2 tries the code is void. Returns the tries made.
update phone_code
set attempts = attempts + 1, spent_at = case when attempts + 1 >= $2 then now() end
where id = $1
returning attempts
