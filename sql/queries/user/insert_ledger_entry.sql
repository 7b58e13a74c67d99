insert into ledger_entry (user_id, delta, reason, auction_id) values ($1, $2, $3, $4)
