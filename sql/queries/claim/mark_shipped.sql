update claim set state = 'shipped', shipped_at = now(), tracking = $2
where id = $1 and state = 'paid' and delivery_method <> 'pickup'
returning id
