select enabled, min_delay, max_delay, active_bots from bot_setting
