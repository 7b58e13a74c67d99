-- Closing keeps the row (its bids name it); it can no longer be listed, assigned or bid.
update app_user set deleted_at = now(), is_active = false, updated_at = now()
where id = $1 and is_bot and deleted_at is null
