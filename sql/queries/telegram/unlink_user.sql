-- Unlinks user $1's chat, if any.
delete from telegram_link where user_id = $1
