-- Serializes promotions: two at once would otherwise both find nothing to clear and the second
-- would hit the one-promoted-auction index.
select pg_advisory_xact_lock(hashtext('auction.promoted'))
