-- Owner and admin lists: server-side search and newest-first paging.
--
-- Search is a case-insensitive substring (`col ILIKE '%text%'`), which a b-tree cannot serve;
-- trigram GIN indexes can, so each searched column has one. A search over a joined table's
-- column is written as `fk IN (SELECT id FROM other WHERE col ILIKE ...)`, so it uses the other
-- table's index too.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX theaters_name_trgm_idx ON theaters USING gin (name gin_trgm_ops);
CREATE INDEX theaters_location_trgm_idx ON theaters USING gin (location gin_trgm_ops);
CREATE INDEX movies_title_trgm_idx ON movies USING gin (title gin_trgm_ops);
CREATE INDEX movies_language_trgm_idx ON movies USING gin (language gin_trgm_ops);
CREATE INDEX users_username_trgm_idx ON users USING gin (username gin_trgm_ops);
CREATE INDEX users_email_trgm_idx ON users USING gin (email gin_trgm_ops);

-- The admin's bookings, newest first; an owner's bookings per show, cancelled ones included
-- (bookings_show_live_idx covers live ones only).
CREATE INDEX bookings_created_idx ON bookings (created_at DESC, id DESC);
CREATE INDEX bookings_show_idx ON bookings (show_id);

-- The admin's user and owner lists, newest first.
CREATE INDEX users_role_created_idx ON users (role, created_at DESC, id DESC);
