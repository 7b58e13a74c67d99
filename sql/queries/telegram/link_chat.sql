-- Links user $1 to chat $2 from now, replacing the user's earlier chat (run after release_chat),
-- and forgets the user's Telegram choices, so that every kind of notice comes to the new chat
-- (docs/rules/notifications.md, "Where notices go"); the user's username.
with linked as (
    insert into telegram_link (user_id, chat_id)
    values ($1, $2)
    on conflict (user_id) do update set chat_id = excluded.chat_id, linked_at = now()
), every_kind as (
    delete from notice_pref where user_id = $1 and channel = 'telegram'
)
select username from app_user where id = $1
