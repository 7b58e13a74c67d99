-- Chat $2 leaves any account other than $1 that holds it (one chat, one account): the account
-- it left, if any.
delete from telegram_link
where chat_id = $2 and user_id <> $1
returning user_id
