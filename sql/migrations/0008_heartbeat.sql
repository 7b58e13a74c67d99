-- The server's last sign of life (docs/decisions.md, "Database outages"): written by the health
-- monitor's probe several times a second, read at start-up. A live auction whose deadline fell
-- after it could not be bid on, and resumes with its countdown instead of finishing.
create table runtime_heartbeat (
    id      boolean primary key default true check (id),
    beat_at timestamptz not null
);
