-- One message, locked until the transaction ends (an admin's retry).
select id, channel, recipient, body, state, attempts, last_error, created_at, sent_at, masked
from outbox
where id = $1
for update
