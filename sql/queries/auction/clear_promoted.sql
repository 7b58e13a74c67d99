update auction set promoted = false, updated_at = now()
where promoted and id <> $1
returning id
