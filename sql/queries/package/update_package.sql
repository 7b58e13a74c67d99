update bid_package
set bids = $2, price = $3, original_price = $4, popular = $5, active = $6, position = $7,
    updated_at = now()
where id = $1
returning id, bids, price, original_price, popular, active, position
