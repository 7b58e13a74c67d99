-- An image's bytes by id, only under its own digest's prefix (a URL names both).
select bytes from lot_image where id = $1 and left(digest, 16) = $2
