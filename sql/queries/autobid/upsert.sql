-- Sets a user's auto-bidder on an auction (one per user per auction), replacing theirs.
insert into autobid (auction_id, user_id, bids, bids_left, max_price, active, created_at, updated_at)
values ($1, $2, $3, $4, $5, $6, $7, now())
on conflict (auction_id, user_id) do update
set bids = excluded.bids, bids_left = excluded.bids_left, max_price = excluded.max_price,
    active = excluded.active, created_at = excluded.created_at, updated_at = now()
