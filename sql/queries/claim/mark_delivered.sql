-- Delivered: a shipped item, or a paid one collected at the office.
update claim set state = 'delivered', delivered_at = now()
where id = $1 and (state = 'shipped' or (state = 'paid' and delivery_method = 'pickup'))
returning id
