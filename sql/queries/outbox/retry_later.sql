-- Attempt $2 of message $1 failed with $4: the next one in $3 milliseconds (the same fence as
-- mark_sent).
update outbox
set due_at = now() + $3::bigint * interval '1 millisecond', last_error = $4
where id = $1 and attempts = $2 and state = 'pending'
