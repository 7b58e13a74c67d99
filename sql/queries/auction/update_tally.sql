update auction
set current_price = $2, leader_id = $3, ends_at = $4, total_bids = $5, updated_at = now()
where id = $1 and status = 'live'
