update app_user
set bid_balance = bid_balance + $2, updated_at = now()
where id = $1
returning bid_balance
