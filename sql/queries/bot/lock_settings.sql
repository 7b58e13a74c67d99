-- The global bot settings, locked until the transaction ends: two partial edits at once take
-- turns, and the second keeps what the first changed.
select enabled, min_delay, max_delay, active_bots from bot_setting for update
