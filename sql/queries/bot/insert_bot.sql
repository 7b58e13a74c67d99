-- A bot: no email, no balance, no ledger, and a password hash no password matches.
insert into app_user (username, password_hash, first_name, last_name, is_bot, is_active)
values ($1, $2, $3, $4, true, $5)
returning id
