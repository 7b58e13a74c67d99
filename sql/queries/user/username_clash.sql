-- Whether an account other than $3 has username $1 (true: the same name, case-insensitively) or
-- one that looks like it (false: the same skeleton $2); no row when neither.
select lower(username) = lower($1)
from app_user
where (lower(username) = lower($1) or username_skeleton = $2) and id is distinct from $3
order by 1 desc
limit 1
