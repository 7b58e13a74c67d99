update auction
set title = $2, description = $3, image_url = $4, retail_price = $5, is_bid_package = $6,
    bid_package_bids = $7, category = $8, condition = $9, estimated_value = $10, start_time = $11,
    kind = $12, win_limited = $13, no_new_after_price = $14, no_new_after_at = $15, buy_now_stock = $16,
    house_reserve = $17, opening_secs = $18,
    updated_at = now()
where id = $1 and status = 'upcoming'
