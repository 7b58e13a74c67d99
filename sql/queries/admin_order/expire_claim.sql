-- A paid won item whose payment was refunded: nobody will receive it.
update claim
set state = 'expired', end_reason = 'declined', ended_at = now()
where id = $1 and state = 'paid'
