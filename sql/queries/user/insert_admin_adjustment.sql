insert into ledger_entry (user_id, delta, reason, admin_id) values ($1, $2, 'admin_adjustment', $3)
