-- Open offers within $1 hours of their end and not yet reminded, marked reminded (once); the
-- claim's kind picks the reminder's words (a Buy It Now lapses, a won item passes on).
update claim
set reminded_at = now()
where id in (select id from claim
             where state in ('reserved', 'claimed') and reminded_at is null
               and reserved_until > now()
               and reserved_until - make_interval(hours => $1) <= now()
             order by reserved_until
             limit $2
             for update skip locked)
returning id, user_id, auction_id, title, reserved_until, kind
