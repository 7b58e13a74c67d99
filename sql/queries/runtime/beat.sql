-- The health monitor's probe: the server is alive at $1.
insert into runtime_heartbeat (id, beat_at) values (true, $1)
on conflict (id) do update set beat_at = excluded.beat_at
