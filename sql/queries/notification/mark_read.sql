-- Marks the user's unread notifications read: those with the given ids, or all when $2 is null.
-- Another user's ids match nothing.
update notification
set read_at = now()
where user_id = $1 and read_at is null and ($2::bigint[] is null or id = any($2))
