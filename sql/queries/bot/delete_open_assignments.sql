-- A closed bot leaves every live and upcoming auction; finished auctions keep their history.
delete from bot_assignment ba
using auction a
where a.id = ba.auction_id and ba.bot_id = $1 and a.status <> 'finished'
returning ba.auction_id
