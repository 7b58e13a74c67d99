update claim
set state = 'claimed', delivery_method = $2, delivery_fee = $3, address = $4, phone = $5,
    claimed_at = coalesce(claimed_at, now())
where id = $1
