-- One promotion at a time across every node, from its commit until the auction that lost the
-- flag has been told (held for the caller's transaction; `lock_promotion` is the store's own).
select pg_advisory_xact_lock(hashtext('auction.promotion_turn'))
