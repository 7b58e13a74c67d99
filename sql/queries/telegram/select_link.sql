-- When user $1 linked their chat; no row when they have none.
select linked_at from telegram_link where user_id = $1
