-- The title and display id of each of the given auctions: their pages' slugs, which a push notice
-- opens when tapped.
select id, title, display_id from auction where id = any($1)
