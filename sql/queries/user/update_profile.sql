-- A profile's fields; the phone only when $8 asks and the account has no confirmed number (a
-- confirmed number is the account's and changes only through a confirmation).
update app_user
set first_name = $2, last_name = $3, email = coalesce($4, email),
    phone = case when $8 and not exists (select 1 from phone_owner po where po.user_id = $1) then $5 else phone end,
    date_of_birth = $6, gender = $7, updated_at = now()
where id = $1
