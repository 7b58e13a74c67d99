-- The language user $1 reads messages outside the site in (null: the site's).
update app_user set notice_language = $2 where id = $1
