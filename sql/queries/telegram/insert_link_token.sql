-- A new link token for user $1: its SHA-256 $2, valid for $3 minutes. The user's older tokens go
-- (used or not), so only the newest link works and each user has at most one row.
with older as (
    delete from telegram_link_token where user_id = $1
)
insert into telegram_link_token (token_hash, user_id, expires_at)
values ($2, $1, now() + make_interval(mins => $3))
