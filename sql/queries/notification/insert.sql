insert into notification (user_id, kind, auction_id, payload)
values ($1, $2, $3, $4)
returning id, user_id, kind, auction_id, payload, read_at, created_at
