-- User $1's username skeleton (see sql/migrations/0014_username_skeleton.sql); a lookalike of
-- another account's name fails on app_user_username_skeleton_key.
update app_user set username_skeleton = $2 where id = $1
