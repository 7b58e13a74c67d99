-- Message $1, claimed for attempt $2, was accepted. A worker whose lease ran out (another claimed
-- the message again, so its attempt number moved on) changes nothing.
update outbox
set state = 'sent', sent_at = now(), last_error = null
where id = $1 and attempts = $2 and state = 'pending'
