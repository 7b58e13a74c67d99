insert into watch (user_id, auction_id) values ($1, $2) on conflict do nothing
