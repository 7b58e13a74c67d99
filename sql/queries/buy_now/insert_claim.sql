-- A Buy It Now of auction $1 by $2: its own claim (never passed on), reserved for $7 hours to pay.
insert into claim (auction_id, user_id, position, title, price, kind, retail_price, bid_credit, reserved_until)
values ($1, $2, 1, $3, $4, 'buy_now', $5, $6, now() + make_interval(hours => $7))
returning id
