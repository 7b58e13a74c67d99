-- Unlinks chat $1 from its account: that account's username, or no row when none held it.
with gone as (
    delete from telegram_link where chat_id = $1 returning user_id
)
select u.username from gone join app_user u on u.id = gone.user_id
