-- A message sent at once by the request that makes it (a sign-in code): recorded with its body
-- masked, held (never due, so no worker sends the masked text) and one attempt started, before it
-- leaves. Nothing when its event key is already stored: the event was sent before.
insert into outbox (channel, recipient, user_id, kind, body, masked, event_key, attempts, due_at)
values ($1, $2, $3, $4, $5, true, $6, 1, 'infinity')
on conflict (event_key) do nothing
returning id
