insert into auction (id, display_id, title, description, image_url, retail_price, is_bid_package,
                     bid_package_bids, category, condition, estimated_value, start_time,
                     starting_price, current_price, kind, win_limited, no_new_after_price,
                     no_new_after_at, buy_now_stock, house_reserve, opening_secs)
overriding system value
values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $14, $15, $16, $17, $18, $19, $20)
