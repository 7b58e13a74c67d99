-- One order's admin columns (as select_page).
select o.id, o.user_id, u.username, o.provider, o.provider_payment_id, o.refund_bids,
       o.refund_amount, o.refunded_at
from payment_order o
join app_user u on u.id = o.user_id
where o.id = $1
