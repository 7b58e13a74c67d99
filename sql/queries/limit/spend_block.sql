-- Why $1 may not spend $2 bids and $3 tyiyn now ('paused', 'limit_reached'), or null.
select spend_block($1, $2, $3)
