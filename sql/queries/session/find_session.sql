select s.user_id, u.username, s.created_at, s.last_seen_at, u.phone_verified_at is not null
from user_session s
join app_user u on u.id = s.user_id
where s.id_hash = $1 and u.deleted_at is null
