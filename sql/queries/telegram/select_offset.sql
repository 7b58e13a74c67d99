-- The offset of bot $1's next getUpdates; no row before its first update was handled (or when
-- the row is another bot's).
select update_offset from telegram_poll where bot_id = $1
