-- Whether auction $1 is upcoming or live (it runs on some node, or soon will).
select exists (select 1 from auction where id = $1 and status in ('upcoming', 'live'))
