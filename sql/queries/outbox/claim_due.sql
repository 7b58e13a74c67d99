-- Claims up to $1 due messages for one worker: each gets one more attempt and is leased for $2
-- milliseconds, so no other worker takes it meanwhile, and one whose worker died is tried again
-- when the lease ends. `skip locked`: workers claiming at once never wait for each other.
with due as (
    select id
    from outbox
    where state = 'pending' and due_at <= now()
    order by due_at, id
    limit $1
    for update skip locked
)
update outbox o
set attempts = o.attempts + 1,
    due_at = now() + $2::bigint * interval '1 millisecond'
from due
where o.id = due.id
returning o.id, o.channel, o.recipient, o.subject, o.body, o.attempts
