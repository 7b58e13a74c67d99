update bot_assignment set is_active = $3, bid_limit = $4 where auction_id = $1 and bot_id = $2
