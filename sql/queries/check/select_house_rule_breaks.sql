-- Bot bids the auction's house rule did not allow: any on an auction without house bidders
-- (house_reserve null), or one placed when the auction had already taken house_reserve bids.
-- A bid's number is its place among the auction's bids (1-based); number n came with n - 1 taken.
select b.id, b.auction_id, a.display_id, a.status, b.user_id, u.username, b.n, a.house_reserve,
       count(*) over () as offending
from (select b.*, row_number() over (partition by b.auction_id order by b.amount, b.id) as n from bid b) b
join auction a on a.id = b.auction_id
join app_user u on u.id = b.user_id
where u.is_bot and (a.house_reserve is null or b.n - 1 >= a.house_reserve)
order by b.id
limit $1
