-- Message $1 is given up after attempt $2, with its last error $3 (the same fence as mark_sent).
update outbox
set state = 'failed', last_error = $3
where id = $1 and attempts = $2 and state = 'pending'
