-- The bids of an in-doubt batch, by their record hashes (each batch's last hash chains all before
-- it, so no other bid of the auction has one of them).
select b.id, b.user_id, b.is_bot, b.record_hash, case when b.is_bot then null else a.bid_balance end
from bid b
left join app_user a on a.id = b.user_id and not b.is_bot
where b.auction_id = $1 and b.record_hash = any($2)
