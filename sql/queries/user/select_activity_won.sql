select a.id, a.title, a.current_price, a.end_time
from auction a
where a.winner_id = $1 and a.status = 'finished'
order by a.end_time desc, a.id desc
limit $2
