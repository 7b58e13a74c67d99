select count(*) from claim where ($1::text is null or state = $1)
