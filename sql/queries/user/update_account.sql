update app_user
set username = $2, first_name = $3, last_name = $4, email = $5, phone = $6, bid_balance = $7,
    role = $8, updated_at = now()
where id = $1
