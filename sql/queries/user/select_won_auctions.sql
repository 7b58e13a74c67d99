select a.id, a.title, a.image_url, a.display_id, a.end_time, a.current_price
from auction a
where a.winner_id = $1 and a.status = 'finished'
order by a.end_time desc
limit 100
