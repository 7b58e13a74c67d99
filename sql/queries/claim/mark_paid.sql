update claim set state = 'paid', paid_at = now() where id = $1 and state in ('reserved', 'claimed')
