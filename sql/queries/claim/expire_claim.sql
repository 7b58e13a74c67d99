-- A passed offer with nobody left to pass it to ends as `expired`.
update claim set state = 'expired' where id = $1 and state = 'passed'
