-- Links user $1 to chat $2 from now, replacing the user's earlier chat (run after release_chat);
-- the user's username.
with linked as (
    insert into telegram_link (user_id, chat_id)
    values ($1, $2)
    on conflict (user_id) do update set chat_id = excluded.chat_id, linked_at = now()
)
select username from app_user where id = $1
