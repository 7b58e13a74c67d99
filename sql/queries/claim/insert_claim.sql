-- A won item offered to a participant, reserved from now (database time) for $7 hours.
insert into claim (auction_id, user_id, position, title, price, package_bids, reserved_until)
values ($1, $2, $3, $4, $5, $6, now() + make_interval(hours => $7))
returning id, reserved_until
