-- A callback as received, with what became of it.
insert into payment_callback (provider, order_id, payload, outcome)
values ($1, (select id from payment_order where id = $2), $3, $4)
