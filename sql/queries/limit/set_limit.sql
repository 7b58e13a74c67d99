select set_limit($1, $2, $3)
