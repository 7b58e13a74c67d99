-- User $1's choices, each array one column: kind, channel, on. A choice made before is replaced.
insert into notice_pref (user_id, kind, channel, enabled)
select $1, c.kind, c.channel, c.enabled
from unnest($2::text[], $3::text[], $4::boolean[]) as c (kind, channel, enabled)
on conflict (user_id, kind, channel) do update set enabled = excluded.enabled
