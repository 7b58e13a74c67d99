select exists (select 1 from auction where id = $1)
