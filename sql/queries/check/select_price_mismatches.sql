-- Auctions (any status) whose price is not starting price + increment × bid rows, or whose
-- total_bids is not the number of bid rows. Converted pre-bids are bid rows and count.
select a.id, a.display_id, a.status, a.starting_price, a.bid_increment, a.current_price,
       a.total_bids, coalesce(b.n, 0) as bid_rows, count(*) over () as offending
from auction a
left join (select auction_id, count(*) as n from bid group by auction_id) as b
       on b.auction_id = a.id
where a.current_price <> a.starting_price + a.bid_increment * coalesce(b.n, 0)
   or a.total_bids <> coalesce(b.n, 0)
order by a.id
limit $1
