-- Every user's wins (bots' are not users' wins), for beginner and win-limited auctions.
select a.winner_id, a.end_time, a.title
from auction a
join app_user u on u.id = a.winner_id and not u.is_bot
where a.status = 'finished' and a.winner_id is not null
