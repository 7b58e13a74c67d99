update app_user
set first_name = $2, last_name = $3, email = coalesce($4, email),
    phone = case when $8 then $5 else phone end, date_of_birth = $6, gender = $7, updated_at = now()
where id = $1
