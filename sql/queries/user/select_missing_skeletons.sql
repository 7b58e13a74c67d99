-- Open accounts (bots too) whose skeleton is not yet filled in, oldest first.
select id, username from app_user where username_skeleton is null and deleted_at is null order by id
