-- For user $1 and auction $2: how many auctions the user watches, whether they watch this one,
-- and whether the auction exists.
select (select count(*) from watch where user_id = $1),
       exists (select 1 from watch where user_id = $1 and auction_id = $2),
       exists (select 1 from auction where id = $2)
