select w.id, w.username, w.first_name, w.last_name, w.role, w.is_bot
from auction a
join app_user w on w.id = a.winner_id
where a.id = $1
