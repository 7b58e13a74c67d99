-- A failed message back to pending, due now, its attempts counted afresh (an admin's retry).
update outbox
set state = 'pending', attempts = 0, due_at = now(), last_error = null
where id = $1 and state = 'failed' and not masked
returning id, channel, recipient, body, state, attempts, last_error, created_at, sent_at, masked
