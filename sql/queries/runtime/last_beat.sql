-- The previous server process's last sign of life, read before the auctions start.
select beat_at from runtime_heartbeat
