-- Uses the token whose SHA-256 is $1, once: its user, or no row when it is unknown, used, expired
-- or its account closed. The check and the write are one statement, so a token cannot be used
-- twice at once.
update telegram_link_token t
set used_at = now()
where token_hash = $1 and used_at is null and expires_at > now()
  and exists (select 1 from app_user u where u.id = t.user_id and u.deleted_at is null)
returning user_id
