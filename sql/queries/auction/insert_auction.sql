insert into auction (id, display_id, title, description, image_url, retail_price, is_bid_package,
                     bid_package_bids, category, condition, estimated_value, start_time,
                     starting_price, current_price)
overriding system value
values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)
