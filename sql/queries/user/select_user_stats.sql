-- The profile's statistics of user $1: bids on live auctions, pre-bids waiting, auctions won, the
-- bids spent (each charged bid and pre-bid, from the ledger), what they cost at the lowest price of
-- one bid in the active packages (as the top-up page shows it; null without packages), and the
-- finished auctions taken part in (a bid or a pre-bid), which the win rate divides by.
select
  (select count(*) from bid b join auction a on a.id = b.auction_id
    where b.user_id = $1 and a.status = 'live'),
  (select count(*) from prebid p join auction a on a.id = p.auction_id
    where p.user_id = $1 and a.status = 'upcoming'),
  (select count(*) from auction a where a.winner_id = $1),
  (select count(*) from bid b where b.user_id = $1 and not b.is_prebid and not b.is_bot)
    + (select count(*) from prebid p where p.user_id = $1),
  (select min(k.price / k.bids) from bid_package k where k.active),
  (select count(*) from auction a
    where a.status = 'finished'
      and (exists (select 1 from bid b where b.auction_id = a.id and b.user_id = $1)
           or exists (select 1 from prebid p where p.auction_id = a.id and p.user_id = $1)))
