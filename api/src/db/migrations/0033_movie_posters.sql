-- Movies' posters (docs/decisions/0053-movie-posters.md): an owner's upload, checked and resized
-- into a few widths of WebP (api/src/posters/), kept here so that every API instance serves the
-- same bytes. movies.poster_version names the current one: a hash of its renditions, part of
-- every URL of it, so the bytes at a URL never change and browsers keep them for a year. A new
-- upload writes a new version and removes the old one in the same transaction.
CREATE TABLE movie_posters (
  movie_id bigint NOT NULL REFERENCES movies (id) ON DELETE CASCADE,
  version text NOT NULL CHECK (version ~ '^[0-9a-f]{16}$'),
  width integer NOT NULL CHECK (width BETWEEN 1 AND 4096),
  height integer NOT NULL CHECK (height BETWEEN 1 AND 4096),
  bytes bytea NOT NULL,
  PRIMARY KEY (movie_id, version, width)
);

ALTER TABLE movies ADD COLUMN poster_version text;
