select s.user_id, u.username, s.expires_at
from user_session s
join app_user u on u.id = s.user_id
where s.id_hash = $1 and s.expires_at > now() and u.deleted_at is null
