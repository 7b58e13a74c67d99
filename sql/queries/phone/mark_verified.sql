-- Account $1 confirmed number $2, which becomes its contact number too.
update app_user set phone_verified_at = now(), phone = $2, updated_at = now() where id = $1
