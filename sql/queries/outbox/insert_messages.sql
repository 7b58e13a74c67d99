-- Messages to deliver, one per event and channel, each array one column: channel, recipient,
-- user, notification, kind, subject, body, event key, and when it may leave (null: now; a time
-- after the quiet hours for a Telegram or SMS message written at night). An event whose key is
-- already stored (its transaction ran before) adds nothing.
insert into outbox (channel, recipient, user_id, notification_id, kind, subject, body, event_key, due_at)
select m.channel, m.recipient, m.user_id, m.notification_id, m.kind, m.subject, m.body, m.event_key,
       coalesce(m.due_at, now())
from unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::text[], $6::text[], $7::text[],
            $8::text[], $9::timestamptz[])
     as m (channel, recipient, user_id, notification_id, kind, subject, body, event_key, due_at)
on conflict (event_key) do nothing
returning id
