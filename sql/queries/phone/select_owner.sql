-- The account that confirmed number $1, if any.
select user_id from phone_owner where phone = $1
