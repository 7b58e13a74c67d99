-- The message sent at once, $1, was accepted ($2 null) or refused with error $2.
update outbox
set state = case when $2::text is null then 'sent' else 'failed' end,
    sent_at = case when $2::text is null then now() end,
    last_error = $2
where id = $1 and state = 'pending'
