-- A page of messages for admins, newest first, with how many match in all. Filters (null: any):
-- $1 channel, $2 state. Always one row at least: the count, with null message columns when the
-- page is empty.
with matching as (
    select id, channel, recipient, body, state, attempts, last_error, created_at, sent_at, masked
    from outbox
    where ($1::text is null or channel = $1) and ($2::text is null or state = $2)
)
select m.id, m.channel, m.recipient, m.body, m.state, m.attempts, m.last_error, m.created_at,
       m.sent_at, m.masked, t.total
from (select count(*) as total from matching) as t
left join lateral (select * from matching order by id desc limit $3 offset $4) as m on true
order by m.id desc
