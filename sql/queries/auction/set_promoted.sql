update auction set promoted = $2, updated_at = now() where id = $1
