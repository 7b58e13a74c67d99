-- The bids auction $1's pre-bids became when it went live, in order.
select id from bid where auction_id = $1 and is_prebid order by id
