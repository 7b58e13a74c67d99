-- Closes an account: anonymised, unusable password, marked closed. The row stays: its bids, wins
-- and ledger keep pointing at it. Its confirmed number is freed (phone_bonus still remembers that
-- the number had its free bids); its Telegram chat, link tokens, watchlist and push devices go
-- with it, so no message reaches a closed account and no token issued before the close links a
-- chat to it.
with freed as (delete from phone_owner where user_id = $1),
     unlinked as (delete from telegram_link where user_id = $1),
     tokens as (delete from telegram_link_token where user_id = $1),
     stars as (delete from watch where user_id = $1),
     devices as (delete from push_device where user_id = $1)
update app_user
set username = 'deleted_' || id, email = null, phone = null, first_name = null, last_name = null,
    date_of_birth = null, gender = null, ip_address = null, password_hash = '!closed',
    username_skeleton = null, deleted_at = now(), updated_at = now()
where id = $1
