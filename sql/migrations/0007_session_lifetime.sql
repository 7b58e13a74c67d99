-- Sessions get an idle timeout and an absolute lifetime (docs/decisions.md, "Sessions"). Both are
-- worked out from created_at and the new last_seen_at with the settings of the moment
-- (auth.session_idle_days, auth.session_max_days), so the sliding expires_at goes.
alter table user_session add column last_seen_at timestamptz not null default now();
-- The old expiry slid to "last use + 30 days" (at most once a day): the best guess of the last use.
update user_session
set last_seen_at = least(now(), greatest(created_at, expires_at - interval '30 days'));
alter table user_session drop column expires_at;
