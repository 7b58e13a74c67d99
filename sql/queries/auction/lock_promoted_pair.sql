-- Locks auction $1 and the promoted one (if another) in id order, as the group commit locks the
-- auctions it writes: a promotion and a commit of the same two auctions wait for each other
-- instead of deadlocking.
select id from auction where id = $1 or promoted order by id for update
