insert into app_user (username, email, password_hash, first_name, last_name, phone, date_of_birth,
                      gender, bid_balance, ip_address)
values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
returning id
