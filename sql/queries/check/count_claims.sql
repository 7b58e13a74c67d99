select count(*) from claim
