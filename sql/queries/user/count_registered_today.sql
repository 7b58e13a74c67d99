-- Open accounts created since midnight in Bishkek (Asia/Bishkek, UTC+6 all year).
select count(*)
from app_user
where not is_bot and deleted_at is null
  and created_at >= date_trunc('day', now() at time zone 'Asia/Bishkek') at time zone 'Asia/Bishkek'
