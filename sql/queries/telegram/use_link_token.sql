-- Uses the token whose SHA-256 is $1, once: its user, or no row when it is unknown, used or
-- expired. The check and the write are one statement, so a token cannot be used twice at once.
update telegram_link_token
set used_at = now()
where token_hash = $1 and used_at is null and expires_at > now()
returning user_id
