-- Waits until this session holds bot $1's poller lock: one poller per bot token at a time, held
-- until the session ends (Telegram refuses a second getUpdates with 409).
select pg_advisory_lock(hashtextextended('tyiyn telegram poller ' || $1::bigint::text, 0))
