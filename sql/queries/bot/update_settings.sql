update bot_setting
set enabled = $1, min_delay = $2, max_delay = $3, active_bots = $4, updated_at = now()
returning enabled, min_delay, max_delay, active_bots
