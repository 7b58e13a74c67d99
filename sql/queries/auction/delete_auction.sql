delete from auction where id = $1
