-- Stores an upload, or finds the same picture stored before (by its digest): its id either way.
with ins as (
    insert into lot_image (digest, bytes, width, height, uploaded_by)
    values ($1, $2, $3, $4, $5)
    on conflict (digest) do nothing
    returning id
)
select id from ins
union all
select id from lot_image where digest = $1
limit 1
