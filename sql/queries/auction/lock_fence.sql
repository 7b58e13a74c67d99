-- The fence auction $1's row was last taken under, locking the row until the transaction ends
-- (docs/rules/cluster.md, "Leases and fences").
select lease_fence from auction where id = $1 for update
