-- Lot images the admin uploads (issue 40; docs/decisions.md, "Lot images"). The server decodes
-- each upload, bounds its size and stores it re-encoded as JPEG, here, so every node serves the
-- same bytes at `/media/<id>-<digest>.jpg`. `digest` (SHA-256 of the stored bytes) makes an
-- upload of the same picture answer the row already there, and the URL change with the content.
create table lot_image (
    id          bigserial primary key,
    digest      text not null unique check (digest ~ '^[0-9a-f]{64}$'),
    bytes       bytea not null,
    width       integer not null check (width > 0),
    height      integer not null check (height > 0),
    uploaded_by bigint references app_user (id),
    uploaded_at timestamptz not null default now()
);
