-- The house rule and the opening countdown (issue 22; docs/decisions.md, "House bidders" and
-- "Opening countdown").
--
-- `house_reserve`: null, the auction has no house bidders (only people bid); N, house bots may bid
-- only while the auction has taken fewer than N bids. The auction actor enforces it on the bid
-- path; `tyiyn check` reports any bot bid that broke it.
alter table auction add column house_reserve integer check (house_reserve >= 0);
-- Seconds from going live to the first deadline (null: the site's default, 10 s).
alter table auction add column opening_secs integer check (opening_secs between 10 and 86400);

-- History stays true: a finished auction where bots bid is marked as one the house could bid on
-- throughout. Upcoming and live auctions start with the published promise, no house bidders,
-- until an operator gives an upcoming one a reserve.
update auction a
set house_reserve = a.total_bids
where a.status = 'finished'
  and exists (select 1 from bid b join app_user u on u.id = b.user_id where b.auction_id = a.id and u.is_bot);
