delete from bot_assignment where auction_id = $1 and bot_id = $2
