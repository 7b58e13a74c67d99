-- Bot $1 has handled every update before $2. The offset only moves forward for the same bot; a
-- new bot (another token) starts its own.
insert into telegram_poll (bot_id, update_offset)
values ($1, $2)
on conflict (id) do update
set bot_id = excluded.bot_id,
    update_offset = case when telegram_poll.bot_id = excluded.bot_id
                         then greatest(telegram_poll.update_offset, excluded.update_offset)
                         else excluded.update_offset end
