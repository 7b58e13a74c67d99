update auction
set status = 'finished', end_time = $2, ends_at = null, winner_id = $3, leader_id = $3,
    current_price = $4, updated_at = now()
where id = $1 and status <> 'finished'
returning title, case when is_bid_package then bid_package_bids end
