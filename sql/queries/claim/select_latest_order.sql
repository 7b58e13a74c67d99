-- The latest order paying for won item $1 (the one a payment may settle), if any.
select max(id) from payment_order where claim_id = $1
