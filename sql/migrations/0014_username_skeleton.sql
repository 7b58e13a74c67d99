-- Usernames that look alike (issue 21; docs/decisions.md, "Accounts"): each open account's
-- username also kept as its confusable skeleton (Unicode TS #39: `skeleton(lowercase(name))`,
-- computed by the server, `domain::username_skeleton`), unique, so that `acc_аdmin` (a Cyrillic а)
-- cannot sit beside `acc_admin` even when both are registered at the same instant. Null for closed
-- accounts, and until the server fills it in for accounts that existed before (at start-up, in id
-- order: of two older lookalikes, the first keeps the skeleton).
alter table app_user add column username_skeleton text;
create unique index app_user_username_skeleton_key on app_user (username_skeleton);
