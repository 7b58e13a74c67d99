-- How each of the given open, human accounts can be reached outside the site, and what they
-- chose: the e-mail (null: none), the confirmed phone, the linked Telegram chat, the devices
-- added for push (their ids, oldest first), the language they read messages in (null: the
-- site's), and their choices (notice_pref) as three arrays of one length: kind, channel, on.
select u.id,
       nullif(u.email, '') as email,
       po.phone,
       tl.chat_id,
       coalesce((select array_agg(d.id order by d.id) from push_device d where d.user_id = u.id), '{}')
           as devices,
       u.notice_language,
       coalesce(array_agg(p.kind order by p.kind, p.channel) filter (where p.kind is not null), '{}') as kinds,
       coalesce(array_agg(p.channel order by p.kind, p.channel) filter (where p.kind is not null), '{}') as channels,
       coalesce(array_agg(p.enabled order by p.kind, p.channel) filter (where p.kind is not null), '{}') as enabled
from app_user u
left join phone_owner po on po.user_id = u.id
left join telegram_link tl on tl.user_id = u.id
left join notice_pref p on p.user_id = u.id
where u.id = any($1) and not u.is_bot and u.deleted_at is null
group by u.id, po.phone, tl.chat_id
