-- Owner and admin lists that stay instant at a chain's scale (docs/scaling.md): 100,000 shows a
-- year, a million bookings. Measured with `npm run bench -- --scale` (api/README.md).

-- Searching bookings matched the booker's username, the movie's title or the theater's name in
-- three other tables (`b.user_id IN (...) OR b.show_id IN (...)`): an OR of sub-selects that no
-- index can serve, so a search matching six bookings read all million. The three names are kept
-- on the booking itself, one trigram-indexed column: PostgreSQL then sees one condition on
-- bookings with statistics, and picks a trigram index scan for a rare word or the newest-first
-- index for a common one. Usernames, titles and theater names never change once written (no
-- route edits them), so the copy is set once, when the booking is inserted. The names are joined
-- with a unit separator, which a search text cannot usefully contain, so a search never matches
-- across two of them.
ALTER TABLE bookings ADD COLUMN search_text text;

CREATE FUNCTION bookings_set_search_text() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  SELECT u.username || E'\x1f' || m.title || E'\x1f' || t.name
    INTO NEW.search_text
    FROM users u, shows s
    JOIN movies m ON m.id = s.movie_id
    JOIN theaters t ON t.id = s.theater_id
   WHERE u.id = NEW.user_id AND s.id = NEW.show_id;
  RETURN NEW;
END
$$;

CREATE TRIGGER bookings_search_text BEFORE INSERT ON bookings
  FOR EACH ROW EXECUTE FUNCTION bookings_set_search_text();

UPDATE bookings b
   SET search_text = u.username || E'\x1f' || m.title || E'\x1f' || t.name
  FROM users u, shows s, movies m, theaters t
 WHERE u.id = b.user_id AND s.id = b.show_id AND m.id = s.movie_id AND t.id = s.theater_id;

CREATE INDEX bookings_search_trgm_idx ON bookings USING gin (search_text gin_trgm_ops);

-- Newest first, with the show in the index: an owner's page (show_id among the owner's shows)
-- and a deep page are read from the index alone, never from the million rows.
DROP INDEX bookings_created_idx;
CREATE INDEX bookings_created_idx ON bookings (created_at DESC, id DESC) INCLUDE (show_id);

-- Shows in time order with a tie-breaker, and their theater and movie in the index: the admin's
-- newest-first pages, an owner's (theater among theirs) and the customer's soonest-first list
-- walk this index instead of sorting 100,000 shows.
DROP INDEX shows_starts_idx;
CREATE INDEX shows_starts_idx ON shows (starts_at, id) INCLUDE (theater_id, movie_id);

-- An owner's shows by theater from the index alone (the owner's lists start from this set; the
-- planner read all 100,000 shows instead of 36 ranges of 200).
CREATE INDEX shows_theater_idx ON shows (theater_id, id);

-- Movies by title (the list's order).
CREATE INDEX movies_title_idx ON movies (title, id);
