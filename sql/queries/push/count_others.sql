-- How many devices the account has besides the one at this endpoint.
select count(*) from push_device where user_id = $1 and endpoint <> $2
