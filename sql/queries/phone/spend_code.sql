-- Code $1 was used.
update phone_code set spent_at = now() where id = $1
